import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import type { Routes } from '../../routes/table';
import { renderChangeMyMind } from '../../scenes/changeMyMind';

export const changeMyMind: PictureHandler<Routes['changeMyMind']> = async ({ query }) =>
  svgResponse(renderChangeMyMind(query.text));
