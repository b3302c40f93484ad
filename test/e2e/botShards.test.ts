import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { routes } from '../../shared/routes/table';
import { expectErrorEnvelope } from '../support/envelope';
import { call, useTestApi, type Reply } from '../support/localApi';

/** Stats per shard end to end: shards post to the local server, reads answer their sum and each shard. */
const OWNER = 'shards-owner-key-0123456';
let window: string | undefined;
beforeAll(() => {
  window = process.env.BOT_ONLINE_WINDOW_SECONDS;
  process.env.BOT_ONLINE_WINDOW_SECONDS = '600';
  process.env.RATE_LIMIT_PER_MINUTE = '1000';
});
afterAll(() => {
  if (window === undefined) delete process.env.BOT_ONLINE_WINDOW_SECONDS;
  else process.env.BOT_ONLINE_WINDOW_SECONDS = window;
});
const api = useTestApi({ localApiKey: OWNER });

let next = 0;
const json = (method: string, path: string, body?: unknown) =>
  call(`${api.url}${path}`, {
    key: OWNER,
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
async function newBot() {
  const clientId = String(310000000000000000n + BigInt(++next));
  expect((await json('PUT', `/v1/bots/${clientId}`, { name: `Sharded ${next}` })).status).toBe(201);
  return clientId;
}
/** The answer's data, checked against the route's answer schema (what the OpenAPI document says). */
function dataOf(reply: Reply, schema: { parse(value: unknown): unknown }) {
  expect(reply.status).toBe(200);
  schema.parse(reply.json.data);
  return reply.json.data;
}
const post = (clientId: string, body: unknown) => json('POST', `/v1/bots/${clientId}/stats`, body);

describe('stats per shard over HTTP', () => {
  test('two shards post: the stats read and the bot read show their sum and both shards', async () => {
    const clientId = await newBot();
    const [first, second] = await Promise.all([
      post(clientId, { guilds: 1200, users: 50_000, shardId: 0, shardCount: 2, ping: 40 }),
      post(clientId, { guilds: 1300, users: 60_000, shardId: 1, shardCount: 2, ping: 45 }),
    ]);
    for (const reply of [first, second]) dataOf(reply, routes.postBotStats.schemas.data);
    const stats = dataOf(await json('GET', `/v1/bots/${clientId}/stats`), routes.getBotStats.schemas.data);
    expect(stats.latest).toMatchObject({ guilds: 2500, users: 110_000 });
    expect(stats.shards).toEqual({
      shardCount: 2,
      reporting: 2,
      windowSeconds: 600,
      shards: [
        { shardId: 0, guilds: 1200, users: 50_000, lastSeen: expect.any(String), stale: false },
        { shardId: 1, guilds: 1300, users: 60_000, lastSeen: expect.any(String), stale: false },
      ],
    });
    expect(stats.history).toMatchObject([{ beats: 2, guilds: 2500, users: 110_000 }]);
    const bot = dataOf(await json('GET', `/v1/bots/${clientId}`), routes.getBot.schemas.data);
    expect(bot).toMatchObject({ guilds: 2500, online: true, stats: { guilds: 2500, users: 110_000 } });
    expect(bot.shards).toEqual(stats.shards);
    // A shard's later post replaces its own figures only.
    const again = await post(clientId, { guilds: 1250, shardId: 0, shardCount: 2 });
    expect(dataOf(again, routes.postBotStats.schemas.data).stats).toMatchObject({ guilds: 2550, users: 60_000 });
  });

  test('eight shards posting at once all count', async () => {
    const clientId = await newBot();
    await Promise.all(
      Array.from({ length: 8 }, (_, shardId) => post(clientId, { guilds: 100 + shardId, shardId, shardCount: 8 })),
    );
    const stats = dataOf(await json('GET', `/v1/bots/${clientId}/stats`), routes.getBotStats.schemas.data);
    expect(stats.latest.guilds).toBe(828);
    expect(stats.shards.reporting).toBe(8);
  });

  test('a bot without shards answers as before: its own stats, shards null', async () => {
    const clientId = await newBot();
    const beat = dataOf(await post(clientId, { guilds: 12, users: 3400 }), routes.postBotStats.schemas.data);
    expect(beat.stats).toMatchObject({ guilds: 12, users: 3400 });
    const stats = dataOf(await json('GET', `/v1/bots/${clientId}/stats`), routes.getBotStats.schemas.data);
    expect(stats).toMatchObject({ latest: { guilds: 12, users: 3400 }, shards: null });
    expect(dataOf(await json('GET', `/v1/bots/${clientId}`), routes.getBot.schemas.data)).toMatchObject({
      guilds: 12,
      shards: null,
    });
  });

  test.each([
    ['shardId without shardCount', { guilds: 1, shardId: 0 }, 'body.shardCount'],
    ['shardCount without shardId', { guilds: 1, shardCount: 2 }, 'body.shardId'],
    ['shardId at shardCount', { shardId: 2, shardCount: 2 }, 'body.shardId'],
    ['a negative shardId', { shardId: -1, shardCount: 2 }, 'body.shardId'],
    ['a fractional shardId', { shardId: 0.5, shardCount: 2 }, 'body.shardId'],
    ['shardCount 0', { shardId: 0, shardCount: 0 }, 'body.shardCount'],
    ['shardCount over 4096', { shardId: 0, shardCount: 4097 }, 'body.shardCount'],
    ['shardId as a string', { shardId: '0', shardCount: 2 }, 'body.shardId'],
  ])('a heartbeat with %s -> 400 naming the field', async (_name, body, field) => {
    const reply = await post(await newBot(), body);
    expectErrorEnvelope(reply, 400, 'INVALID_BODY');
    expect(reply.json.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });
});
