import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderDeleteDialog } from '../../shared/scenes/deleteDialog';

export const deleteDialog: PictureHandler<Routes['deleteDialog']> = async ({ query }, context, { images }) =>
  svgResponse(renderDeleteDialog(await sizedPicture(query, images, { format: context.outputFormat, fills: false })));
