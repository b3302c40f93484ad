import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import { sizedPicture } from '../../images/sizedPicture';
import type { Routes } from '../../routes/table';
import { renderGay } from '../../scenes/gay';

export const gay: PictureHandler<Routes['gay']> = async ({ query }, context, { images }) =>
  svgResponse(
    renderGay({
      ...(await sizedPicture(query, images, { format: context.outputFormat, fills: true })),
      opacity: query.opacity,
    }),
  );
