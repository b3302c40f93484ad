import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startTestStore, type TestStore } from '../support/dynamo';

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(async () => {
  await store.close();
});

const NOW = new Date('2026-11-22T12:00:00.000Z');
const key = (deliveryId: string) => ({ webhookId: '300000000000000001', provider: 'github', deliveryId });
const record = async (deliveryId: string) =>
  (await store.stores.db.send(new GetCommand({ TableName: store.tableName, Key: { pk: 'HOOK#300000000000000001', sk: `DELIVERY#github#${deliveryId}` } }))).Item;

test('one claim per delivery; a forwarded delivery stays claimed, with a 7-day TTL', async () => {
  const log = store.stores.deliveries;
  const claims = await Promise.all([1, 2, 3, 4].map(() => log.claim(key('a'), 'push', NOW)));
  expect(claims.sort()).toEqual(['claimed', 'duplicate', 'duplicate', 'duplicate']);
  await log.finish(key('a'), 'forwarded', NOW, { discordStatus: 200 });
  expect(await log.claim(key('a'), 'push', new Date(NOW.getTime() + 3600_000))).toBe('duplicate');
  expect(await record('a')).toMatchObject({ outcome: 'forwarded', discordStatus: 200, event: 'push', expiresAt: NOW.getTime() / 1000 + 7 * 86_400 });
});

test('a failed delivery keeps its rendered message and may be claimed again by the retry', async () => {
  const log = store.stores.deliveries;
  await log.claim(key('b'), 'push', NOW);
  await log.finish(key('b'), 'failed', NOW, { discordStatus: 500, message: { content: 'hi', allowed_mentions: { parse: [] } } });
  expect(await record('b')).toMatchObject({ outcome: 'failed', message: { content: 'hi' } });
  expect(await log.claim(key('b'), 'push', NOW)).toBe('claimed');
});

test('a claim left pending by a crashed attempt is taken over after a minute, not before', async () => {
  const log = store.stores.deliveries;
  await log.claim(key('c'), 'push', NOW);
  expect(await log.claim(key('c'), 'push', new Date(NOW.getTime() + 30_000))).toBe('duplicate');
  expect(await log.claim(key('c'), 'push', new Date(NOW.getTime() + 61_000))).toBe('claimed');
});
