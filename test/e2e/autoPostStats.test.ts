import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Client, GatewayIntentBits } from 'discord.js';
import { ChatbotApi } from '../../client/src/index';
import { attachment, autoPostStats, type DiscordClientLike, type PostedStats } from '../../client/src/discord';
import { startFakeGateway, type FakeGateway } from '../support/fakeDiscordGateway';
import { startTestApi } from '../support/localApi';
import type { LocalServer } from '../../infra/local/server';

/**
 * autoPostStats with discord.js 14 itself: a client with two internal shards logs in to a fake
 * Discord (7 guilds: 4 on shard 0, 3 on shard 1, of 5 members each), its stats go to the local server.
 */
const KEY = 'auto-post-key-0123456789';
const BOT_ID = '300000000000000777';
let gateway: FakeGateway;
let server: LocalServer;
let api: ChatbotApi;
beforeAll(async () => {
  gateway = await startFakeGateway({ botId: BOT_ID, guilds: 7, memberCount: 5, shards: 2 });
  server = await startTestApi({ localApiKey: KEY });
  api = new ChatbotApi({ key: KEY, baseUrl: server.url });
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});

const until = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('not within the time');
    await new Promise((done) => setTimeout(done, 50));
  }
};

describe('autoPostStats', () => {
  test('two shards in one process post one each; the API answers their sum; a destroyed client stops', async () => {
    await api.registerBot({ clientId: BOT_ID }, { name: 'Sharded' });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], shards: 'auto', rest: { api: gateway.apiBase } });
    const posted: PostedStats[] = [];
    const errors: unknown[] = [];
    autoPostStats(client, api, {
      clientId: BOT_ID,
      intervalMs: 200,
      onPost: (stats) => posted.push(stats),
      onError: (error) => errors.push(error),
    });
    await client.login('fake.discord.token');
    try {
      expect(client.ws.shards.size).toBe(2);
      await until(() => posted.length >= 2);
      const first = posted.slice(0, 2).sort((a, b) => (a.shardId ?? 0) - (b.shardId ?? 0));
      expect(first).toMatchObject([
        { guilds: 4, users: 20, shardId: 0, shardCount: 2, shards: 2 },
        { guilds: 3, users: 15, shardId: 1, shardCount: 2, shards: 2 },
      ]);
      const stats = await api.getBotStats({ clientId: BOT_ID });
      expect(stats.latest).toMatchObject({ guilds: 7, users: 35 });
      expect(stats.shards?.shards.map(({ shardId, guilds, users }) => [shardId, guilds, users])).toEqual([
        [0, 4, 20],
        [1, 3, 15],
      ]);
      await expect(api.getBot({ clientId: BOT_ID })).resolves.toMatchObject({ guilds: 7, online: true });
      // Rounds repeat every intervalMs.
      await until(() => posted.length >= 6);
    } finally {
      await client.destroy();
    }
    await new Promise((done) => setTimeout(done, 300));
    const afterDestroy = posted.length;
    await new Promise((done) => setTimeout(done, 600));
    expect(posted.length).toBe(afterDestroy);
    expect(errors).toEqual([]);
  }, 30_000);
});

/** A client as a ShardingManager's process sees it: client.shard names its shards and the bot's count. */
const managedClient = (ids: number[], count: number): DiscordClientLike => ({
  guilds: {
    cache: new Map([0, 1, 2, 3, 4, 5].map((n) => [String(n), { shardId: n % count, memberCount: 10 + n }])),
  },
  shard: { ids, count },
  ws: { shards: new Map(), ping: 30 },
  options: { shardCount: 1 },
  uptime: 90_000,
  isReady: () => true,
  once: () => undefined,
  off: () => undefined,
});

describe('autoPostStats under a ShardingManager', () => {
  test("each process posts its own shards' guilds, with the bot's shard count", async () => {
    const clientId = '300000000000000778';
    await api.registerBot({ clientId }, { name: 'Managed' });
    const posted: PostedStats[] = [];
    const stops = [
      autoPostStats(managedClient([0], 3), api, { clientId, onPost: (stats) => posted.push(stats) }),
      autoPostStats(managedClient([1, 2], 3), api, { clientId, onPost: (stats) => posted.push(stats) }),
    ];
    try {
      await until(() => posted.length === 3);
      expect(posted.map(({ shardId, guilds, users }) => [shardId, guilds, users]).sort()).toEqual([
        [0, 2, 10 + 13],
        [1, 2, 11 + 14],
        [2, 2, 12 + 15],
      ]);
      expect(posted[0]).toMatchObject({ shardCount: 3, uptime: 90 });
      await expect(api.getBotStats({ clientId })).resolves.toMatchObject({ latest: { guilds: 6 } });
    } finally {
      for (const stop of stops) stop();
    }
  });

  test('a 429 puts the next round off by its Retry-After', async () => {
    const at: number[] = [];
    const refusing = {
      postBotStats: async () => {
        at.push(Date.now());
        if (at.length === 1) throw Object.assign(new Error('slow down'), { status: 429, retryAfter: 1 });
        return {} as never;
      },
    };
    const stop = autoPostStats(managedClient([0], 1), refusing, { clientId: '1', intervalMs: 100, onError: () => {} });
    try {
      await until(() => at.length >= 3);
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1000);
      expect(at[2]! - at[1]!).toBeLessThan(1000);
    } finally {
      stop();
    }
  });
});

test('attachment() gives discord.js an AttachmentBuilder over a Buffer of the image', async () => {
  const { AttachmentBuilder } = await import('discord.js');
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const file = attachment(png, 'rank.png', 'A rank card');
  expect(file).toBeInstanceOf(AttachmentBuilder);
  expect(file).toMatchObject({ name: 'rank.png', description: 'A rank card' });
  expect(Buffer.isBuffer(file.attachment)).toBe(true);
  expect([...file.attachment]).toEqual([...png]);
});
