import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderRip } from '../../shared/scenes/rip';

export const rip: PictureHandler<Routes['rip']> = async ({ query }, context, { images }) =>
  svgResponse(
    renderRip({
      ...(await sizedPicture(query, images, { format: context.outputFormat, fills: false })),
      text: query.text,
    }),
  );
