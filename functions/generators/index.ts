import { groupHandler } from '../../shared/http/stack';
import { changeMyMind } from './changeMyMind';
import { deleteDialog } from './deleteDialog';
import { distracted } from './distracted';
import { trash } from './trash';

export const handler = groupHandler('generators', { changeMyMind, deleteDialog, distracted, trash });
