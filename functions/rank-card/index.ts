import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { rankCard } from './rankCard';

export const handlers = { rankCard };
export const kit = pictureKit;
export const handler = groupHandler('rank-card', handlers, kit);
