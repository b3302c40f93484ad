import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import { sizedPicture } from '../../images/sizedPicture';
import type { Routes } from '../../routes/table';
import { renderDeleteDialog } from '../../scenes/deleteDialog';

export const deleteDialog: PictureHandler<Routes['deleteDialog']> = async ({ query }, context, { images }) =>
  svgResponse(renderDeleteDialog(await sizedPicture(query, images, { format: context.outputFormat, fills: false })));
