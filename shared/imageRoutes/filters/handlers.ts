import { filterRoutes } from '../../routes/groups/filters';
import type { GroupHandlers } from '../../runtime/groupHandler';
import type { PictureServices } from '../../runtime/pictureKit';
import * as effects from '../../svg/filters';
import { colourMatrixEffects, type Filter } from '../../svg/filters';
import { filterRoute } from './filterRoute';

type FilterRoutes = typeof filterRoutes;

/** Each filter route's effect is the one of its name: a route without an effect does not compile. */
const effectOf: { [K in keyof FilterRoutes]: (strength: number) => Filter } = { ...effects, ...colourMatrixEffects };

/**
 * Every filter route, from the table: its effect, drawn with the title and strength its entry
 * names. Its function serves them, the docs gallery draws with them (registry.ts).
 */
export const handlers: GroupHandlers<FilterRoutes, PictureServices> = Object.fromEntries(
  Object.entries(filterRoutes).map(([name, route]) => [
    name,
    filterRoute(route.effect, effectOf[name as keyof FilterRoutes]),
  ]),
) as Record<keyof FilterRoutes, ReturnType<typeof filterRoute>>;
