import * as z from 'zod/mini';
import { botFieldNames, byField } from '../../bots/fields';

/**
 * The bot records as the rest of the code sees them (the store's own key layout stays inside).
 * Rows are read through these schemas, which drop the table's own attributes.
 */
const botFields = z.object({
  name: z.string(),
  ...byField(botFieldNames, () => z.optional(z.string())),
  public: z.boolean(),
  tags: z.array(z.string()),
});
export type BotFields = z.output<typeof botFields>;

const botStats = {
  guilds: z.optional(z.number()),
  users: z.optional(z.number()),
  channels: z.optional(z.number()),
  shards: z.optional(z.number()),
  ping: z.optional(z.number()),
  uptime: z.optional(z.number()),
  memory: z.optional(z.number()),
  commandsRun: z.optional(z.number()),
};
export type BotStats = z.output<z.ZodMiniObject<typeof botStats>>;

/** A command as stored and as shown (the answers' schema is this one): strict, as the registration body was. */
export const botCommand = z.strictObject({
  name: z.string(),
  description: z.string(),
  category: z.optional(z.string()),
  usage: z.optional(z.string()),
  options: z.optional(
    z.array(
      z.strictObject({
        name: z.string(),
        description: z.optional(z.string()),
        type: z.optional(z.string()),
        required: z.optional(z.boolean()),
      }),
    ),
  ),
});
export type BotCommand = z.output<typeof botCommand>;

export const botProfile = z.extend(botFields, {
  clientId: z.string(),
  /** The account (a key's owner) the bot belongs to. */
  ownerAccount: z.string(),
  /** Changes when a bot is registered anew (after a delete), so records of an earlier life are ignored. */
  generation: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSeen: z.optional(z.string()),
  /** When its owner proved control of the Discord application (only verified bots are listed publicly). */
  verifiedAt: z.optional(z.string()),
  /** Latest value of each stat; each heartbeat updates the stats it carries. */
  stats: z.optional(z.object({ ...botStats, updatedAt: z.optional(z.string()) })),
  /** The shard count a sharded bot last declared; absent for a bot that posts without shards. */
  shardCount: z.optional(z.number()),
  /** Each shard's latest figures by shard id (only ids below shardCount are kept). */
  shardStats: z.optional(
    z.record(z.string(), z.object({ guilds: z.optional(z.number()), users: z.optional(z.number()), seen: z.number() })),
  ),
});
export type BotProfile = z.output<typeof botProfile>;

/** One hour of heartbeats: the last value of each stat sent in that hour and how many heartbeats came. */
export const statsPoint = z.object({ ...botStats, hour: z.string(), beats: z.number() });
export type StatsPoint = z.output<typeof statsPoint>;

export const commandList = z.object({ commands: z.array(botCommand), updatedAt: z.string() });
export type CommandList = z.output<typeof commandList>;

/** What Discord says of the application a bot token belongs to. */
export interface ApplicationProof {
  name: string;
  description?: string;
}

export type Refusal = 'notFound' | 'forbidden';

/** Which shard a heartbeat comes from, and how recent a shard must be to count in the totals. */
export interface ShardReport {
  shardId: number;
  shardCount: number;
  /** The online window: shards not heard from within it are left out of the totals. */
  windowSeconds: number;
}
export type BotSort = 'name' | 'guilds';
export type ListingKey = Record<string, string>;

export interface BotStore {
  /**
   * Creates (the account whose key registers it first owns the bot) or
   * replaces the profile; `forbidden` when another account owns it.
   */
  register(
    clientId: string,
    owner: string,
    fields: BotFields,
    now: Date,
  ): Promise<{ bot: BotProfile; created: boolean } | 'forbidden'>;
  get(clientId: string): Promise<BotProfile | undefined>;
  /** Public bots in name or guild order; `after` continues where a page ended. */
  list(options: {
    limit: number;
    sort: BotSort;
    tag?: string;
    after?: ListingKey;
  }): Promise<{ bots: BotProfile[]; next?: ListingKey }>;
  /**
   * Latest stats, lastSeen and this hour's point; with `shard`, guilds and users are that shard's
   * and the point gets the bot's totals (shardTotals).
   */
  heartbeat(
    clientId: string,
    owner: string,
    stats: BotStats,
    now: Date,
    shard?: ShardReport,
  ): Promise<BotProfile | Refusal>;
  /**
   * The hourly points of this life of the bot (`profile.generation`)
   * in the last HISTORY_HOURS hours up to `now`, oldest first.
   */
  history(profile: BotProfile, now: Date): Promise<StatsPoint[]>;
  putCommands(clientId: string, owner: string, commands: BotCommand[], now: Date): Promise<CommandList | Refusal>;
  /** The commands of this life of the bot (`profile.generation`). */
  commands(profile: BotProfile): Promise<CommandList | undefined>;
  /**
   * Control of the Discord application proven (what Discord says of it): verified, or
   * taken over from an unverified claim; `forbidden` when another account proved it first.
   */
  verify(
    clientId: string,
    owner: string,
    proof: ApplicationProof,
    now: Date,
  ): Promise<{ bot: BotProfile; created: boolean } | 'forbidden'>;
  /** The operator moves a bot (with its records) to another account, verified. */
  transfer(clientId: string, owner: string, now: Date): Promise<{ bot: BotProfile; created: boolean } | 'notFound'>;
  /** Every bot the account owns, verified or not, public or not, by client id. */
  listOwned(owner: string): Promise<BotProfile[]>;
  /**
   * Removes the bot and every record of it; what a racing write leaves behind belongs to a generation never read again.
   */
  delete(clientId: string, owner: string): Promise<true | Refusal>;
}
