import { beforeAll, describe, expect, test } from '@jest/globals';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_SHARDS, SHARD_ENTRY_BYTES } from '../../shared/bots/shards';
import { BOT_FIELDS, botFieldNames, byField } from '../../shared/bots/fields';
import { MAX_URL_LENGTH } from '../../shared/images/urlRules';
import { registerBotBody } from '../../shared/routes/schemas/bots';
import type { BotProfile, BotStore } from '../../shared/store';
import { guildKey } from '../../shared/store/bots/layout';
import { botStoreRacingThePoint } from '../support/botStoreRace';
import { suiteStore } from '../support/dynamo';

/** Stats per shard on dynalite: each shard's post kept, none lost to another's, bounded, resharded. */
const store = suiteStore();
let bots: BotStore;
beforeAll(async () => {
  bots = store().stores.bots;
});

const NOW = new Date('2026-11-22T10:30:00.000Z');
const WINDOW = 120;
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
let next = 0;
const newBot = async (fields: Record<string, unknown> = {}) => {
  const clientId = String(300000000000000000n + BigInt(++next));
  await bots.register(clientId, 'owner', registerBotBody.parse({ name: `Shards ${next}`, ...fields }), NOW);
  return clientId;
};
const shard = (shardId: number, shardCount: number) => ({ shardId, shardCount, windowSeconds: WINDOW });
const profileItem = async (clientId: string) =>
  (
    await store().stores.db.send(
      new GetCommand({ TableName: store().tableName, Key: { pk: `BOT#${clientId}`, sk: 'PROFILE' } }),
    )
  ).Item as Record<string, unknown>;
const historyOf = async (clientId: string, now = NOW) => bots.history((await bots.get(clientId)) as BotProfile, now);

