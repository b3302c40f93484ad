import { expect, test } from '@jest/globals';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDeliveryLog, isReplayable } from '../../shared/store/deliveries';
import { suiteStore } from '../support/dynamo';

const store = suiteStore();

const NOW = new Date('2026-11-22T12:00:00.000Z');
const CLAIMED = { kind: 'claimed' };
const DUPLICATE = { kind: 'duplicate' };
/** Held by an attempt that has not logged its outcome: its claim is stale in `seconds`. */
const inFlight = (seconds: number) => ({ kind: 'inFlight', retryAfterSeconds: seconds });
const key = (deliveryId: string) => ({ webhookId: '300000000000000001', provider: 'github', deliveryId });
const record = async (deliveryId: string) =>
  (
    await store().stores.db.send(
      new GetCommand({
        TableName: store().tableName,
        Key: { pk: 'HOOK#300000000000000001', sk: `DELIVERY#github#${deliveryId}` },
      }),
    )
  ).Item;

test('one claim per delivery, others told it is in flight; a forwarded one stays claimed 7 days', async () => {
  const log = store().stores.deliveries;
  const claims = await Promise.all([1, 2, 3, 4].map(() => log.claim(key('a'), 'push', NOW)));
  expect(claims.filter((claim) => claim.kind === 'claimed')).toHaveLength(1);
  expect(claims.filter((claim) => claim.kind !== 'claimed')).toEqual([inFlight(60), inFlight(60), inFlight(60)]);
  await log.finish(key('a'), 'forwarded', NOW, { discordStatus: 200 });
  expect(await log.claim(key('a'), 'push', new Date(NOW.getTime() + 3600_000))).toEqual(DUPLICATE);
  expect(await record('a')).toMatchObject({
    outcome: 'forwarded',
    discordStatus: 200,
    event: 'push',
    expiresAt: NOW.getTime() / 1000 + 7 * 86_400,
  });
});

const KEPT = { message: { content: 'hi', allowed_mentions: { parse: [] } }, sealedToken: 'sealed' };

test('a delivery claimed with its message keeps it while failed and may be claimed again by the retry', async () => {
  const log = store().stores.deliveries;
  await log.claim(key('b'), 'push', NOW, KEPT);
  expect(await record('b')).toMatchObject({
    outcome: 'pending',
    message: { content: 'hi' },
    sealedToken: 'sealed',
    gsi1pk: 'DELIVERIES#KEPT',
  });
  await log.finish(key('b'), 'failed', NOW, { discordStatus: 500 });
  expect(await record('b')).toMatchObject({
    outcome: 'failed',
    discordStatus: 500,
    message: { content: 'hi' },
    sealedToken: 'sealed',
    gsi1pk: 'DELIVERIES#KEPT',
  });
  // The retry's claim starts a fresh record, without a message of its own here.
  expect(await log.claim(key('b'), 'push', NOW)).toEqual(CLAIMED);
  expect(await record('b')).not.toHaveProperty('message');
  expect(await record('b')).not.toHaveProperty('gsi1pk');
});

test('the message is dropped once the outcome is not replayable, kept while it is', async () => {
  const log = store().stores.deliveries;
  await log.claim(key('r1'), 'push', NOW, KEPT);
  await log.finish(key('r1'), 'rejected', NOW, { discordStatus: 404 });
  expect(await record('r1')).not.toHaveProperty('message');
  await log.claim(key('r2'), 'push', NOW, KEPT);
  await log.finish(key('r2'), 'rateLimited', NOW);
  expect(await record('r2')).toMatchObject({ outcome: 'rateLimited', message: { content: 'hi' } });
  await log.finish(key('r2'), 'forwarded', NOW, { discordStatus: 200 });
  const forwarded = await record('r2');
  expect(forwarded).toMatchObject({ outcome: 'forwarded' });
  for (const gone of ['message', 'sealedToken', 'gsi1pk', 'gsi1sk']) expect(forwarded).not.toHaveProperty(gone);
});

