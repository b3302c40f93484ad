import { gay } from './gay';
import { jail } from './jail';
import { rip } from './rip';

/** The group's route handlers: its function serves them, the docs gallery draws with them (registry.ts). */
export const handlers = { gay, jail, rip };
