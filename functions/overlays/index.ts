import { groupHandler } from '../../shared/http/stack';
import { jail } from './jail';

export const handler = groupHandler('overlays', { jail });
