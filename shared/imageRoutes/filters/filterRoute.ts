import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ApiContext } from '../../http/middleware/types';
import { svgResponse } from '../../http/responses';
import type { PictureServices } from '../../runtime/pictureKit';
import { sizedPicture, type PictureQuery } from '../../images/sizedPicture';
import type { FilterEffect } from '../../routes/groups/filters';
import { renderFiltered } from '../../scenes/filtered';
import type { Filter } from '../../svg/filters';

/** A filter route's handler: fetch the picture, apply the effect with the strength the query gives. */
export const filterRoute =
  ({ title, strength }: FilterEffect, effect: (strength: number) => Filter) =>
  async (
    { query }: { query: PictureQuery & Record<string, unknown> },
    context: ApiContext,
    { images }: PictureServices,
  ): Promise<APIGatewayProxyResult> =>
    svgResponse(
      renderFiltered(
        await sizedPicture(query, images, { format: context.outputFormat, fills: true }),
        effect(query[strength] as number),
        title,
      ),
    );
