import type { filterRoutes } from '../../shared/routes/groups/filters';
import type { GroupHandlers } from '../../shared/runtime/groupHandler';
import type { PictureServices } from '../../shared/runtime/pictureKit';
import * as effects from '../../shared/svg/filters';
import { filterRoute } from './filterRoute';

/**
 * Every filter route, one line each: the picture's title and the effect its query asks for. Apart
 * from the entry point (index.ts), so the docs gallery draws with them without the group's services.
 */
export const handlers: GroupHandlers<typeof filterRoutes, PictureServices> = {
  contrast: filterRoute('Contrast', (query) => effects.contrast(query.amount)),
  hueRotate: filterRoute('Hue rotation', (query) => effects.hueRotate(query.degrees)),
  pixelate: filterRoute('Pixelated', (query) => effects.pixelate(query.size)),
  saturate: filterRoute('Saturation', (query) => effects.saturate(query.amount)),
};
