import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import type { Routes } from '../../shared/routes/table';
import { renderChangeMyMind } from '../../shared/scenes/changeMyMind';

export const changeMyMind: PictureHandler<Routes['changeMyMind']> = async ({ query }) =>
  svgResponse(renderChangeMyMind(query.text));
