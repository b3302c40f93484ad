import { z } from 'zod';

/**
 * What the bot routes answer inside the envelope's `data`: the OpenAPI document describes these,
 * the views are typed by them, and the contract test checks real answers against them.
 */
const instant = z.string().meta({ format: 'date-time' });
const count = z.number().int().min(0);
const measure = z.number().min(0);

const statValues = {
  guilds: count.optional(),
  users: count.optional(),
  channels: count.optional(),
  shards: count.optional(),
  ping: measure.optional().meta({ description: 'milliseconds' }),
  uptime: measure.optional().meta({ description: 'seconds' }),
  memory: measure.optional().meta({ description: 'megabytes' }),
  commandsRun: count.optional(),
};

export const latestStatsData = z.strictObject({ ...statValues, updatedAt: instant }).nullable().meta({ description: 'null before the first heartbeat' });

export const botSummaryData = z.strictObject({
  clientId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  tags: z.array(z.string()),
  guilds: count.nullable(),
  online: z.boolean(),
  lastSeen: instant.nullable(),
});

export const botDetailData = botSummaryData.extend({
  public: z.boolean(),
  owned: z.boolean().meta({ description: "whether the caller's key owns the bot" }),
  inviteUrl: z.string().nullable(),
  supportServer: z.string().nullable(),
  website: z.string().nullable(),
  version: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
  stats: latestStatsData,
});

export const botListData = z.strictObject({
  bots: z.array(botSummaryData),
  nextCursor: z.string().nullable().meta({ description: 'pass as `cursor` for the next page; null on the last page' }),
});

const commandData = z.strictObject({
  name: z.string(),
  description: z.string(),
  category: z.string().optional(),
  usage: z.string().optional(),
  options: z.array(z.strictObject({ name: z.string(), description: z.string().optional(), type: z.string().optional(), required: z.boolean().optional() })).optional(),
});

export const commandsData = z.strictObject({
  clientId: z.string(),
  total: count,
  categories: z.array(z.strictObject({ name: z.string(), count, commands: z.array(commandData) })),
  updatedAt: instant.nullable(),
});

export const statsHistoryData = z.strictObject({
  clientId: z.string(),
  latest: latestStatsData,
  history: z.array(z.strictObject({ ...statValues, hour: instant, beats: count })).meta({ description: 'hourly points, oldest first, at most 24' }),
});

export const statusData = z.strictObject({
  clientId: z.string(),
  online: z.boolean(),
  lastSeen: instant.nullable(),
  onlineWindowSeconds: z.number().min(0),
  uptimePercent: z.number().min(0).max(100).nullable().meta({ description: 'share of the kept hours with a heartbeat; null before the first' }),
});

export const heartbeatData = z.strictObject({ clientId: z.string(), online: z.boolean(), lastSeen: instant.nullable(), stats: latestStatsData });

export const deletedBotData = z.strictObject({ clientId: z.string(), deleted: z.literal(true) });