test("Discord's error is kept with a message it refused; a retry's claim starts without it", async () => {
  const log = store().stores.deliveries;
  await log.claim(key('invalid'), 'push', NOW);
  await log.finish(key('invalid'), 'rejected', NOW, { discordStatus: 400, discordError: '50035 Invalid Form Body' });
  expect(await log.get(key('invalid'))).toMatchObject({
    outcome: 'rejected',
    discordStatus: 400,
    discordError: '50035 Invalid Form Body',
  });
  // The provider's retry, posted once the rendering is fixed.
  expect(await log.claim(key('invalid'), 'push', NOW)).toEqual(CLAIMED);
  await log.finish(key('invalid'), 'forwarded', NOW, { discordStatus: 200 });
  expect(await log.get(key('invalid'))).not.toHaveProperty('discordError');
});

test('finish never recreates a record that is gone (the TTL removed it meanwhile)', async () => {
  await store().stores.deliveries.finish(key('expired'), 'forwarded', NOW, { discordStatus: 200 });
  expect(await record('expired')).toBeUndefined();
});

test('a replay claim is taken once; a finished, unknown or fresh-pending delivery cannot be replayed', async () => {
  const log = store().stores.deliveries;
  await log.claim(key('p'), 'push', NOW, { ...KEPT, message: { content: 'again' } });
  // An attempt that died is replayable after a minute, before it logged any outcome.
  expect(await log.claimReplay(key('p'), NOW)).toBeUndefined();
  await log.finish(key('p'), 'failed', NOW, { discordStatus: 502 });
  const claims = await Promise.all([1, 2, 3].map(() => log.claimReplay(key('p'), NOW)));
  const taken = claims.filter(Boolean);
  expect(taken).toHaveLength(1);
  expect(taken[0]).toMatchObject({
    ...key('p'),
    event: 'push',
    outcome: 'pending',
    message: { content: 'again' },
    sealedToken: 'sealed',
  });
  // The provider's own retry waits while the replay runs: not acknowledged, since the replay may fail again.
  expect(await log.claim(key('p'), 'push', NOW)).toEqual(inFlight(60));
  // A replay that crashed is taken over after a minute.
  expect(await log.claimReplay(key('p'), new Date(NOW.getTime() + 61_000))).toBeDefined();
  await log.finish(key('p'), 'forwarded', NOW, { discordStatus: 200 });
  expect(await log.claimReplay(key('p'), new Date(NOW.getTime() + 3600_000))).toBeUndefined();
  expect(await log.claimReplay(key('never-seen'), NOW)).toBeUndefined();
});

test('an attempt that died before logging its outcome is listed as replayable after a minute', async () => {
  const log = store().stores.deliveries;
  await log.claim(key('died'), 'push', NOW, KEPT);
  const listed = (await log.listKept()).find((r) => r.deliveryId === 'died');
  expect(listed && isReplayable(listed, NOW)).toBe(false);
  expect(listed && isReplayable(listed, new Date(NOW.getTime() + 61_000))).toBe(true);
  expect(await log.claimReplay(key('died'), new Date(NOW.getTime() + 61_000))).toMatchObject({ message: KEPT.message });
});

test('the kept listing spans webhooks, newest first; a webhook lists its own log', async () => {
  const log = store().stores.deliveries;
  const other = { webhookId: '300000000000000002', provider: 'gitlab', deliveryId: 'f2' };
  await log.claim(key('f1'), 'push', NOW, KEPT);
  await log.finish(key('f1'), 'failed', NOW);
  await log.claim(other, 'Push Hook', new Date(NOW.getTime() + 1000), KEPT);
  await log.finish(other, 'failed', new Date(NOW.getTime() + 1000));
  const kept = await log.listKept();
  const ids = kept.map((r) => r.deliveryId);
  expect(ids.indexOf('f2')).toBeLessThan(ids.indexOf('f1'));
  expect(kept.every((r) => r.message !== undefined)).toBe(true);
  const own = await log.listForWebhook('300000000000000002');
  expect(own.map((r) => r.deliveryId)).toEqual(['f2']);
});

