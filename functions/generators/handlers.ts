import { changeMyMind } from './changeMyMind';
import { deleteDialog } from './deleteDialog';
import { distracted } from './distracted';
import { trash } from './trash';

/**
 * The group's route handlers, apart from its entry point (index.ts):
 * the docs gallery draws with them without the group's services.
 */
export const handlers = { changeMyMind, deleteDialog, distracted, trash };
