import { svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { InlineImage } from '../../shared/images/imageFetcher';
import type { RouteDefinition, RouteInput } from '../../shared/routes/types';
import { h, svgDocument } from '../../shared/svg/builder';
import type { Filter } from '../../shared/svg/filters';
import { picture } from '../../shared/svg/picture';

interface PictureQuery {
  image: string;
  width: number;
  height: number;
}

/**
 * The picture at the requested size with one filter applied. A filter with a grid gets a picture
 * box rounded up to whole cells; the document's own size crops the overhang.
 */
export function renderFiltered(image: InlineImage, size: { width: number; height: number }, effect: Filter, title: string): string {
  const grid = effect.grid ?? 1;
  const box = { x: 0, y: 0, width: Math.ceil(size.width / grid) * grid, height: Math.ceil(size.height / grid) * grid };
  return svgDocument(size, h('title', {}, title), h('defs', {}, effect.element('effect', box)), picture(image, box, { filter: 'url(#effect)' }));
}

/** A filter route's handler: fetch the picture, apply the effect the query asks for. */
export function filterRoute<R extends RouteDefinition>(title: string, effectOf: (query: RouteInput<R>['query']) => Filter): RouteHandler<R> {
  return async ({ query }, _context, { images }) => {
    const { image, width, height } = query as PictureQuery;
    return svgResponse(renderFiltered(await images.load(image, 'image'), { width, height }, effectOf(query), title));
  };
}
