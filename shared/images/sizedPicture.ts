import type { ImageFetcher, InlineImage } from './imageFetcher';
import type { ImageFormat } from './imageFormats';
import { fitFor } from './pictureFit';

/** A fetched picture and the size to draw it at. */
export interface SizedPicture {
  image: InlineImage;
  width: number;
  height: number;
}

/** What a picture route asks for: the picture's URL and the size to draw it at. */
export interface PictureQuery {
  image: string;
  width: number;
  height: number;
}

/**
 * What a picture route's scene draws, built field by field: a spread query would carry every
 * other parameter (the picture's URL, with any signature it holds) into the scene's attributes.
 */
export async function sizedPicture(
  query: PictureQuery,
  images: ImageFetcher,
  output: { format: ImageFormat | undefined; fills: boolean },
): Promise<SizedPicture> {
  const size = { width: query.width, height: query.height };
  // A picture that fills the output is drawn at exactly its size; one inside a scene, smaller.
  return { image: await images.load(query.image, 'image', fitFor(size, output.format, output.fills)), ...size };
}
