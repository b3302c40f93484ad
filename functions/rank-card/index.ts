import { groupHandler } from '../../shared/http/stack';
import { rankCard } from './rankCard';

export const handlers = { rankCard };
export const handler = groupHandler('rank-card', handlers);
