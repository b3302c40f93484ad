import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { changeMyMind } from './changeMyMind';
import { deleteDialog } from './deleteDialog';
import { distracted } from './distracted';
import { trash } from './trash';

export const handlers = { changeMyMind, deleteDialog, distracted, trash };
export const kit = pictureKit;
export const handler = groupHandler('generators', handlers, kit);
