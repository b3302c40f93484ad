import { rankCard } from './rankCard';

/** The group's route handlers: its function serves them, the docs gallery draws with them (registry.ts). */
export const handlers = { rankCard };
