import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { gay } from './gay';
import { jail } from './jail';
import { rip } from './rip';

export const handlers = { gay, jail, rip };
export const kit = pictureKit;
export const handler = groupHandler('overlays', handlers, kit);
