import {
  botDetailData,
  botListData,
  commandsData,
  deletedBotData,
  heartbeatData,
  ownedBotsData,
  statsHistoryData,
  statusData,
} from '../schemas/botData';
import { botPath, commandsBody, listBotsQuery, registerBotBody, statsBody, verifyBotBody } from '../schemas/bots';
import { csrfHeaders } from '../schemas/dashboard';
import { defineRoute } from '../types';

const BOT_ID = '159985870458322944';
const PROFILE_EXAMPLE = {
  name: 'Modbot',
  description: 'Moderation with a sense of humour',
  tags: ['moderation', 'fun'],
  inviteUrl: 'https://discord.com/oauth2/authorize?client_id=159985870458322944',
};
// The shape of a bot token (base64url id, timestamp, HMAC); not a real one.
const TOKEN_EXAMPLE = 'MTU5OTg1ODcwNDU4MzIyOTQ0.GhJkLm.aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';

/** The bots group's routes (functions/bots/): its part of the route table (table.ts). */
export const botRoutes = {
  listBots: defineRoute({
    method: 'GET',
    path: '/v1/bots',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Public bots, by name or guild count, optionally by tag, a page at a time',
    schemas: { query: listBotsQuery, data: botListData },
    example: { query: { limit: '10', sort: 'guilds' } },
  }),
  getBot: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary:
      "A bot: profile, latest stats (a sharded bot's summed over its shards, and each shard) and whether it is online",
    errors: ['NOT_FOUND'],
    schemas: { path: botPath, data: botDetailData },
    example: { path: { clientId: BOT_ID } },
  }),
  getBotCommands: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}/commands',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'The commands of a bot, grouped by category',
    errors: ['NOT_FOUND'],
    schemas: { path: botPath, data: commandsData },
    example: { path: { clientId: BOT_ID } },
  }),
  getBotStats: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}/stats',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary:
      "The latest stats of a bot (a sharded bot's summed over its shards), each shard's, and its last 24 hourly points",
    errors: ['NOT_FOUND'],
    schemas: { path: botPath, data: statsHistoryData },
    example: { path: { clientId: BOT_ID } },
  }),
  getBotStatus: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}/status',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Whether a bot is online, when it was last seen, its uptime over the kept history',
    errors: ['NOT_FOUND'],
    schemas: { path: botPath, data: statusData },
    example: { path: { clientId: BOT_ID } },
  }),
  registerBot: defineRoute({
    method: 'PUT',
    path: '/v1/bots/{clientId}',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary:
      "Register a bot (the key's account that does so first owns it: any of its keys may write) or replace its " +
      'profile; listed publicly once verified',
    creates: true,
    // Another account's bot: 403 when public and verified, else
    // 404 as on reads (a write does not reveal that it exists).
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: botPath, body: registerBotBody, data: botDetailData },
    maxBodyBytes: 8 * 1024,
    example: { path: { clientId: BOT_ID }, body: PROFILE_EXAMPLE },
  }),
  verifyBot: defineRoute({
    method: 'POST',
    path: '/v1/bots/{clientId}/verify',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary:
      "Prove control of the bot's Discord application with its token (asked of Discord once, never stored): " +
      'the bot becomes verified and listed, taken over from an unverified claim',
    errors: ['FORBIDDEN', 'UPSTREAM_ERROR'],
    schemas: { path: botPath, body: verifyBotBody, data: botDetailData },
    maxBodyBytes: 1024,
    example: { path: { clientId: BOT_ID }, body: { botToken: TOKEN_EXAMPLE } },
  }),
  postBotStats: defineRoute({
    method: 'POST',
    path: '/v1/bots/{clientId}/stats',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary:
      'Heartbeat: the current stats of a bot, or of one of its shards (shardId and shardCount): ' +
      "the server keeps each shard's guilds and users and answers their sum",
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: botPath, body: statsBody, data: heartbeatData },
    maxBodyBytes: 2 * 1024,
    example: {
      path: { clientId: BOT_ID },
      body: {
        guilds: 1280,
        users: 98000,
        shards: 2,
        shardId: 0,
        shardCount: 2,
        ping: 42.5,
        uptime: 86400,
        memory: 180,
      },
    },
  }),
  putBotCommands: defineRoute({
    method: 'PUT',
    path: '/v1/bots/{clientId}/commands',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Replace the command list of a bot',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: botPath, body: commandsBody, data: commandsData },
    maxBodyBytes: 256 * 1024,
    example: {
      path: { clientId: BOT_ID },
      body: {
        commands: [{ name: 'ban', description: 'Ban a member', category: 'moderation', usage: '/ban @user [reason]' }],
      },
    },
  }),
  deleteBot: defineRoute({
    method: 'DELETE',
    path: '/v1/bots/{clientId}',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Remove a bot and all its records',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: botPath, data: deletedBotData },
    example: { path: { clientId: BOT_ID } },
  }),
  dashboardBots: defineRoute({
    method: 'GET',
    path: '/dashboard/api/bots',
    group: 'bots',
    auth: 'session',
    response: 'json',
    summary: 'Your bots, verified or not, public or not',
    schemas: { data: ownedBotsData },
    example: {},
  }),
  dashboardSaveBot: defineRoute({
    method: 'PUT',
    path: '/dashboard/api/bots/{clientId}',
    group: 'bots',
    auth: 'session',
    response: 'json',
    summary: 'Register one of your bots or replace its profile (as PUT /v1/bots/{clientId})',
    creates: true,
    // Another account's bot: 403 when public and verified, else
    // 404 as on reads (a write does not reveal that it exists).
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: botPath, headers: csrfHeaders, body: registerBotBody, data: botDetailData },
    maxBodyBytes: 8 * 1024,
    example: { path: { clientId: BOT_ID }, body: PROFILE_EXAMPLE },
  }),
  dashboardVerifyBot: defineRoute({
    method: 'POST',
    path: '/dashboard/api/bots/{clientId}/verify',
    group: 'bots',
    auth: 'session',
    response: 'json',
    summary: 'Prove control of a bot with its token (as POST /v1/bots/{clientId}/verify)',
    errors: ['FORBIDDEN', 'UPSTREAM_ERROR'],
    schemas: { path: botPath, headers: csrfHeaders, body: verifyBotBody, data: botDetailData },
    maxBodyBytes: 1024,
    example: { path: { clientId: BOT_ID }, body: { botToken: TOKEN_EXAMPLE } },
  }),
  dashboardDeleteBot: defineRoute({
    method: 'DELETE',
    path: '/dashboard/api/bots/{clientId}',
    group: 'bots',
    auth: 'session',
    response: 'json',
    summary: 'Remove one of your bots and all its records',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: botPath, headers: csrfHeaders, data: deletedBotData },
    example: { path: { clientId: BOT_ID } },
  }),
};
