import * as z from 'zod/mini';
import { withMeta } from '../params';
import { byField, detailFieldNames, summaryFieldNames } from '../../bots/fields';
import { botCommand } from '../../store/bots/types';

/**
 * What the bot routes answer inside the envelope's `data`: the OpenAPI document describes these,
 * the views are typed by them, and the contract test checks real answers against them.
 */
const instant = withMeta(z.string(), { format: 'date-time' });
const count = z.number().check(z.int(), z.minimum(0));
const measure = z.number().check(z.minimum(0));

const statValues = {
  guilds: z.optional(count),
  users: z.optional(count),
  channels: z.optional(count),
  shards: z.optional(count),
  ping: withMeta(z.optional(measure), { description: 'milliseconds' }),
  uptime: withMeta(z.optional(measure), { description: 'seconds' }),
  memory: withMeta(z.optional(measure), { description: 'megabytes' }),
  commandsRun: z.optional(count),
};

export const latestStatsData = withMeta(z.nullable(z.strictObject({ ...statValues, updatedAt: instant })), {
  description: 'null before the first heartbeat',
});

export const shardsData = withMeta(
  z.nullable(
    z.strictObject({
      shardCount: z.number().check(z.int(), z.minimum(1)),
      reporting: withMeta(z.number().check(z.int(), z.minimum(0)), {
        description: 'shards heard from within windowSeconds',
      }),
      windowSeconds: withMeta(z.number().check(z.minimum(0)), {
        description: 'the online window: a shard not heard from within it is stale',
      }),
      shards: withMeta(
        z.array(
          z.strictObject({
            shardId: count,
            guilds: z.nullable(count),
            users: z.nullable(count),
            lastSeen: instant,
            stale: withMeta(z.boolean(), {
              description: 'not heard from within windowSeconds: left out of the totals',
            }),
          }),
        ),
        { description: 'every shard below shardCount that has posted, by shardId' },
      ),
    }),
  ),
  {
    description:
      'null for a bot that posts without shardId. For a sharded bot the stats guilds and users are the sums over ' +
      'its shards heard from within windowSeconds (the online window); stale shards are listed here but left out ' +
      "of the sums, unless none is fresh (the bot is offline): then the sums are every shard's last figures. " +
      "The other stats are the latest heartbeat's, whichever shard sent it.",
  },
);

export const botSummaryData = z.strictObject({
  clientId: z.string(),
  name: z.string(),
  ...byField(summaryFieldNames, () => z.nullable(z.string())),
  tags: z.array(z.string()),
  guilds: z.nullable(count),
  online: z.boolean(),
  lastSeen: z.nullable(instant),
});

export const botDetailData = z.extend(botSummaryData, {
  public: z.boolean(),
  owned: withMeta(z.boolean(), { description: "whether the caller's account owns the bot" }),
  verified: withMeta(z.boolean(), {
    description: 'whether its owner proved control of the Discord application (only verified bots are listed)',
  }),
  ...byField(detailFieldNames, () => z.nullable(z.string())),
  createdAt: instant,
  updatedAt: instant,
  stats: latestStatsData,
  shards: shardsData,
});

export const botListData = z.strictObject({
  bots: z.array(botSummaryData),
  nextCursor: withMeta(z.nullable(z.string()), {
    description: 'pass as `cursor` for the next page; null on the last page',
  }),
});

export const commandsData = z.strictObject({
  clientId: z.string(),
  total: count,
  categories: z.array(z.strictObject({ name: z.string(), count, commands: z.array(botCommand) })),
  updatedAt: z.nullable(instant),
});

export const statsHistoryData = z.strictObject({
  clientId: z.string(),
  latest: latestStatsData,
  shards: shardsData,
  history: withMeta(z.array(z.strictObject({ ...statValues, hour: instant, beats: count })), {
    description: "hourly points, oldest first, at most 24; a sharded bot's guilds and users are its totals",
  }),
});

export const statusData = z.strictObject({
  clientId: z.string(),
  online: z.boolean(),
  lastSeen: z.nullable(instant),
  onlineWindowSeconds: z.number().check(z.minimum(0)),
  uptimePercent: withMeta(z.nullable(z.number().check(z.minimum(0), z.maximum(100))), {
    description: 'share of the kept hours with a heartbeat; null before the first',
  }),
});

export const heartbeatData = z.strictObject({
  clientId: z.string(),
  online: z.boolean(),
  lastSeen: z.nullable(instant),
  stats: latestStatsData,
});

export const deletedBotData = z.strictObject({ clientId: z.string(), deleted: z.literal(true) });

/** The signed-in account's bots, verified or not, public or not. */
export const ownedBotsData = z.strictObject({ bots: z.array(botDetailData) });
