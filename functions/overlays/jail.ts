import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderJail } from '../../shared/scenes/jail';

export const jail: PictureHandler<Routes['jail']> = async ({ query }, context, { images }) =>
  svgResponse(renderJail(await sizedPicture(query, images, { format: context.outputFormat, fills: true })));
