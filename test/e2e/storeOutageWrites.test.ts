import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../shared/routes/table';
import { startStoppableStore, type StoppableStore } from '../support/dynamo';
import { expectErrorEnvelope } from '../support/envelope';
import { call, type Reply } from '../support/localApi';
import { expectAnswer, RELAY_KEY, startRelayHarness, type RelayHarness } from '../support/relayHarness';
import { UNAVAILABLE_RETRY_AFTER } from '../../shared/errors/unavailable';

/**
 * Writes cut by a store outage at each DynamoDB call they make, before the call lands or after it
 * landed with its answer lost (storeOutage.test.ts covers the limiter and the authorizer): a 503,
 * then, once the store is back, records whole or absent and agreeing, and the retry completing the
 * write once.
 */
let store: StoppableStore;
let relay: RelayHarness;
beforeAll(async () => {
  store = await startStoppableStore();
  // Many requests with one key: the limiter has its own suites.
  relay = await startRelayHarness({ rateLimit: 1000, server: { dynamoEndpoint: store.endpoint } });
});
afterAll(async () => {
  await relay.close();
  await store.close();
});
beforeEach(() => relay.resetDiscord());

/** Every item under one partition key, straight from the table. */
async function itemsOf(pk: string): Promise<Record<string, any>[]> {
  const { Items = [] } = await relay.stores.db.send(
    new QueryCommand({
      TableName: 'e2e-table',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** Stops the store at the `nth` call (from 1) about `pk` and sends `write`; the store stays down. */
async function stopDuring(
  pk: string,
  when: 'before' | 'after',
  nth: number,
  write: () => Promise<Reply>,
): Promise<Reply> {
  store.stopAt(nth - 1, when, (request) => request.body.includes(`"${pk}"`));
  const reply = await write();
  // The store went down where it was meant to, in the middle of this write.
  expect(store.running()).toBe(false);
  return reply;
}

/** stopDuring, expecting the outage's 503. */
async function cut(pk: string, when: 'before' | 'after', nth: number, write: () => Promise<Reply>): Promise<Reply> {
  const reply = await stopDuring(pk, when, nth, write);
  expect(reply.status).toBe(503);
  expect(reply.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER));
  return reply;
}

/**
 * Each write, what is done before it, and the DynamoDB calls it makes
 * about its record, in order. A lost answer matters only for a write.
 */
const cutsOf = <W extends string>(writes: { write: W; calls: ('read' | 'write')[] }[]) =>
  writes.flatMap(({ write, calls }) =>
    calls.flatMap((kind, i) =>
      (kind === 'write' ? (['before', 'after'] as const) : (['before'] as const)).map(
        (when) => [write, when, i + 1] as const,
      ),
    ),
  );

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('bots', () => {
  /** The table's example bodies, as the routes read them. */
  const REGISTER = routes.registerBot.schemas.body.parse(routes.registerBot.example.body);
  const COMMANDS = routes.putBotCommands.schemas.body.parse(routes.putBotCommands.example.body);
  const STATS = routes.postBotStats.schemas.body.parse(routes.postBotStats.example.body);

  /** The bot routes for one client id, with the harness's key. */
  function botApi(clientId: string) {
    const send = (method: string, path: string, body?: unknown) =>
      call(`${relay.api.url}/v1/bots/${clientId}${path}`, {
        method,
        key: RELAY_KEY,
        ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      });
    return {
      register: () => send('PUT', '', REGISTER),
      commands: () => send('PUT', '/commands', COMMANDS),
      heartbeat: () => send('POST', '/stats', STATS),
      delete: () => send('DELETE', ''),
      get: (path = '') => send('GET', path),
    };
  }
  type Write = 'register' | 'commands' | 'heartbeat' | 'delete';

  /**
   * The bot is absent (no item at all) or whole: a profile with every field, on its owner's list
   * (and, unverified, on no public one), and only records of its
   * own generation. The API reads the same. Returns the items.
   */
  async function expectWholeOrAbsent(clientId: string): Promise<Record<string, any>[]> {
    const items = await itemsOf(`BOT#${clientId}`);
    const profile = items.find((item) => item.sk === 'PROFILE');
    if (!profile) {
      expect(items).toEqual([]);
      expect((await botApi(clientId).get()).status).toBe(404);
      return items;
    }
    expect(profile).toMatchObject({
      clientId,
      name: REGISTER.name,
      public: true,
      tags: REGISTER.tags,
      ownerAccount: expect.any(String),
      generation: expect.any(String),
      createdAt: ISO,
      updatedAt: ISO,
      stats: expect.any(Object),
    });
    // On its owner's list; off the public listings until its owner proves control.
    expect([profile.gsi3pk, profile.gsi3sk, profile.gsi1pk, profile.gsi2pk]).toEqual([
      `ACCOUNT#${profile.ownerAccount}`,
      `BOT#${clientId}`,
      undefined,
      undefined,
    ]);
    for (const item of items.filter((i) => i !== profile)) {
      if (item.sk === 'COMMANDS')
        expect(item).toMatchObject({ generation: profile.generation, commands: expect.any(Array), updatedAt: ISO });
      else
        expect(item).toMatchObject({
          sk: expect.stringMatching(new RegExp(`^STATS#${profile.generation}#`)),
          hour: ISO,
          beats: expect.any(Number),
          expiresAt: expect.any(Number),
        });
    }
    const read = await botApi(clientId).get();
    expect([read.status, read.json.data.clientId]).toEqual([200, clientId]);
    return items;
  }

  /** What each write leaves once done, whatever outage came in between. */
  const DONE: Record<Write, (items: Record<string, any>[], clientId: string) => Promise<void> | void> = {
    register: (items) => expect(items.map((item) => item.sk)).toEqual(['PROFILE']),
    commands: (items) => expect(items.find((item) => item.sk === 'COMMANDS')?.commands).toEqual(COMMANDS.commands),
    heartbeat: (items) => {
      // The example heartbeat is one shard's: its figures sit in the profile's shard map, not its stats.
      const profile = items.find((item) => item.sk === 'PROFILE');
      const own = STATS.shardId === undefined ? profile?.stats : profile?.shardStats?.[String(STATS.shardId)];
      expect(own).toMatchObject({ guilds: STATS.guilds, users: STATS.users });
      expect(items.find((item) => item.sk.startsWith('STATS#'))).toMatchObject({
        guilds: STATS.guilds,
        beats: expect.any(Number),
      });
    },
    delete: async (items, clientId) => {
      expect(items).toEqual([]);
      expect((await botApi(clientId).get('/commands')).status).toBe(404);
    },
  };

  const WRITES: { write: Write; after: Write[]; calls: ('read' | 'write')[] }[] = [
    { write: 'register', after: [], calls: ['write'] },
    { write: 'commands', after: ['register'], calls: ['read', 'write'] },
    { write: 'heartbeat', after: ['register'], calls: ['write', 'write'] },
    { write: 'delete', after: ['register', 'commands', 'heartbeat'], calls: ['read', 'read', 'write', 'write'] },
  ];

  test.each(cutsOf(WRITES))(
    '%s, the store stopping %s its call %i: 503, then whole or absent after the restart, and a retry completes it',
    async (write, when, nth) => {
      const clientId = relay.hookId();
      const bot = botApi(clientId);
      for (const step of WRITES.find((w) => w.write === write)?.after ?? [])
        expect([step, (await bot[step]()).status < 300]).toEqual([step, true]);
      const acknowledged = await itemsOf(`BOT#${clientId}`);

      expectErrorEnvelope(await cut(`BOT#${clientId}`, when, nth, bot[write]), 503, 'SERVICE_UNAVAILABLE');
      await store.start();
      const restarted = await expectWholeOrAbsent(clientId);
      // What was acknowledged before the outage is all still there (a delete may have begun its sweep).
      if (write !== 'delete')
        expect(restarted.map((item) => item.sk)).toEqual(expect.arrayContaining(acknowledged.map((item) => item.sk)));
      // Stopped before its first call reached the store, a write leaves no trace at all.
      if (when === 'before' && nth === 1) expect(restarted).toEqual(acknowledged);

      const retried = await bot[write]();
      // A register that landed unseen is a replacement now; a delete that did finds the bot gone.
      const landed = restarted.length > acknowledged.length;
      const status = {
        register: landed ? 200 : 201,
        commands: 200,
        heartbeat: 200,
        delete: restarted.length === 0 ? 404 : 200,
      }[write];
      expect(retried.status).toBe(status);
      await DONE[write](await expectWholeOrAbsent(clientId), clientId);
    },
  );
});

describe('webhook deliveries', () => {
  const WRITES: { write: 'relay'; calls: ('read' | 'write')[] }[] = [
    // What Discord said of the token, the webhook's secrets, the claim, the webhook's retry queue, the outcome.
    { write: 'relay', calls: ['read', 'read', 'write', 'read', 'write'] },
  ];

  /**
   * The delivery's record is absent or whole: every field, and no
   * message or token (Discord never failed it: nothing to replay).
   */
  async function expectWholeOrAbsent(webhookId: string): Promise<Record<string, any> | undefined> {
    const items = (await itemsOf(`HOOK#${webhookId}`)).filter((item) => item.sk.startsWith('DELIVERY#'));
    expect(items.length).toBeLessThanOrEqual(1);
    const [record] = items;
    if (!record) return undefined;
    expect(record).toMatchObject({
      webhookId,
      provider: 'github',
      event: 'star',
      outcome: expect.stringMatching(/^(pending|forwarded)$/),
      receivedAt: ISO,
      updatedAt: ISO,
      expiresAt: expect.any(Number),
    });
    expect([record.message, record.sealedToken, record.gsi1pk]).toEqual([undefined, undefined, undefined]);
    return record;
  }

  /** Ages a claim past a minute, as if its attempt had died that long ago. */
  const age = (record: Record<string, any>) =>
    relay.stores.db.send(
      new UpdateCommand({
        TableName: 'e2e-table',
        Key: { pk: record.pk, sk: record.sk },
        UpdateExpression: 'SET updatedAt = :then',
        ExpressionAttributeValues: { ':then': new Date(Date.now() - 61_000).toISOString() },
      }),
    );

  test.each(cutsOf(WRITES))(
    'the %s, the store stopping %s its call %i: acknowledged once Discord has it, posted once',
    async (_write, when, nth) => {
      const webhookId = relay.hookId();
      const star = () => relay.star(webhookId, `cut-${webhookId}`);

      const reply = await stopDuring(`HOOK#${webhookId}`, when, nth, star);
      await store.start();
      const restarted = await expectWholeOrAbsent(webhookId);
      if (relay.discord.posted().length === 1) {
        // Discord took it before its outcome could be logged: acknowledged, so the provider does not send it again.
        expectAnswer(reply, 200, /^forwarded: star$/);
      } else {
        expectAnswer(reply, 503, /unavailable/, 'SERVICE_UNAVAILABLE');
        expect(reply.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER));
        // The provider retries: forwarded if nothing was claimed. A claim whose attempt died before
        // posting is not acknowledged (503, retry later) until it is a minute old; then it is forwarded.
        if (restarted) {
          expect(restarted).toMatchObject({ outcome: 'pending' });
          expectAnswer(await star(), 503, /^in flight: star /, 'SERVICE_UNAVAILABLE');
          await age(restarted);
        }
        expectAnswer(await star(), 200, /^forwarded: star$/);
      }
      // A copy sent later is never posted again: a duplicate, or
      // (its outcome unlogged, a minute not yet over) told to wait.
      const late = await star();
      if (late.status === 200) expectAnswer(late, 200, /^duplicate: star$/);
      else expectAnswer(late, 503, /^in flight: star /, 'SERVICE_UNAVAILABLE');
      expect(relay.discord.posted()).toHaveLength(1);
    },
  );
});
