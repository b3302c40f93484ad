import { filterRoutes } from '../../shared/routes/groups/filters';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { handlers } from '../../shared/imageRoutes/filters/handlers';

export { handlers };
export const kit = pictureKit;
export const handler = groupHandler(filterRoutes, handlers, kit);
