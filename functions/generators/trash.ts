import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderTrash } from '../../shared/scenes/trash';

export const trash: PictureHandler<Routes['trash']> = async ({ query }, context, { images }) =>
  svgResponse(renderTrash(await sizedPicture(query, images, { format: context.outputFormat, fills: false })));
