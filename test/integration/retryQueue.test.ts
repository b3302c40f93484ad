import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { CALL_DEADLINE_MS } from '../../shared/aws/callLimits';
import { budgetedCall, withinRequestBudget } from '../../shared/aws/requestBudget';
import { LocalSecretBox } from '../../shared/crypto/secretBox';
import type { DeliveryKey } from '../../shared/store';
import { tokenContext } from '../../shared/webhooks/forward';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';
import { replayDelivery } from '../../shared/webhooks/replay';
import {
  drainWebhook,
  MAX_ATTEMPTS,
  queueAfterFirstAttempt,
  queueBehind,
  type RetryDeps,
} from '../../shared/webhooks/retries';
import { discordJson, startFakeDiscord, type FakeDiscord } from '../support/fakeDiscord';
import { startTestStore, type TestStore } from '../support/dynamo';

/** The retry queue over the embedded DynamoDB and a fake Discord, with a clock the test moves. */
let store: TestStore;
let discord: FakeDiscord;
let deps: RetryDeps;
let now: Date;
const kicks: [string, number][] = [];
const box = new LocalSecretBox(randomBytes(32));
const TOKEN = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';
const DUPLICATE = { kind: 'duplicate' };

beforeAll(async () => {
  store = await startTestStore();
  discord = await startFakeDiscord();
  deps = {
    deliveries: store.stores.deliveries,
    retryQueue: store.stores.retryQueue,
    kicker: { kick: async (webhookId, seconds) => void kicks.push([webhookId, seconds]) },
    secretBox: box,
    pairGuard: pairGuardOver(store.stores, () => now),
    discordApiBase: discord.apiBase,
    now: () => now,
  };
});
afterAll(async () => {
  await discord.close();
  await store.close();
});
beforeEach(() => {
  now = new Date('2026-11-24T12:00:00.000Z');
  kicks.length = 0;
  discord.seen.length = 0;
  discord.script();
});

let next = 0;
/**
 * A delivery as the relay leaves it after Discord refused its first attempt: kept, queued, due `inSeconds` from now.
 */
async function queued(webhookId: string, n: number, inSeconds = 0): Promise<DeliveryKey> {
  const key = { webhookId, provider: 'github', deliveryId: `d-${++next}` };
  const sealedToken = await box.seal(TOKEN, tokenContext(webhookId));
  await deps.deliveries.claim(key, 'push', now, {
    message: { content: `message ${n}`, allowed_mentions: { parse: [] } },
    sealedToken,
  });
  await deps.deliveries.finish(key, 'queued', now, {
    retry: { attempts: 1, at: new Date(now.getTime() + inSeconds * 1000) },
  });
  await deps.retryQueue.add(key, now);
  return key;
}
const contents = () => discord.posted().map((request) => request.body.content);
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

test("a queued delivery is the queue's: the provider's retry of it is a duplicate", async () => {
  const key = await queued('400000000000000001', 1);
  expect(await deps.deliveries.claim(key, 'push', now)).toEqual(DUPLICATE);
});

test('the head is waited for until due, then the queue is posted in order and emptied', async () => {
  const id = '400000000000000002';
  await queued(id, 1, 30);
  await queued(id, 2);
  expect(await drainWebhook(id, deps)).toEqual({ kind: 'wait', seconds: 30 });
  expect(contents()).toEqual([]);
  later(30);
  expect(await drainWebhook(id, deps)).toEqual({ kind: 'empty' });
  expect(contents()).toEqual(['message 1', 'message 2']);
  expect((await deps.deliveries.listForWebhook(id)).map((record) => record.outcome)).toEqual([
    'forwarded',
    'forwarded',
  ]);
});

test("Discord's Retry-After is honoured, else the wait doubles; the last failure gives it up", async () => {
  const id = '400000000000000003';
  const key = await queued(id, 1);
  discord.script(discordJson(429, { retry_after: 42 }));
  expect(await drainWebhook(id, deps)).toEqual({ kind: 'wait', seconds: 42 });
  expect(await deps.deliveries.get(key)).toMatchObject({ outcome: 'queued', attempts: 2 });
  const waits: number[] = [];
  for (let attempt = 3; attempt <= MAX_ATTEMPTS; attempt += 1) {
    later(3600);
    discord.script(discordJson(503, {}));
    const result = await drainWebhook(id, deps);
    if (result.kind === 'wait') waits.push(result.seconds);
    else expect(attempt).toBe(MAX_ATTEMPTS);
  }
  expect(waits).toEqual([20, 40, 80, 160, 320, 600, 600].slice(0, MAX_ATTEMPTS - 3));
  expect(await deps.retryQueue.head(id)).toBeUndefined();
  expect(await deps.deliveries.get(key)).toMatchObject({
    outcome: 'failed',
    message: expect.any(Object),
    sealedToken: expect.any(String),
  });
});

