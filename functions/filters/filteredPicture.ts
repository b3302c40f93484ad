import { svgResponse } from '../../shared/http/responses';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { PictureServices } from '../../shared/runtime/pictureKit';
import { sizedPicture, type PictureQuery, type SizedPicture } from '../../shared/images/sizedPicture';
import { h, svgDocument } from '../../shared/svg/builder';
import type { Filter } from '../../shared/svg/filters';
import { picture } from '../../shared/svg/picture';

/** The picture at the requested size with one filter applied. */
export function renderFiltered({ image, width, height }: SizedPicture, effect: Filter, title: string): string {
  const box = { x: 0, y: 0, width, height };
  return svgDocument({ width, height }, h('title', {}, title), h('defs', {}, effect.element('effect', box)), picture(image, box, { filter: 'url(#effect)' }));
}

/** A filter route's handler: fetch the picture, apply the effect the query asks for. */
export const filterRoute =
  <Q extends PictureQuery>(title: string, effectOf: (query: Q) => Filter) =>
  async ({ query }: { query: Q }, _context: unknown, { images }: PictureServices): Promise<APIGatewayProxyResult> =>
    svgResponse(renderFiltered(await sizedPicture(query, images), effectOf(query), title));
