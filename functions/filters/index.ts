import { groupHandler, type GroupHandlers } from '../../shared/http/stack';
import { contrast, hueRotate, pixelate, saturate } from '../../shared/svg/filters';
import { filterRoute } from './filterRoute';

/** Every filter route: the picture's title and the effect its query asks for. */
export const handlers: GroupHandlers<'filters'> = {
  contrast: filterRoute('Contrast', (query) => contrast(query.amount)),
  hueRotate: filterRoute('Hue rotation', (query) => hueRotate(query.degrees)),
  pixelate: filterRoute('Pixelated', (query) => pixelate(query.size)),
  saturate: filterRoute('Saturation', (query) => saturate(query.amount)),
};
export const handler = groupHandler('filters', handlers);