test('a head replayed by hand meanwhile leaves the queue; one being replayed right now is waited for', async () => {
  const id = '400000000000000004';
  const first = await queued(id, 1);
  await queued(id, 2);
  await deps.deliveries.claimReplay(first, now);
  expect(await drainWebhook(id, deps)).toEqual({ kind: 'wait', seconds: 5 });
  await deps.deliveries.finish(first, 'forwarded', now, { discordStatus: 200 });
  expect(await drainWebhook(id, deps)).toEqual({ kind: 'empty' });
  expect(contents()).toEqual(['message 2']);
});

test("Discord's answer to a replay is logged past the time budget, so it is not replayed twice", async () => {
  const id = '400000000000000006';
  const key = await queued(id, 1);
  // Discord answers after the request's other AWS call has used up the budget.
  discord.script((request, response) => void setTimeout(() => discordJson(200, { id: '1' })(request, response), 600));
  const stalledCall = () =>
    budgetedCall(CALL_DEADLINE_MS, (timeoutMs) => sleep(timeoutMs).then(() => Promise.reject(new Error('stalled'))));
  const result = await withinRequestBudget(async () => {
    const [replayed] = await Promise.all([replayDelivery(key, deps), stalledCall().catch(() => undefined)]);
    return replayed;
  }, 400);
  expect(result).toMatchObject({ kind: 'replayed', outcome: { kind: 'delivered' } });
  expect(await deps.deliveries.get(key)).toMatchObject({ outcome: 'forwarded' });
  later(61);
  expect(await deps.deliveries.claimReplay(key, now)).toBeUndefined();
  expect(contents()).toEqual(['message 1']);
});

test('an unsent kick leaves the delivery queued and answered "queued"; the next one kicks again', async () => {
  const id = '400000000000000005';
  const failing: RetryDeps = { ...deps, kicker: { kick: async () => Promise.reject(new Error('SQS is unreachable')) } };
  const key = { webhookId: id, provider: 'github', deliveryId: 'kick-1' };
  const sealedToken = await box.seal(TOKEN, tokenContext(id));
  await deps.deliveries.claim(key, 'push', now, {
    message: { content: 'message 1', allowed_mentions: { parse: [] } },
    sealedToken,
  });
  await deps.deliveries.finish(key, 'failed', now, {
    kept: { message: { content: 'message 1', allowed_mentions: { parse: [] } }, sealedToken },
  });
  await expect(
    queueAfterFirstAttempt(key, { kind: 'failed', reason: 'Discord answered 500', kept: true }, failing),
  ).resolves.toBe(true);
  expect(await deps.deliveries.get(key)).toMatchObject({ outcome: 'queued', attempts: 1 });
  expect(await deps.retryQueue.head(id)).toMatchObject({ key });
  // The next delivery to that webhook waits behind it and kicks the queue.
  const next = { webhookId: id, provider: 'github', deliveryId: 'kick-2' };
  await deps.deliveries.claim(next, 'push', now);
  await expect(queueBehind(next, TOKEN, { content: 'message 2', allowed_mentions: { parse: [] } }, deps)).resolves.toBe(
    true,
  );
  expect(kicks).toEqual([[id, 0]]);
});

