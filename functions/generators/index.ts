import { groupHandler } from '../../shared/http/stack';
import { changeMyMind } from './changeMyMind';
import { deleteDialog } from './deleteDialog';
import { distracted } from './distracted';
import { trash } from './trash';

export const handlers = { changeMyMind, deleteDialog, distracted, trash };
export const handler = groupHandler('generators', handlers);
