import type { OptionalBotFields } from './fields';

/** The bot records as the rest of the code sees them (the store's own key layout stays inside). */
export interface BotFields extends OptionalBotFields {
  name: string;
  public: boolean;
  tags: string[];
}

export interface BotStats {
  guilds?: number;
  users?: number;
  channels?: number;
  shards?: number;
  ping?: number;
  uptime?: number;
  memory?: number;
  commandsRun?: number;
}

export interface BotCommand {
  name: string;
  description: string;
  category?: string;
  usage?: string;
  options?: { name: string; description?: string; type?: string; required?: boolean }[];
}

export interface BotProfile extends BotFields {
  clientId: string;
  ownerKeyId: string;
  /** Changes when a bot is registered anew (after a delete), so records of an earlier life are ignored. */
  generation: string;
  createdAt: string;
  updatedAt: string;
  lastSeen?: string;
  /** Latest value of each stat; each heartbeat updates the stats it carries. */
  stats?: BotStats & { updatedAt?: string };
}

/** One hour of heartbeats: the last value of each stat sent in that hour and how many heartbeats came. */
export interface StatsPoint extends BotStats {
  hour: string;
  beats: number;
}

export interface CommandList {
  commands: BotCommand[];
  updatedAt: string;
}

export type Refusal = 'notFound' | 'forbidden';
export type BotSort = 'name' | 'guilds';
export type ListingKey = Record<string, string>;

export interface BotStore {
  /** Creates (the first key to register owns the bot) or replaces the profile; `forbidden` when another key owns it. */
  register(clientId: string, ownerKeyId: string, fields: BotFields, now: Date): Promise<{ bot: BotProfile; created: boolean } | 'forbidden'>;
  get(clientId: string): Promise<BotProfile | undefined>;
  /** Public bots in name or guild order; `after` continues where a page ended. */
  list(options: { limit: number; sort: BotSort; tag?: string; after?: ListingKey }): Promise<{ bots: BotProfile[]; next?: ListingKey }>;
  heartbeat(clientId: string, ownerKeyId: string, stats: BotStats, now: Date): Promise<BotProfile | Refusal>;
  /** The hourly points of this life of the bot (`profile.generation`) in the last HISTORY_HOURS hours up to `now`, oldest first. */
  history(profile: BotProfile, now: Date): Promise<StatsPoint[]>;
  putCommands(clientId: string, ownerKeyId: string, commands: BotCommand[], now: Date): Promise<CommandList | Refusal>;
  /** The commands of this life of the bot (`profile.generation`). */
  commands(profile: BotProfile): Promise<CommandList | undefined>;
  /** Removes the bot and every record of it; what a racing write leaves behind belongs to a generation never read again. */
  delete(clientId: string, ownerKeyId: string): Promise<true | Refusal>;
}
