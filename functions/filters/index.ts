import { groupHandler, type GroupHandlers } from '../../shared/http/stack';
import * as effects from '../../shared/svg/filters';
import { filterRoute } from './filterRoute';

/** Every filter route, one line each: the picture's title and the effect its query asks for. */
export const handlers: GroupHandlers<'filters'> = {
  contrast: filterRoute('Contrast', (query) => effects.contrast(query.amount)),
  hueRotate: filterRoute('Hue rotation', (query) => effects.hueRotate(query.degrees)),
  pixelate: filterRoute('Pixelated', (query) => effects.pixelate(query.size)),
  saturate: filterRoute('Saturation', (query) => effects.saturate(query.amount)),
};
export const handler = groupHandler('filters', handlers);
