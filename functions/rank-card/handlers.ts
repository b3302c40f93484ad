import { rankCard } from './rankCard';

/**
 * The group's route handlers, apart from its entry point (index.ts):
 * the docs gallery draws with them without the group's services.
 */
export const handlers = { rankCard };