describe('stats per shard', () => {
  test("each shard's figures are kept; the hourly point holds their sum", async () => {
    const clientId = await newBot();
    await bots.heartbeat(clientId, 'owner', { guilds: 10, users: 100, shards: 3, ping: 40 }, NOW, shard(0, 3));
    await bots.heartbeat(clientId, 'owner', { guilds: 20, users: 200 }, at(1), shard(1, 3));
    const bot = await bots.heartbeat(clientId, 'owner', { guilds: 30, ping: 45 }, at(2), shard(2, 3));
    expect(bot).toMatchObject({
      shardCount: 3,
      shardStats: {
        0: { guilds: 10, users: 100, seen: NOW.getTime() },
        1: { guilds: 20, users: 200, seen: at(1).getTime() },
        2: { guilds: 30, seen: at(2).getTime() },
      },
      stats: { ping: 45, shards: 3 },
    });
    expect(await historyOf(clientId)).toEqual([
      { hour: '2026-11-22T10:00:00.000Z', beats: 3, guilds: 60, users: 300, shards: 3, ping: 45 },
    ]);
    // The guild order follows the bot's total, not the last shard's count.
    expect((await profileItem(clientId)).gsi2sk).toBe(guildKey(60, clientId));
    expect(await bots.heartbeat(clientId, 'intruder', { guilds: 1 }, at(3), shard(0, 3))).toBe('forbidden');
    expect(await bots.heartbeat('399999999999999999', 'owner', { guilds: 1 }, at(3), shard(0, 3))).toBe('notFound');
  });

  test('a shard not heard from within the window is left out of the point', async () => {
    const clientId = await newBot();
    await bots.heartbeat(clientId, 'owner', { guilds: 10 }, NOW, shard(0, 2));
    await bots.heartbeat(clientId, 'owner', { guilds: 20 }, at(WINDOW + 1), shard(1, 2));
    expect(await historyOf(clientId)).toMatchObject([{ beats: 2, guilds: 20 }]);
  });

  test('sixteen shards posting at once all count, on a new bot and again on its map', async () => {
    const clientId = await newBot();
    const count = 16;
    const round = (offset: number) =>
      Promise.all(
        Array.from({ length: count }, (_, id) =>
          bots.heartbeat(clientId, 'owner', { guilds: id + offset, users: 1 }, NOW, shard(id, count)),
        ),
      );
    await round(1);
    const sum = (offset: number) => Array.from({ length: count }, (_, id) => id + offset).reduce((a, b) => a + b);
    let item = await profileItem(clientId);
    expect(Object.keys(item.shardStats as object)).toHaveLength(count);
    expect(item.beatCount).toBe(count);
    expect(await historyOf(clientId)).toEqual([
      { hour: '2026-11-22T10:00:00.000Z', beats: count, guilds: sum(1), users: count },
    ]);
    expect(item.gsi2sk).toBe(guildKey(sum(1), clientId));
    await round(100);
    item = await profileItem(clientId);
    expect(
      Object.values(item.shardStats as Record<string, { guilds: number }>)
        .map((s) => s.guilds)
        .sort(),
    ).toEqual(Array.from({ length: count }, (_, id) => id + 100).sort());
    expect(await historyOf(clientId)).toMatchObject([{ beats: 2 * count, guilds: sum(100) }]);
    expect(item.gsi2sk).toBe(guildKey(sum(100), clientId));
  });

  test("a shard whose point lands after a later shard's keeps the later total in the point", async () => {
    const clientId = await newBot();
    await bots.heartbeat(clientId, 'owner', { guilds: 5 }, NOW, shard(0, 2));
    // Shard 1 posts (profile, point, order) between shard 0's profile write and its point.
    const racing = botStoreRacingThePoint(store(), () =>
      bots.heartbeat(clientId, 'owner', { guilds: 7 }, NOW, shard(1, 2)),
    );
    await racing.heartbeat(clientId, 'owner', { guilds: 6 }, NOW, shard(0, 2));
    expect(await historyOf(clientId)).toMatchObject([{ beats: 3, guilds: 13 }]);
    expect((await profileItem(clientId)).gsi2sk).toBe(guildKey(13, clientId));
  });

  test('resharding drops the shards at or above the new count; a post without shards ends the map', async () => {
    const clientId = await newBot();
    for (const id of [0, 1, 2, 3]) await bots.heartbeat(clientId, 'owner', { guilds: 10 ** id }, NOW, shard(id, 4));
    expect(await historyOf(clientId)).toMatchObject([{ guilds: 1111 }]);
    const resharded = await bots.heartbeat(clientId, 'owner', { guilds: 2 }, at(1), shard(0, 2));
    expect(resharded).toMatchObject({ shardCount: 2, shardStats: { 0: { guilds: 2 }, 1: { guilds: 10 } } });
    expect(Object.keys((resharded as BotProfile).shardStats ?? {})).toEqual(['0', '1']);
    expect(await historyOf(clientId)).toMatchObject([{ guilds: 12 }]);
    const whole = await bots.heartbeat(clientId, 'owner', { guilds: 50 }, at(2));
    expect(whole).toMatchObject({ stats: { guilds: 50 } });
    expect(whole).not.toHaveProperty('shardCount');
    expect(whole).not.toHaveProperty('shardStats');
    expect(await historyOf(clientId)).toMatchObject([{ guilds: 50 }]);
  });

  test(`a profile with all ${MAX_SHARDS} shards at their largest stays within the 400 KB item limit`, async () => {
    const longest = byField(botFieldNames, (name) => {
      const rule = BOT_FIELDS[name];
      return rule.kind === 'url' ? `https://example.com/${'a'.repeat(MAX_URL_LENGTH - 20)}` : 'x'.repeat(rule.max);
    });
    const clientId = await newBot({ ...longest, tags: Array.from({ length: 10 }, (_, i) => `${'t'.repeat(22)}${i}`) });
    const big = Number.MAX_SAFE_INTEGER;
    await bots.heartbeat(clientId, 'owner', { guilds: big, users: big }, NOW, shard(0, MAX_SHARDS));
    const item = await profileItem(clientId);
    const full = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, id) => [String(id), { guilds: big, users: big, seen: NOW.getTime() }]),
      );
    const put = (count: number) =>
      store().stores.db.send(
        new PutCommand({
          TableName: store().tableName,
          Item: { ...item, shardStats: full(count), beatCount: 999_999_999_999 },
        }),
      );
    await put(MAX_SHARDS - 1);
    const stats = { guilds: big, users: big, channels: big, shards: big, ping: 1e12, uptime: 1e12, memory: 1e12 };
    const last = await bots.heartbeat(clientId, 'owner', { ...stats, commandsRun: big }, at(1), shard(4095, 4096));
    expect(Object.keys((last as BotProfile).shardStats ?? {})).toHaveLength(MAX_SHARDS);
    // Their sum is held at the largest exact integer, which the store can write.
    expect(await historyOf(clientId)).toMatchObject([{ guilds: big, users: big }]);
    // dynalite enforces the limit: twice the shards would not fit.
    expect(MAX_SHARDS * SHARD_ENTRY_BYTES * 2).toBeGreaterThan(400 * 1024);
    await expect(put(2 * MAX_SHARDS)).rejects.toThrow(/size/i);
  });
});
