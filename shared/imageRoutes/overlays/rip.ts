import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import { sizedPicture } from '../../images/sizedPicture';
import type { Routes } from '../../routes/table';
import { renderRip } from '../../scenes/rip';

export const rip: PictureHandler<Routes['rip']> = async ({ query }, context, { images }) =>
  svgResponse(
    renderRip({
      ...(await sizedPicture(query, images, { format: context.outputFormat, fills: false })),
      text: query.text,
    }),
  );
