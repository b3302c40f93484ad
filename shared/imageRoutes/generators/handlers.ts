import { changeMyMind } from './changeMyMind';
import { deleteDialog } from './deleteDialog';
import { distracted } from './distracted';
import { trash } from './trash';

/** The group's route handlers: its function serves them, the docs gallery draws with them (registry.ts). */
export const handlers = { changeMyMind, deleteDialog, distracted, trash };
