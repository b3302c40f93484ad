import { groupHandler } from '../../shared/http/stack';
import { docsPage } from './docsPage';
import { openApi } from './openApi';

export const handlers = { docsPage, openApi };
export const handler = groupHandler('docs', handlers);
