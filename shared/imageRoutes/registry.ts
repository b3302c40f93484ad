import type { filterRoutes } from '../routes/groups/filters';
import type { generatorRoutes } from '../routes/groups/generators';
import type { overlayRoutes } from '../routes/groups/overlays';
import type { rankCardRoutes } from '../routes/groups/rankCard';
import type { PictureHandler } from '../runtime/pictureKit';
import { handlers as filters } from './filters/handlers';
import { handlers as generators } from './generators/handlers';
import { handlers as overlays } from './overlays/handlers';
import { handlers as rankCard } from './rankCard/handlers';

/** The image groups' routes: each answers a drawing (SVG, or PNG when asked). */
type ImageRoutes = typeof filterRoutes & typeof generatorRoutes & typeof overlayRoutes & typeof rankCardRoutes;

/**
 * Every image route's handler, by route id: the image groups (functions/<group>/index.ts) serve
 * their part of it, and the docs gallery and the benchmarks draw each route's example with it,
 * without depending on the groups' functions. A route of those groups left out does not compile.
 */
export const imageHandlers: { [K in keyof ImageRoutes]: PictureHandler<ImageRoutes[K]> } = {
  ...filters,
  ...generators,
  ...overlays,
  ...rankCard,
};
