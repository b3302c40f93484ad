import { tableSchema } from '../schema';
import { partitionKey, recordKinds } from '../recordKinds';

/**
 * Where bot records live in the single table. Profile: pk BOT#<id>, sk PROFILE; public profiles
 * also carry the listing keys of gsi1 (by name) and gsi2 (by guild count, descending), so private
 * bots are absent from both indexes, as are bots whose owner has not proven control of them
 * (unverified). Every profile is listed under its owner's account on
 * gsi3. Commands: sk COMMANDS, stamped with the profile's generation.
 * Hourly stats: sk STATS#<generation>#<hour>, TTL: a bot registered anew never reads the points
 * of an earlier life, even one written by a heartbeat that raced the delete.
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
