import { beforeAll, describe, expect, test } from '@jest/globals';
import { registerBotBody } from '../../shared/routes/schemas/bots';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BotFields, BotProfile, BotStore } from '../../shared/store';
import { botStoreRacingThePoint } from '../support/botStoreRace';
import { suiteStore, startTestStore } from '../support/dynamo';

const store = suiteStore();
let bots: BotStore;
beforeAll(async () => {
  bots = store().stores.bots;
});

const NOW = new Date('2026-11-22T10:30:00.000Z');
const id = (n: number) => String(100000000000000000n + BigInt(n));
const profile = (input: Record<string, unknown>) => registerBotBody.parse(input);
const registered = async (clientId: string, owner: string, name: string) =>
  ((await bots.register(clientId, owner, profile({ name }), NOW)) as { bot: BotProfile }).bot;
/** Registered and verified by its owner: public ones are listed. */
const listed = async (botStore: BotStore, clientId: string, owner: string, fields: BotFields, now: Date) => {
  await botStore.register(clientId, owner, fields, now);
  return botStore.verify(clientId, owner, fields, now);
};

/** Every item of a bot's partition, read raw: what a delete leaves behind. */
async function partitionOf(clientId: string) {
  const { Items = [] } = await store().stores.db.send(
    new QueryCommand({
      TableName: store().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `BOT#${clientId}` },
    }),
  );
  return Items;
}

