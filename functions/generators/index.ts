import { groupHandler } from '../../shared/http/stack';
import { changeMyMind } from './changeMyMind';

export const handler = groupHandler('generators', { changeMyMind });
