import { docsRoutes } from '../../shared/routes/groups/docs';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { NO_SERVICES } from '../../shared/runtime/groupKit';
import { docsPage } from './docsPage';
import { openApi } from './openApi';

export const handlers = { docsPage, openApi };
export const kit = NO_SERVICES;
export const handler = groupHandler(docsRoutes, handlers, kit);
