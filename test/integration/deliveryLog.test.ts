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
  await log.finish(key('b'), 'failed', NOW, { discordStatus: 500, replay: { message: { content: 'hi', allowed_mentions: { parse: [] } }, sealedToken: 'sealed' } });
  expect(await record('b')).toMatchObject({ outcome: 'failed', message: { content: 'hi' }, sealedToken: 'sealed', gsi1pk: 'DELIVERIES#FAILED' });
  expect(await log.claim(key('b'), 'push', NOW)).toBe('claimed');
  // The retry's claim starts a fresh record: no stale message, not in the failed listing.
  expect(await record('b')).not.toHaveProperty('message');
  expect(await record('b')).not.toHaveProperty('gsi1pk');
});

test('replay data is kept only for replayable outcomes and dropped once forwarded', async () => {
  const log = store.stores.deliveries;
  const replay = { message: { content: 'kept' }, sealedToken: 'sealed' };
  await log.claim(key('r1'), 'push', NOW);
  await log.finish(key('r1'), 'rejected', NOW, { discordStatus: 404, replay });
  expect(await record('r1')).not.toHaveProperty('message');
  await log.claim(key('r2'), 'push', NOW);
  await log.finish(key('r2'), 'rateLimited', NOW, { replay });
  expect(await record('r2')).toMatchObject({ outcome: 'rateLimited', message: { content: 'kept' } });
  await log.finish(key('r2'), 'forwarded', NOW, { discordStatus: 200 });
  const forwarded = await record('r2');
  expect(forwarded).toMatchObject({ outcome: 'forwarded' });
  for (const gone of ['message', 'sealedToken', 'gsi1pk', 'gsi1sk']) expect(forwarded).not.toHaveProperty(gone);
});

test('a replay claim is taken once; a finished, unknown or fresh-pending delivery cannot be replayed', async () => {
  const log = store.stores.deliveries;
  await log.claim(key('p'), 'push', NOW);
  await log.finish(key('p'), 'failed', NOW, { discordStatus: 502, replay: { message: { content: 'again' }, sealedToken: 'sealed' } });
  const claims = await Promise.all([1, 2, 3].map(() => log.claimReplay(key('p'), NOW)));
  const taken = claims.filter(Boolean);
  expect(taken).toHaveLength(1);
  expect(taken[0]).toMatchObject({ ...key('p'), event: 'push', outcome: 'pending', message: { content: 'again' }, sealedToken: 'sealed' });
  // The provider's own retry waits while the replay runs.
  expect(await log.claim(key('p'), 'push', NOW)).toBe('duplicate');
  // A replay that crashed is taken over after a minute.
  expect(await log.claimReplay(key('p'), new Date(NOW.getTime() + 61_000))).toBeDefined();
  await log.finish(key('p'), 'forwarded', NOW, { discordStatus: 200 });
  expect(await log.claimReplay(key('p'), new Date(NOW.getTime() + 3600_000))).toBeUndefined();
  expect(await log.claimReplay(key('never-seen'), NOW)).toBeUndefined();
});

test('the failed listing spans webhooks, newest first; a webhook lists its own log', async () => {
  const log = store.stores.deliveries;
  const other = { webhookId: '300000000000000002', provider: 'gitlab', deliveryId: 'f2' };
  await log.claim(key('f1'), 'push', NOW);
  await log.finish(key('f1'), 'failed', NOW, { replay: { message: {}, sealedToken: 's' } });
  await log.claim(other, 'Push Hook', NOW);
  await log.finish(other, 'failed', new Date(NOW.getTime() + 1000), { replay: { message: {}, sealedToken: 's' } });
  const failed = await log.listFailed();
  const ids = failed.map((r) => r.deliveryId);
  expect(ids.indexOf('f2')).toBeLessThan(ids.indexOf('f1'));
  expect(failed.every((r) => r.outcome === 'failed' || r.outcome === 'rateLimited')).toBe(true);
  const own = await log.listForWebhook('300000000000000002');
  expect(own.map((r) => r.deliveryId)).toEqual(['f2']);
});

test('a claim left pending by a crashed attempt is taken over after a minute, not before', async () => {
  const log = store.stores.deliveries;
  await log.claim(key('c'), 'push', NOW);
  expect(await log.claim(key('c'), 'push', new Date(NOW.getTime() + 30_000))).toBe('duplicate');
  expect(await log.claim(key('c'), 'push', new Date(NOW.getTime() + 61_000))).toBe('claimed');
});
