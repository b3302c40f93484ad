import { expect, test } from '@jest/globals';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';
import { suiteStore } from '../support/dynamo';

/** The relay's memory of webhook tokens (by hash) and its count of Discord's invalid answers, against dynalite. */
const store = suiteStore();

const NOW = new Date('2026-11-22T12:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

test('a verdict holds until its expiry, even before the TTL sweep removes it', async () => {
  const pairs = store().stores.webhookPairs;
  await pairs.remember('300000000000000001', 'a'.repeat(64), { kind: 'refused', status: 401 }, seconds(NOW) + 600);
  expect(await pairs.get('300000000000000001', 'a'.repeat(64), NOW)).toEqual({ kind: 'refused', status: 401 });
  expect(await pairs.get('300000000000000001', 'a'.repeat(64), new Date(NOW.getTime() + 600_000))).toBeUndefined();
  expect(await pairs.get('300000000000000001', 'b'.repeat(64), NOW)).toBeUndefined();
  await pairs.remember(
    '300000000000000001',
    'a'.repeat(64),
    { kind: 'good', since: NOW.toISOString() },
    seconds(NOW) + 86_400,
  );
  expect(await pairs.get('300000000000000001', 'a'.repeat(64), NOW)).toEqual({
    kind: 'good',
    since: NOW.toISOString(),
  });
});

test('invalid answers add up atomically per window', async () => {
  const counter = store().stores.invalidAnswers;
  expect(await counter.read(600)).toBe(0);
  await Promise.all([1, 2, 3].map((count) => counter.add(600, count, 1800)));
  expect(await counter.read(600)).toBe(6);
  expect(await counter.read(1200)).toBe(0);
});

test("the brake sums this window and the last: invalid answers at one's end brake the next's start", async () => {
  const at = { now: new Date(1_800_000_000_000 - 5_000) }; // 5 s before a 10-minute boundary
  const guard = pairGuardOver(store().stores, () => at.now, {
    newPairsPerMinute: 100,
    refusedPerMinute: 100,
    brakeInvalidPer10Min: 3,
  });
  const unknown = async () =>
    guard.admit(await guard.recall('300000000000000002', `token-${Math.random()}`), { sourceIp: '203.0.113.9' });
  const refused = await guard.recall('300000000000000002', 'a-wrong-token-of-twenty');
  // One call whose answers Discord counted three times against the service.
  await guard.consult(refused, async (onInvalidAnswer) => {
    for (let n = 0; n < 3; n += 1) onInvalidAnswer();
    return { kind: 'rejected', status: 401, reason: 'unauthorized' };
  });
  await expect(unknown()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

  at.now = new Date(1_800_000_000_000 + 5_000); // 10 s later, in the next window
  await expect(unknown()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '595' } });

  at.now = new Date(1_800_000_000_000 + 600_000 + 5_000); // a whole window without invalid answers since
  await expect(unknown()).resolves.toBeUndefined();
});