test("a crashed attempt's pending claim is in flight until a minute old, then taken over", async () => {
  const log = store().stores.deliveries;
  await log.claim(key('c'), 'push', NOW);
  expect(await log.claim(key('c'), 'push', new Date(NOW.getTime() + 30_000))).toEqual(inFlight(30));
  expect(await log.claim(key('c'), 'push', new Date(NOW.getTime() + 59_500))).toEqual(inFlight(1));
  expect(await log.claim(key('c'), 'push', new Date(NOW.getTime() + 61_000))).toEqual(CLAIMED);
});

test('finish keeps what a replay needs only with a replayable outcome', async () => {
  const log = store().stores.deliveries;
  await log.claim(key('k1'), 'push', NOW);
  await log.finish(key('k1'), 'forwarded', NOW, { discordStatus: 200, kept: KEPT });
  expect(await record('k1')).not.toHaveProperty('sealedToken');
  await log.claim(key('k2'), 'push', NOW);
  await log.finish(key('k2'), 'failed', NOW, { discordStatus: 503, kept: KEPT });
  expect(await record('k2')).toMatchObject({
    outcome: 'failed',
    message: { content: 'hi' },
    sealedToken: 'sealed',
    gsi1pk: 'DELIVERIES#KEPT',
  });
  expect((await log.listKept()).map((kept) => kept.deliveryId)).toContain('k2');
});

test('a signed delivery is claimed on its signature too: a new id waits, then is a duplicate', async () => {
  const log = store().stores.deliveries;
  const signed = (deliveryId: string) => ({ ...key(deliveryId), signatureHash: 'f'.repeat(64) });
  expect(await log.claim(signed('s1'), 'push', NOW)).toEqual(CLAIMED);
  expect(await log.claim(signed('s2'), 'push', NOW)).toEqual(inFlight(60));
  await log.finish(signed('s1'), 'failed', NOW, { discordStatus: 500 });
  expect(await log.claim(signed('s1'), 'push', NOW)).toEqual(CLAIMED);
  await log.finish(signed('s1'), 'forwarded', NOW, { discordStatus: 200 });
  expect(await log.claim(signed('s3'), 'push', NOW)).toEqual(DUPLICATE);
  // The record keeps the signature's hash (never the signature), so a replay can finish the signature's claim too.
  expect(await record('s1')).toHaveProperty('signatureHash', 'f'.repeat(64));
  expect((await log.listForWebhook('300000000000000001')).map((kept) => kept.deliveryId)).not.toContain(
    expect.stringMatching(/^SIGNED/),
  );
});

test('a delivered signed delivery with an unwritten outcome still makes its copies duplicates', async () => {
  // The store fails every write to the delivery's own item (its claim aside): the signature's item is written first.
  const { db } = store().stores;
  const failing = Object.assign(Object.create(db) as typeof db, {
    send: (command: { input: { Key?: { sk?: string } } }) =>
      command instanceof UpdateCommand && command.input.Key?.sk?.startsWith('DELIVERY#')
        ? Promise.reject(new Error('the store is down'))
        : db.send(command as never),
  });
  const log = new DynamoDeliveryLog(failing, store().tableName);
  const signed = (deliveryId: string) => ({ ...key(deliveryId), signatureHash: 'e'.repeat(64) });
  expect(await log.claim(signed('w1'), 'push', NOW)).toEqual(CLAIMED);
  await expect(log.finish(signed('w1'), 'forwarded', NOW, { discordStatus: 200 })).rejects.toThrow();
  expect(await log.claim(signed('w2'), 'push', NOW)).toEqual(DUPLICATE);
  expect(await log.claim(signed('w3'), 'push', new Date(NOW.getTime() + 120_000))).toEqual(DUPLICATE);
});