describe('bot store on dynalite', () => {
  test('two keys registering one bot at once: exactly one owns it', async () => {
    const clientId = id(1);
    const results = await Promise.all(
      ['key_a', 'key_b', 'key_c', 'key_d'].map((key) =>
        bots.register(clientId, key, profile({ name: `by ${key}` }), NOW),
      ),
    );
    const winners = results.filter((result) => result !== 'forbidden');
    expect(winners).toHaveLength(1);
    const owner = (await bots.get(clientId))?.ownerAccount;
    expect(results.filter((result) => result === 'forbidden')).toHaveLength(3);
    expect(['key_a', 'key_b', 'key_c', 'key_d']).toContain(owner);
    // The owner may replace the profile; the others still may not.
    const again = await bots.register(
      clientId,
      owner as string,
      profile({ name: 'renamed' }),
      new Date(NOW.getTime() + 1000),
    );
    expect(again).toMatchObject({ created: false, bot: { name: 'renamed', createdAt: NOW.toISOString() } });
    expect(await bots.register(clientId, owner as string, profile({ name: 'again' }), NOW)).toMatchObject({
      created: false,
    });
  });

  test('replacing a profile removes fields it no longer has', async () => {
    const clientId = id(2);
    await bots.register(clientId, 'k', profile({ name: 'a', description: 'first', website: 'https://a.example' }), NOW);
    const { bot } = (await bots.register(clientId, 'k', profile({ name: 'a' }), NOW)) as {
      bot: { description?: string; website?: string };
    };
    expect(bot.description).toBeUndefined();
    expect(bot.website).toBeUndefined();
  });

  test('pagination by name and by guilds walks every public bot exactly once; private ones never appear', async () => {
    const isolated = await startTestStore();
    try {
      const own = isolated.stores.bots;
      const made: string[] = [];
      for (let n = 0; n < 23; n += 1) {
        const clientId = id(1000 + n);
        const isPublic = n % 5 !== 0;
        await listed(
          own,
          clientId,
          'owner',
          profile({
            name: `Bot ${String.fromCharCode(90 - n)}`,
            public: isPublic,
            tags: n % 2 ? ['music'] : ['games'],
          }),
          NOW,
        );
        await own.heartbeat(clientId, 'owner', { guilds: (n * 37) % 11 }, NOW);
        if (isPublic) made.push(clientId);
      }
      for (const sort of ['name', 'guilds'] as const) {
        for (const tag of [undefined, 'music']) {
          const seen: string[] = [];
          let after: Awaited<ReturnType<typeof own.list>>['next'];
          let pages = 0;
          do {
            const page = await own.list({ limit: 4, sort, tag, after });
            expect(page.bots.length).toBeLessThanOrEqual(4);
            seen.push(...page.bots.map((bot) => bot.clientId));
            after = page.next;
            pages += 1;
          } while (after && pages < 50);
          const expected = tag ? made.filter((clientId) => Number(clientId.slice(-4)) % 2 === 1) : made;
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort()).toEqual([...expected].sort());
          const all = await Promise.all(seen.map((clientId) => own.get(clientId)));
          if (sort === 'name')
            expect(all.map((b) => b?.name.toLowerCase())).toEqual(all.map((b) => b?.name.toLowerCase()).sort());
          else
            expect(all.map((b) => b?.stats?.guilds)).toEqual(
              all.map((b) => b?.stats?.guilds).sort((a, b) => (b ?? 0) - (a ?? 0)),
            );
        }
      }
      // Made private later: gone from the listing at once.
      await own.register(made[0] as string, 'owner', profile({ name: 'hidden', public: false }), NOW);
      const everything = await own.list({ limit: 100, sort: 'name' });
      expect(everything.bots.map((bot) => bot.clientId)).not.toContain(made[0]);
    } finally {
      await isolated.close();
    }
  });

  test('heartbeats: owner only, latest stats, one history point per hour counting beats', async () => {
    const clientId = id(3);
    await listed(bots, clientId, 'owner', profile({ name: 'beat' }), NOW);
    expect(await bots.heartbeat(clientId, 'intruder', { guilds: 1 }, NOW)).toBe('forbidden');
    expect(await bots.heartbeat(id(999), 'owner', { guilds: 1 }, NOW)).toBe('notFound');
    await bots.heartbeat(clientId, 'owner', { guilds: 5, ping: 40 }, NOW);
    await bots.heartbeat(clientId, 'owner', { guilds: 6, ping: 42 }, new Date(NOW.getTime() + 60_000));
    await bots.heartbeat(clientId, 'owner', { guilds: 7 }, new Date(NOW.getTime() + 3600_000));
    const later = new Date(NOW.getTime() + 3600_000);
    const bot = (await bots.get(clientId)) as BotProfile;
    const history = await bots.history(bot, later);
    expect(history).toEqual([
      { hour: '2026-11-22T10:00:00.000Z', beats: 2, guilds: 6, ping: 42 },
      { hour: '2026-11-22T11:00:00.000Z', beats: 1, guilds: 7 },
    ]);
    // A heartbeat updates the stats it carries: the last ping stays with the new guild count.
    expect(bot).toMatchObject({
      lastSeen: '2026-11-22T11:30:00.000Z',
      stats: { guilds: 7, ping: 42, updatedAt: '2026-11-22T11:30:00.000Z' },
    });
    // Only the last 24 hours are history, whatever the TTL sweep has not removed yet.
    expect(await bots.history(bot, new Date(NOW.getTime() + 24 * 3600_000))).toEqual([history[1]]);
    expect(await bots.history(bot, new Date(NOW.getTime() + 48 * 3600_000))).toEqual([]);
    // Read by a server 90 s behind the one that wrote the 11:00 point, at 10:59: that point is in.
    expect(
      (await bots.history(bot, new Date(Date.parse('2026-11-22T10:59:40.000Z')))).map((point) => point.hour),
    ).toEqual(['2026-11-22T10:00:00.000Z', '2026-11-22T11:00:00.000Z']);
  });

  test('a heartbeat without guilds keeps the bot where it is in the guild order', async () => {
    const isolated = await startTestStore();
    try {
      const own = isolated.stores.bots;
      for (const [n, guilds] of [
        [1, 50],
        [2, 10],
      ] as const) {
        await listed(own, id(5000 + n), 'o', profile({ name: `g${n}` }), NOW);
        await own.heartbeat(id(5000 + n), 'o', { guilds }, NOW);
      }
      await own.heartbeat(id(5001), 'o', { ping: 3 }, NOW);
      expect((await own.list({ limit: 10, sort: 'guilds' })).bots.map((b) => b.stats?.guilds)).toEqual([50, 10]);
    } finally {
      await isolated.close();
    }
  });

  test('pages of exactly the listing size end without a cursor; a rare tag still fills its page', async () => {
    const isolated = await startTestStore();
    try {
      const own = isolated.stores.bots;
      for (let n = 0; n < 120; n += 1)
        await listed(
          own,
          id(7000 + n),
          'o',
          profile({ name: `r${String(n).padStart(3, '0')}`, tags: n % 40 === 7 ? ['rare'] : [] }),
          NOW,
        );
      const first = await own.list({ limit: 60, sort: 'name' });
      const second = await own.list({ limit: 60, sort: 'name', after: first.next });
      expect([first.bots.length, second.bots.length, second.next]).toEqual([60, 60, undefined]);
      const rare = await own.list({ limit: 3, sort: 'name', tag: 'rare' });
      expect(rare.bots.map((b) => b.name)).toEqual(['r007', 'r047', 'r087']);
      expect(rare.next).toBeUndefined();
    } finally {
      await isolated.close();
    }
  });

  test('commands: owner only, replaced whole; delete removes the bot and every record', async () => {
    const clientId = id(4);
    await bots.register(clientId, 'owner', profile({ name: 'cmd' }), NOW);
    expect(await bots.putCommands(clientId, 'intruder', [], NOW)).toBe('forbidden');
    await bots.putCommands(clientId, 'owner', [{ name: 'ping', description: 'Pong' }], NOW);
    await bots.putCommands(clientId, 'owner', [{ name: 'help', description: 'Help', category: 'info' }], NOW);
    expect((await bots.commands((await bots.get(clientId))!))?.commands).toEqual([
      { name: 'help', description: 'Help', category: 'info' },
    ]);
    await bots.heartbeat(clientId, 'owner', { guilds: 1 }, NOW);

    expect((await partitionOf(clientId)).map((item) => item.sk).sort()).toEqual([
      'COMMANDS',
      'PROFILE',
      expect.stringMatching(/^STATS#/),
    ]);

    expect(await bots.delete(clientId, 'intruder')).toBe('forbidden');
    expect(await bots.delete(clientId, 'owner')).toBe(true);
    expect(await bots.get(clientId)).toBeUndefined();
    expect(await partitionOf(clientId)).toEqual([]);
    expect(
      (
        await store().stores.db.send(
          new GetCommand({ TableName: store().tableName, Key: { pk: `BOT#${clientId}`, sk: 'COMMANDS' } }),
        )
      ).Item,
    ).toBeUndefined();
    expect(await bots.delete(clientId, 'owner')).toBe('notFound');
    // Registered anew by someone else: a new life, with no commands and no history of the old one.
    const reborn = await registered(clientId, 'newcomer', 'new');
    expect(await bots.commands(reborn)).toBeUndefined();
    expect(await bots.history(reborn, NOW)).toEqual([]);
  });

  test('a heartbeat racing a delete leaves no history to a bot registered anew', async () => {
    const clientId = id(7);
    const first = await registered(clientId, 'owner', 'racer');
    // The delete runs between the heartbeat's two writes: the profile got the beat, the point comes after the sweep.
    const racing = botStoreRacingThePoint(store(), async () => expect(await bots.delete(clientId, 'owner')).toBe(true));
    expect(await racing.heartbeat(clientId, 'owner', { guilds: 9 }, NOW)).toMatchObject({
      generation: first.generation,
    });
    expect(await bots.get(clientId)).toBeUndefined();
    expect((await partitionOf(clientId)).map((item) => item.sk)).toEqual([expect.stringMatching(/^STATS#/)]);

    const reborn = await registered(clientId, 'newcomer', 'reborn');
    expect(reborn.generation).not.toBe(first.generation);
    expect(await bots.history(reborn, NOW)).toEqual([]);
    // Its own beats make its history; the stray point stays out of it, then goes with the next delete.
    await bots.heartbeat(clientId, 'newcomer', { guilds: 1 }, NOW);
    expect(await bots.history(reborn, NOW)).toEqual([{ hour: '2026-11-22T10:00:00.000Z', beats: 1, guilds: 1 }]);
    expect(await bots.delete(clientId, 'newcomer')).toBe(true);
    expect(await partitionOf(clientId)).toEqual([]);
  });

  test('commands written for an earlier life of a bot are not shown in the next one', async () => {
    const clientId = id(6);
    const first = (await bots.register(clientId, 'a', profile({ name: 'one' }), NOW)) as { bot: BotProfile };
    await bots.putCommands(clientId, 'a', [{ name: 'old', description: 'x' }], NOW);
    // Simulate the race: the commands item outlives a delete and a new registration.
    await store().stores.db.send(
      new DeleteCommand({ TableName: store().tableName, Key: { pk: `BOT#${clientId}`, sk: 'PROFILE' } }),
    );
    const second = (await bots.register(clientId, 'b', profile({ name: 'two' }), NOW)) as { bot: BotProfile };
    expect(second.bot.generation).not.toBe(first.bot.generation);
    expect(await bots.commands(second.bot)).toBeUndefined();
  });
});
