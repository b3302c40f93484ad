import { groupHandler } from '../../shared/http/stack';
import { gay } from './gay';
import { jail } from './jail';
import { rip } from './rip';

export const handler = groupHandler('overlays', { gay, jail, rip });
