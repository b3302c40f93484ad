import { rankCardRoutes } from '../../shared/routes/groups/rankCard';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { handlers } from '../../shared/imageRoutes/rankCard/handlers';

export { handlers };
export const kit = pictureKit;
export const handler = groupHandler(rankCardRoutes, handlers, kit);
