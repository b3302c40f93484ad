import type * as z from 'zod/mini';
import type {
  botDetailData,
  botSummaryData,
  commandsData,
  latestStatsData,
  shardsData,
  statusData,
} from '../../shared/routes/schemas/botData';
import { shardTotals, type ShardTotals } from '../../shared/bots/shards';
import { byField, detailFieldNames, summaryFieldNames } from '../../shared/bots/fields';
import { HISTORY_HOURS, type BotProfile, type CommandList, type StatsPoint } from '../../shared/store/bots/index';

/** How the stored records are shown: what a caller may see, with status derived from the clock. */
export interface StatusSettings {
  /** A bot is online when its last heartbeat is at most this old. */
  onlineWindowSeconds: number;
  now: Date;
}

export function isOnline(bot: BotProfile, settings: StatusSettings): boolean {
  if (!bot.lastSeen) return false;
  return settings.now.getTime() - Date.parse(bot.lastSeen) <= settings.onlineWindowSeconds * 1000;
}

/** What a listing shows of a bot (`totals`: its shards' totals, when the caller has them already). */
export function botSummary(
  bot: BotProfile,
  settings: StatusSettings,
  totals = totalsOf(bot, settings),
): z.output<typeof botSummaryData> {
  return {
    clientId: bot.clientId,
    name: bot.name,
    ...byField(summaryFieldNames, (name) => bot[name] ?? null),
    tags: bot.tags,
    guilds: statsOf(bot, totals)?.guilds ?? null,
    online: isOnline(bot, settings),
    lastSeen: bot.lastSeen ?? null,
  };
}

/** A sharded bot's shards and totals as of the settings' clock; undefined for a bot that posts without shards. */
function totalsOf(bot: BotProfile, settings: StatusSettings): ShardTotals | undefined {
  if (bot.shardCount === undefined) return undefined;
  return shardTotals(bot.shardStats ?? {}, bot.shardCount, settings.now, settings.onlineWindowSeconds);
}

/** The stored stats; a sharded bot's guilds and users are its totals. */
function statsOf(bot: BotProfile, totals: ShardTotals | undefined): BotProfile['stats'] {
  if (!totals || !bot.stats) return bot.stats;
  const { guilds: _guilds, users: _users, ...shared } = bot.stats;
  return {
    ...shared,
    ...(totals.guilds === undefined ? {} : { guilds: totals.guilds }),
    ...(totals.users === undefined ? {} : { users: totals.users }),
  };
}

/** The latest stats, or null before the first heartbeat. */
export function latestStats(
  bot: BotProfile,
  settings: StatusSettings,
  totals = totalsOf(bot, settings),
): z.output<typeof latestStatsData> {
  const stats = statsOf(bot, totals);
  return stats?.updatedAt ? { ...stats, updatedAt: stats.updatedAt } : null;
}

/** Each shard's figures, or null for a bot that posts without shards. */
export function shardsView(
  bot: BotProfile,
  settings: StatusSettings,
  totals = totalsOf(bot, settings),
): z.output<typeof shardsData> {
  if (!totals || bot.shardCount === undefined) return null;
  return {
    shardCount: bot.shardCount,
    reporting: totals.reporting,
    windowSeconds: settings.onlineWindowSeconds,
    shards: totals.shards,
  };
}

/** The full profile; the owner also sees that it is theirs and whether it is public. */
export function botDetail(
  bot: BotProfile,
  settings: StatusSettings,
  callerAccount: string | undefined,
): z.output<typeof botDetailData> {
  const totals = totalsOf(bot, settings);
  return {
    ...botSummary(bot, settings, totals),
    public: bot.public,
    owned: callerAccount === bot.ownerAccount,
    verified: bot.verifiedAt !== undefined,
    ...byField(detailFieldNames, (name) => bot[name] ?? null),
    createdAt: bot.createdAt,
    updatedAt: bot.updatedAt,
    stats: latestStats(bot, settings, totals),
    shards: shardsView(bot, settings, totals),
  };
}

/**
 * Share of the kept hours (at most HISTORY_HOURS) with at least one heartbeat; null before the
 * first heartbeat. The current hour counts only once it has a heartbeat, or a bot beating every
 * minute would drop to 50% at each hour's first second.
 */
export function uptimePercent(bot: BotProfile, history: StatsPoint[], now: Date): number | null {
  if (!bot.lastSeen) return null;
  const hour = 3600_000;
  const current = Math.floor(now.getTime() / hour);
  const hoursAgo = (point: StatsPoint) => Math.max(0, current - Math.floor(Date.parse(point.hour) / hour));
  const kept = history.filter((point) => point.beats > 0 && hoursAgo(point) < HISTORY_HOURS);
  if (kept.length === 0) return 0;
  const live = new Set(kept.map(hoursAgo));
  const span = Math.max(1, ...kept.map((point) => hoursAgo(point) + 1)) - (live.has(0) ? 0 : 1);
  return Math.round((live.size / span) * 1000) / 10;
}

export function botStatus(
  bot: BotProfile,
  history: StatsPoint[],
  settings: StatusSettings,
): z.output<typeof statusData> {
  return {
    clientId: bot.clientId,
    online: isOnline(bot, settings),
    lastSeen: bot.lastSeen ?? null,
    onlineWindowSeconds: settings.onlineWindowSeconds,
    uptimePercent: uptimePercent(bot, history, settings.now),
  };
}

/** Commands grouped by category (uncategorised ones under "general"), categories and commands by name. */
export function commandsByCategory(clientId: string, list: CommandList | undefined): z.output<typeof commandsData> {
  const groups = new Map<string, CommandList['commands']>();
  for (const command of list?.commands ?? []) {
    const category = command.category ?? 'general';
    groups.set(category, [...(groups.get(category) ?? []), command]);
  }
  const categories = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, commands]) => ({
      name,
      count: commands.length,
      commands: [...commands].sort((a, b) => a.name.localeCompare(b.name)),
    }));
  return { clientId, total: list?.commands.length ?? 0, categories, updatedAt: list?.updatedAt ?? null };
}
