import { expect, test } from '@jest/globals';
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
  await pairs.remember('300000000000000001', 'a'.repeat(64), { kind: 'good', since: NOW.toISOString() }, seconds(NOW) + 86_400);
  expect(await pairs.get('300000000000000001', 'a'.repeat(64), NOW)).toEqual({ kind: 'good', since: NOW.toISOString() });
});

test('invalid answers add up atomically per window', async () => {
  const counter = store().stores.invalidAnswers;
  expect(await counter.read(600)).toBe(0);
  await Promise.all([1, 2, 3].map((count) => counter.add(600, count, 1800)));
  expect(await counter.read(600)).toBe(6);
  expect(await counter.read(1200)).toBe(0);
});
