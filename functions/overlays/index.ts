import { groupHandler } from '../../shared/http/stack';
import { gay } from './gay';
import { jail } from './jail';
import { rip } from './rip';

export const handlers = { gay, jail, rip };
export const handler = groupHandler('overlays', handlers);
