import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import { sizedPicture } from '../../images/sizedPicture';
import type { Routes } from '../../routes/table';
import { renderTrash } from '../../scenes/trash';

export const trash: PictureHandler<Routes['trash']> = async ({ query }, context, { images }) =>
  svgResponse(renderTrash(await sizedPicture(query, images, { format: context.outputFormat, fills: false })));
