import { groupHandler, type GroupHandlers } from '../../shared/runtime/groupHandler';
import { pictureKit, type PictureServices } from '../../shared/runtime/pictureKit';
import * as effects from '../../shared/svg/filters';
import { filterRoute } from './filterRoute';

/** Every filter route, one line each: the picture's title and the effect its query asks for. */
export const handlers: GroupHandlers<'filters', PictureServices> = {
  contrast: filterRoute('Contrast', (query) => effects.contrast(query.amount)),
  hueRotate: filterRoute('Hue rotation', (query) => effects.hueRotate(query.degrees)),
  pixelate: filterRoute('Pixelated', (query) => effects.pixelate(query.size)),
  saturate: filterRoute('Saturation', (query) => effects.saturate(query.amount)),
};
export const kit = pictureKit;
export const handler = groupHandler('filters', handlers, kit);
