import type { APIGatewayProxyResult } from 'aws-lambda';
import { svgResponse } from '../../shared/http/responses';
import type { PictureServices } from '../../shared/runtime/pictureKit';
import { sizedPicture, type PictureQuery } from '../../shared/images/sizedPicture';
import { renderFiltered } from '../../shared/scenes/filtered';
import type { Filter } from '../../shared/svg/filters';

/** A filter route's handler: fetch the picture, apply the effect the query asks for. */
export const filterRoute =
  <Q extends PictureQuery>(title: string, effectOf: (query: Q) => Filter) =>
  async ({ query }: { query: Q }, _context: unknown, { images }: PictureServices): Promise<APIGatewayProxyResult> =>
    svgResponse(renderFiltered(await sizedPicture(query, images), effectOf(query), title));
