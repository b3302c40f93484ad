import { describe, expect, test } from '@jest/globals';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { registerBotBody } from '../../shared/routes/schemas/bots';
import { suiteStore } from '../support/dynamo';

/**
 * Who owns a bot (shared/store/bots/claims.ts) on dynalite: verified claims, takeovers, transfers, the owner's listing.
 */
const store = suiteStore();
const NOW = new Date('2026-11-24T10:00:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
let next = 0;
const newId = () => String(300000000000000000n + BigInt(++next));
const fields = (input: Record<string, unknown>) => registerBotBody.parse(input);
const listedIds = async (sort: 'name' | 'guilds') =>
  (await store().stores.bots.list({ limit: 100, sort })).bots.map((bot) => bot.clientId);
const partitionOf = async (clientId: string) => {
  const { stores, tableName } = store();
  const { Items = [] } = await stores.db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `BOT#${clientId}` },
    }),
  );
  return Items.map((item) => String(item.sk));
};

describe('verified and unverified claims', () => {
  test('a public bot is listed (by name and by guilds) only once verified; its owner lists it either way', async () => {
    const bots = store().stores.bots;
    const [shown, hidden, privateOne] = [newId(), newId(), newId()];
    await bots.register(shown, 'acct-a', fields({ name: 'Shown' }), NOW);
    await bots.register(hidden, 'acct-a', fields({ name: 'Hidden' }), NOW);
    await bots.register(privateOne, 'acct-a', fields({ name: 'Private', public: false }), NOW);
    expect(await bots.verify(shown, 'acct-a', { name: 'ignored: the profile exists' }, later(1))).toMatchObject({
      created: false,
      bot: { name: 'Shown', verifiedAt: later(1).toISOString() },
    });
    await bots.verify(privateOne, 'acct-a', { name: 'x' }, later(1));
    for (const sort of ['name', 'guilds'] as const) {
      expect(await listedIds(sort)).toContain(shown);
      expect(await listedIds(sort)).not.toContain(hidden);
      expect(await listedIds(sort)).not.toContain(privateOne);
    }
    expect((await bots.listOwned('acct-a')).map((bot) => bot.clientId).sort()).toEqual(
      [shown, hidden, privateOne].sort(),
    );
    expect(await bots.listOwned('acct-nobody')).toEqual([]);
    // Editing a verified bot keeps it verified and listed; making it private unlists it.
    await bots.register(shown, 'acct-a', fields({ name: 'Shown 2' }), later(2));
    expect(await listedIds('name')).toContain(shown);
    expect(await bots.register(shown, 'acct-a', fields({ name: 'Shown 3', public: false }), later(3))).toMatchObject({
      bot: { verifiedAt: later(1).toISOString() },
    });
    expect(await listedIds('name')).not.toContain(shown);
  });

  test("a proof takes over another account's unverified claim: its history goes, the profile anew", async () => {
    const bots = store().stores.bots;
    const clientId = newId();
    await bots.register(clientId, 'squatter', fields({ name: 'Famous', website: 'https://squat.example' }), NOW);
    await bots.heartbeat(clientId, 'squatter', { guilds: 9 }, NOW);
    await bots.putCommands(clientId, 'squatter', [{ name: 'fake', description: 'Fake' }], NOW);
    const before = await bots.get(clientId);
    const taken = await bots.verify(
      clientId,
      'real-owner',
      { name: 'Famous (real)', description: 'The real one' },
      later(5),
    );
    expect(taken).toMatchObject({
      created: true,
      bot: { ownerAccount: 'real-owner', name: 'Famous (real)', description: 'The real one', public: true, stats: {} },
    });
    expect(taken !== 'forbidden' && taken.bot.generation).not.toBe(before?.generation);
    expect(taken !== 'forbidden' && taken.bot.website).toBeUndefined();
    expect(await partitionOf(clientId)).toEqual(['PROFILE']);
    expect(await bots.listOwned('squatter')).toEqual([]);
    expect(await bots.heartbeat(clientId, 'squatter', { guilds: 1 }, later(6))).toBe('forbidden');
    // A verified claim stays: the squatter's own "proof" cannot take it back.
    expect(await bots.verify(clientId, 'squatter', { name: 'Mine' }, later(7))).toBe('forbidden');
  });

  test("Discord's long name and description are cut between characters and accepted back as they are", async () => {
    const bots = store().stores.bots;
    const clientId = newId();
    const made = await bots.verify(
      clientId,
      'acct-long',
      { name: `${'a'.repeat(31)}😀 bot`, description: `${'d'.repeat(399)}👍🏽 and more` },
      NOW,
    );
    if (made === 'forbidden') throw new Error('refused');
    const { name, description = '' } = made.bot;
    expect([name.isWellFormed(), description.isWellFormed(), name.length <= 32, description.length <= 400]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(name).toBe(`${'a'.repeat(31)}…`);
    expect(registerBotBody.safeParse({ name, description }).success).toBe(true);
  });

  test('two accounts proving control of one unverified bot at once: exactly one owns it, verified', async () => {
    const bots = store().stores.bots;
    const clientId = newId();
    await bots.register(clientId, 'first', fields({ name: 'Contested' }), NOW);
    const results = await Promise.all(
      ['second', 'third'].map((owner) => bots.verify(clientId, owner, { name: `by ${owner}` }, later(1))),
    );
    expect(results.filter((result) => result === 'forbidden')).toHaveLength(1);
    const owner = (await bots.get(clientId))?.ownerAccount;
    expect(['second', 'third']).toContain(owner);
    expect(await bots.get(clientId)).toMatchObject({ verifiedAt: expect.any(String), name: `by ${owner}` });
  });

  test('an edit racing the verification never leaves a verified public bot unlisted', async () => {
    const bots = store().stores.bots;
    const clientId = newId();
    await bots.register(clientId, 'acct-r', fields({ name: 'Racer' }), NOW);
    await Promise.all([
      bots.verify(clientId, 'acct-r', { name: 'x' }, later(1)),
      ...[1, 2, 3].map((n) => bots.register(clientId, 'acct-r', fields({ name: `Racer ${n}` }), later(n))),
    ]);
    expect(await bots.get(clientId)).toMatchObject({ verifiedAt: later(1).toISOString() });
    expect(await listedIds('name')).toContain(clientId);
    expect(await listedIds('guilds')).toContain(clientId);
  });

  test("the operator's transfer moves a bot with its records to another account, verified", async () => {
    const bots = store().stores.bots;
    const clientId = newId();
    await bots.verify(clientId, 'lost-access', { name: 'Moved' }, NOW);
    await bots.heartbeat(clientId, 'lost-access', { guilds: 4 }, NOW);
    expect(await bots.transfer(clientId, 'new-home', later(1))).toMatchObject({
      bot: { ownerAccount: 'new-home', name: 'Moved', stats: { guilds: 4 }, verifiedAt: later(1).toISOString() },
    });
    expect((await bots.listOwned('new-home')).map((bot) => bot.clientId)).toEqual([clientId]);
    expect(await bots.listOwned('lost-access')).toEqual([]);
    expect(await bots.heartbeat(clientId, 'new-home', { guilds: 5 }, later(2))).toMatchObject({ stats: { guilds: 5 } });
    expect(await bots.transfer(newId(), 'new-home', NOW)).toBe('notFound');
  });
});
