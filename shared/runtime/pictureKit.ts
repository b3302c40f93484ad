import { imageOutput } from './imageOutput';
import { imageFetcherFromEnv, type ImageFetcher } from '../images/imageFetcher';
import { logger } from '../logging/logger';
import type { RouteDefinition } from '../routes/types';
import type { GroupKit, RouteHandler } from './groupKit';

/** What a drawing handler gets: where pictures come from (the guarded fetcher; the gallery's sample picture). */
export interface PictureServices {
  images: ImageFetcher;
}

export type PictureHandler<R extends RouteDefinition> = RouteHandler<R, PictureServices>;

/** The image groups: they fetch pictures and answer SVG, or PNG when asked. */
export const pictureKit: GroupKit<PictureServices> = {
  services: () => ({ images: imageFetcherFromEnv((entry) => logger.warn('picture refused', { ...entry })) }),
  output: () => [imageOutput()],
};