describe('faults between the queue and the log', () => {
  const failedFirstAttempt = async (webhookId: string, deliveryId: string, content: string) => {
    const key = { webhookId, provider: 'github', deliveryId };
    const kept = {
      message: { content, allowed_mentions: { parse: [] } },
      sealedToken: await box.seal(TOKEN, tokenContext(webhookId)),
    };
    await deps.deliveries.claim(key, 'push', now);
    await deps.deliveries.finish(key, 'failed', now, { kept });
    return key;
  };
  const refusedOnce = { kind: 'failed', reason: 'Discord answered 500', kept: true } as const;

  test("a delivery is never marked queued without its queue entry; the provider's retry is taken", async () => {
    const id = '400000000000000011';
    const key = await failedFirstAttempt(id, 'lost-1', 'message 1');
    const noEntry: RetryDeps = {
      ...deps,
      retryQueue: { ...deps.retryQueue, add: async () => Promise.reject(new Error('the store is down')) },
    };
    await expect(queueAfterFirstAttempt(key, refusedOnce, noEntry)).rejects.toThrow('the store is down');
    expect(await deps.deliveries.get(key)).toMatchObject({ outcome: 'failed' });
    expect(await deps.deliveries.claim(key, 'push', now)).toEqual({ kind: 'claimed' });
  });

  test('the entry written but the record not marked: the drain still posts it, once', async () => {
    const id = '400000000000000012';
    const key = await failedFirstAttempt(id, 'half-1', 'message 1');
    const unmarked: RetryDeps = {
      ...deps,
      deliveries: Object.assign(Object.create(deps.deliveries), {
        finish: async () => Promise.reject(new Error('the store is down')),
      }),
    };
    await expect(queueAfterFirstAttempt(key, refusedOnce, unmarked)).rejects.toThrow('the store is down');
    expect(await drainWebhook(id, deps)).toEqual({ kind: 'empty' });
    expect(await drainWebhook(id, deps)).toEqual({ kind: 'empty' });
    expect(contents()).toEqual(['message 1']);
  });

  test('a stale pending head without its message leaves the queue; those behind it are posted', async () => {
    const id = '400000000000000013';
    const first = await queued(id, 1);
    await queued(id, 2);
    // Replayed by hand and failed again, then taken over by the provider's retry, which died: pending, no message.
    await deps.deliveries.finish(first, 'failed', now);
    expect(await deps.deliveries.claim(first, 'push', now)).toEqual({ kind: 'claimed' });
    expect(await drainWebhook(id, deps)).toEqual({ kind: 'wait', seconds: 5 });
    later(61);
    expect(await drainWebhook(id, deps)).toEqual({ kind: 'empty' });
    expect(contents()).toEqual(['message 2']);
  });

  test('with the key service down a new delivery neither overtakes nor waits: 503, its claim given back', async () => {
    const id = '400000000000000014';
    await queued(id, 1, 30);
    const next = { webhookId: id, provider: 'github', deliveryId: 'no-kms-2' };
    await deps.deliveries.claim(next, 'push', now);
    const noKeyService: RetryDeps = {
      ...deps,
      secretBox: {
        ...box,
        seal: async () => Promise.reject(new Error('KMS is unreachable')),
        open: box.open.bind(box),
      },
    };
    await expect(
      queueBehind(next, TOKEN, { content: 'message 2', allowed_mentions: { parse: [] } }, noKeyService),
    ).rejects.toMatchObject({ statusCode: 503, headers: { 'Retry-After': expect.any(String) } });
    expect(contents()).toEqual([]);
    // The provider's retry is taken at once (not "in flight" for a minute), and then waits behind the queue.
    expect(await deps.deliveries.claim(next, 'push', now)).toEqual({ kind: 'claimed' });
    await expect(
      queueBehind(next, TOKEN, { content: 'message 2', allowed_mentions: { parse: [] } }, deps),
    ).resolves.toBe(true);
    later(30);
    expect(await drainWebhook(id, deps)).toEqual({ kind: 'empty' });
    expect(contents()).toEqual(['message 1', 'message 2']);
  });

  test('a head sealed under another secret key is given up (still logged); the queue goes on', async () => {
    const id = '400000000000000015';
    // Sealed before the secret key was changed.
    const first = { webhookId: id, provider: 'github', deliveryId: 'other-key-1' };
    const message = { content: 'message 1', allowed_mentions: { parse: [] } };
    await deps.deliveries.claim(first, 'push', now, {
      message,
      sealedToken: await new LocalSecretBox(randomBytes(32)).seal(TOKEN, tokenContext(id)),
    });
    await deps.deliveries.finish(first, 'queued', now, { retry: { attempts: 1, at: now } });
    await deps.retryQueue.add(first, now);
    await queued(id, 2);
    expect(await drainWebhook(id, deps)).toEqual({ kind: 'empty' });
    expect(contents()).toEqual(['message 2']);
    expect(await deps.deliveries.get(first)).toMatchObject({
      outcome: 'failed',
      message,
      sealedToken: expect.any(String),
    });
  });
});
