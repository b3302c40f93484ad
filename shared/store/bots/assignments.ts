import type { BotStats } from './types';

/** `SET <path>.#f = :f` for each stat given: a heartbeat updates the stats it carries, no others. */
export function statAssignments(stats: BotStats, path: string) {
  const entries = Object.entries(stats).filter(([, value]) => value !== undefined);
  return {
    set: entries.map(([name]) => `${path}#${name} = :${name}`),
    names: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
    values: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
  };
}
