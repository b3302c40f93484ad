import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ApiContext } from '../../shared/http/middleware/types';
import type { PictureHandler, PictureServices } from '../../shared/runtime/pictureKit';
import { routeList, routes, type RouteEntry, type RouteId } from '../../shared/routes/table';
import type { RouteDefinition, RouteInput } from '../../shared/routes/types';
import { imageHandlers } from '../../shared/imageRoutes/registry';
import { SAMPLE_PICTURE } from './samplePicture';
import { lazyLoad } from '../../shared/loading/lazyLoad';

/** The image routes' handlers, by route id, as the gallery calls them (any route's input). */
const drawers: Partial<Record<RouteId, PictureHandler<RouteDefinition>>> = imageHandlers;

export interface GalleryItem {
  route: RouteEntry;
  /** The route's answer to its own example, as a data: URI an <img> shows. */
  image: string;
}

/** The only service an image handler uses: every picture URL is the sample picture. */
const galleryServices: PictureServices = { images: { load: async () => SAMPLE_PICTURE } };

/**
 * An image route's own handler, ready to draw the route's example (parsed once) with the sample
 * picture standing in for fetched ones; each call draws it again (the benchmarks time it).
 * `overrides`: query parameters over the example's (tests draw it at other sizes).
 */
export function exampleDrawer(
  route: RouteEntry,
  overrides: Record<string, string> = {},
): () => Promise<APIGatewayProxyResult> {
  const handler = drawers[route.id];
  if (!handler) throw new Error(`no handler for image route ${route.id}`);
  const query = (routes[route.id].schemas as { query?: { parse(input: unknown): unknown } }).query?.parse({
    ...route.example.query,
    ...overrides,
  });
  const input = {
    path: undefined,
    query,
    body: undefined,
    raw: { body: '', headers: {}, basePath: '' },
  } as RouteInput<RouteDefinition>;
  return () => handler(input, {} as ApiContext, galleryServices);
}

/**
 * Every image route drawn by its own handler from the example in the route table, with the
 * sample picture standing in for fetched ones. Deterministic, so drawn once per instance.
 */
export async function renderGallery(): Promise<GalleryItem[]> {
  return Promise.all(
    routeList
      .filter((route) => route.response === 'svg')
      .map(async (route) => {
        const answer = await exampleDrawer(route)();
        return { route, image: `data:image/svg+xml;base64,${Buffer.from(answer.body).toString('base64')}` };
      }),
  );
}

/** Drawn once per process; a failed drawing is not kept, the next request tries again. */
export const gallery = lazyLoad(renderGallery);
