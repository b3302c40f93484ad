import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import { sizedPicture } from '../../images/sizedPicture';
import type { Routes } from '../../routes/table';
import { renderJail } from '../../scenes/jail';

export const jail: PictureHandler<Routes['jail']> = async ({ query }, context, { images }) =>
  svgResponse(renderJail(await sizedPicture(query, images, { format: context.outputFormat, fills: true })));
