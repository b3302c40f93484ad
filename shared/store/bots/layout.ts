import { tableSchema } from '../schema';
import { partitionKey, recordKinds } from '../recordKinds';

/**
 * Where bot records live in the single table ("Data model" in docs/design.md): the profile, in the
 * public listings (gsi1, gsi2) only when public and verified and always under its owner (gsi3); its
 * commands; hourly stats keyed by generation, so a bot registered anew never reads an earlier
 * life's points.
 */
export const PROFILE = 'PROFILE';
export const COMMANDS = 'COMMANDS';
export const LISTING = recordKinds.bot.listing;
export const HISTORY_HOURS = 24;
const MAX_GUILDS = 1e15;

export const botKey = (clientId: string) => partitionKey('bot', clientId);
/**
 * The place in the listing by name (gsi1): the lower-case name's UTF-8 bytes in hex, then `#` and
 * the client id. Every hex digit sorts above `#`, so a name sorts before every longer name it
 * begins, whatever characters it holds (nameKeyMigration.ts rewrites older keys).
 */
export const nameKey = (name: string, clientId: string) =>
  `${Buffer.from(name.toLowerCase(), 'utf8').toString('hex')}#${clientId}`;
/** The layout nameKey writes: listing cursors carry it, so one from the earlier layout is refused, not misplaced. */
export const NAME_KEY_VERSION = 2;
/** Inverted and zero-padded, so ascending index order is descending guild count. */
export const guildKey = (guilds: number, clientId: string) =>
  `${String(MAX_GUILDS - Math.min(guilds, MAX_GUILDS)).padStart(16, '0')}#${clientId}`;
export const hourOf = (time: Date | number) => `${new Date(time).toISOString().slice(0, 13)}:00:00.000Z`;
export const statsKey = (generation: string, hour: string) => `STATS#${generation}#${hour}`;
export const indexOf = (sort: 'name' | 'guilds') => (sort === 'name' ? tableSchema.gsi1 : tableSchema.gsi2);
