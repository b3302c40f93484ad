import { getEventListeners } from 'node:events';
import { Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/store/client';
import { inProcessTransport } from '../../shared/store/inProcessStores';
import { startEmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import { startStoreThread } from '../../infra/local/storeThread';
import { startTestStore, type TestStore } from '../support/dynamo';

type DocumentClient = ReturnType<typeof createDocumentClient>;
/** A read of an item no test writes: a call that only the store's door (guard, abort, close) can fail. */
const readNothing = (db: DocumentClient, tableName: string, abortSignal?: AbortSignal) =>
  db.send(new GetCommand({ TableName: tableName, Key: { pk: 'a', sk: 'b' } }), { abortSignal });

// The same store, started in this thread (the integration suites) or on one of its own (the local server).
describe.each([
  ['in this thread', () => startEmbeddedDynamo()],
  ['on a thread of its own', () => startStoreThread()],
])('the embedded store %s', (_where, start) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore(start);
  });
  afterAll(async () => {
    await store?.close();
  });

  const MID_HOUR = Date.UTC(2026, 0, 1, 12, 30);
  const config = () => ({ tableName: store.tableName, endpoint: store.dynamo.endpoint, region: 'us-east-1' });

  test("this process's clients reach its embedded store without a socket, past its guard and watch", async () => {
    expect(inProcessTransport(store.dynamo.endpoint)).toBeDefined();
    const connects = jest.spyOn(Socket.prototype, 'connect');
    const db = createDocumentClient({ ...config(), embedded: true });
    const calls = store.dynamo.watch.calls();
    try {
      // Mid-hour, so the first take is the one seeding write (no hour before to carry over).
      const take = () =>
        store.stores.rateCounters.take({ principal: 'key:in-process', limit: 5, nowMs: MID_HOUR, keepUntil: 0 });
      expect((await take()).state.total).toBe(1);
      expect((await take()).state.total).toBe(2);
      const { Item } = await db.send(
        new GetCommand({ TableName: store.tableName, Key: { pk: 'nothing', sk: 'here' } }),
      );
      expect(Item).toBeUndefined();
    } finally {
      db.destroy();
      connects.mockRestore();
    }
    expect(connects).not.toHaveBeenCalled();
    expect(store.dynamo.watch.calls() - calls).toBe(3);
  });

  test('a client naming another access key is refused in process too, as over loopback', async () => {
    const own = process.env.DYNAMODB_ACCESS_KEY_ID;
    process.env.DYNAMODB_ACCESS_KEY_ID = 'someone-else';
    const intruder = createDocumentClient({ ...config(), embedded: true });
    process.env.DYNAMODB_ACCESS_KEY_ID = own;
    try {
      await expect(readNothing(intruder, store.tableName)).rejects.toMatchObject({
        name: 'UnrecognizedClientException',
      });
    } finally {
      intruder.destroy();
    }
  });

  test('a call aborted on its way is refused as aborted, and the store answers the next one', async () => {
    const db = createDocumentClient({ ...config(), embedded: true });
    const get = (abortSignal?: AbortSignal) => readNothing(db, store.tableName, abortSignal);
    try {
      const controller = new AbortController();
      const aborted = get(controller.signal);
      controller.abort();
      await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
      await expect(get()).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    } finally {
      db.destroy();
    }
  });

  test('a signal shared by many calls holds no listener for those already answered', async () => {
    const db = createDocumentClient({ ...config(), embedded: true });
    const shutdown = new AbortController();
    try {
      for (let i = 0; i < 20; i++) await readNothing(db, store.tableName, shutdown.signal);
      expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
    } finally {
      db.destroy();
    }
  });

  test('a closed store is no longer answered in process, and an older client is refused as by a socket', async () => {
    const other = await startTestStore(start);
    const { endpoint } = other.dynamo;
    expect(inProcessTransport(endpoint)).toBeDefined();
    const before = createDocumentClient({ tableName: other.tableName, endpoint, region: 'us-east-1', embedded: true });
    await other.close();
    expect(inProcessTransport(endpoint)).toBeUndefined();
    try {
      await expect(readNothing(before, other.tableName)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      before.destroy();
    }
  });

  test('closing the store lets the calls under way finish before its database closes', async () => {
    const other = await startTestStore(start);
    const db = createDocumentClient({
      tableName: other.tableName,
      endpoint: other.dynamo.endpoint,
      region: 'us-east-1',
      embedded: true,
    });
    try {
      const query = () =>
        db.send(
          new QueryCommand({
            TableName: other.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': 'nothing' },
          }),
        );
      const seen = other.dynamo.watch.calls();
      const underWay = Array.from({ length: 20 }, query);
      // Closed once the first call is inside dynalite: those under way are answered, the later ones refused.
      while (other.dynamo.watch.calls() === seen) await new Promise((resolve) => setImmediate(resolve));
      await other.close();
      const answers = await Promise.allSettled(underWay);
      expect(answers.some((answer) => answer.status === 'fulfilled')).toBe(true);
      for (const answer of answers)
        if (answer.status === 'rejected') expect(answer.reason).toMatchObject({ code: 'ECONNREFUSED' });
      await expect(query()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      db.destroy();
    }
  });
});

describe('the embedded store on a thread of its own, when the thread ends', () => {
  test('its calls under way fail at once, and each later call is refused with an error of its own', async () => {
    const other = await startTestStore(() => startStoreThread());
    const db = createDocumentClient({
      tableName: other.tableName,
      endpoint: other.dynamo.endpoint,
      region: 'us-east-1',
      embedded: true,
    });
    const get = () => readNothing(db, other.tableName);
    // The thread ends as the first call reaches it, before it can answer any: they are all under way.
    const posts = jest.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker) {
      void this.terminate();
    });
    try {
      const underWay = Array.from({ length: 5 }, get);
      while (posts.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
      posts.mockRestore();
      for (const answer of await Promise.allSettled(underWay))
        expect(answer).toMatchObject({ status: 'rejected', reason: { code: 'ECONNREFUSED' } });
      const [first, second] = await Promise.all([get().catch((error) => error), get().catch((error) => error)]);
      expect(first).toMatchObject({ code: 'ECONNREFUSED' });
      expect(second).toMatchObject({ code: 'ECONNREFUSED' });
      expect(first).not.toBe(second);
    } finally {
      posts.mockRestore();
      db.destroy();
      await other.close();
    }
  });

  test('closing does not wait for ever on a thread that never says it has closed', async () => {
    const other = await startTestStore(() => startStoreThread());
    // The close request is lost on its way, as to a hung thread: closing ends the thread after its patience.
    const posts = jest.spyOn(Worker.prototype, 'postMessage').mockImplementation(() => undefined);
    const started = Date.now();
    try {
      await other.close();
    } finally {
      posts.mockRestore();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 15_000);
});
