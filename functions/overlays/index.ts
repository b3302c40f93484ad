import { overlayRoutes } from '../../shared/routes/groups/overlays';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { handlers } from '../../shared/imageRoutes/overlays/handlers';

export { handlers };
export const kit = pictureKit;
export const handler = groupHandler(overlayRoutes, handlers, kit);
