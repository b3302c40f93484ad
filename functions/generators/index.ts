import { generatorRoutes } from '../../shared/routes/groups/generators';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { handlers } from '../../shared/imageRoutes/generators/handlers';

export { handlers };
export const kit = pictureKit;
export const handler = groupHandler(generatorRoutes, handlers, kit);
