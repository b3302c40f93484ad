import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderGay } from '../../shared/scenes/gay';

export const gay: PictureHandler<Routes['gay']> = async ({ query }, context, { images }) =>
  svgResponse(
    renderGay({
      ...(await sizedPicture(query, images, { format: context.outputFormat, fills: true })),
      opacity: query.opacity,
    }),
  );
