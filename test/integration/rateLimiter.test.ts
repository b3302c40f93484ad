import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { RateLimiter, keyPrincipal, USAGE_KEPT_SECONDS } from '../../shared/access/rateLimiter';
import { startTestStore, type TestStore } from '../support/dynamo';

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(async () => {
  await store.close();
});

// A fixed instant in the middle of a minute, so no test straddles a window boundary.
const T0 = Date.UTC(2026, 0, 1, 12, 0, 30);

describe('rate limiter on dynalite', () => {
  test('200 concurrent hits of one key in one window: exactly 60 pass, 140 get retryAfter', async () => {
    const limiter = new RateLimiter(store.stores.rateCounters, { limit: 60, now: () => T0 });
    const decisions = await Promise.all(Array.from({ length: 200 }, () => limiter.hit(keyPrincipal('key_concurrent'))));

    const allowed = decisions.filter((d) => d.allowed);
    const refused = decisions.filter((d) => !d.allowed);
    expect(allowed).toHaveLength(60);
    expect(refused).toHaveLength(140);
    // Each allowed hit saw its own count: remaining takes every value 59..0 exactly once.
    expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (const d of decisions) {
      expect(d.remaining).toBeGreaterThanOrEqual(0);
      expect(d.reset).toBe(T0 / 1000 + 30);
    }
    for (const d of refused) expect(d).toMatchObject({ remaining: 0, retryAfter: 30 });
  });

  test('keys are counted separately, and a new window starts afresh', async () => {
    let now = T0;
    const limiter = new RateLimiter(store.stores.rateCounters, { limit: 2, now: () => now });
    expect((await limiter.hit(keyPrincipal('a'))).remaining).toBe(1);
    expect((await limiter.hit(keyPrincipal('a'))).remaining).toBe(0);
    expect((await limiter.hit(keyPrincipal('a'))).allowed).toBe(false);
    expect((await limiter.hit(keyPrincipal('b'))).remaining).toBe(1);
    now = T0 + 30_000;
    expect(await limiter.hit(keyPrincipal('a'))).toMatchObject({ allowed: true, remaining: 1, reset: T0 / 1000 + 90 });
  });

  test("a key's counts: an item per hour, a count per minute, kept 31 days; an address's for its hour", async () => {
    const limiter = new RateLimiter(store.stores.rateCounters, { limit: 5, now: () => T0 });
    await limiter.hit(keyPrincipal('ttl'));
    await limiter.hit(keyPrincipal('ttl'));
    await limiter.hit('ip:192.0.2.7');
    const hour = T0 / 1000 - ((T0 / 1000) % 3600);
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const item = async (pk: string) =>
      (await store.stores.db.send(new GetCommand({ TableName: store.tableName, Key: { pk, sk: `HOUR#${hour}` } })))
        .Item;
    const minute = `w${T0 / 1000 - 30 - hour}`;
    expect(await item('RATE#key:ttl')).toEqual({
      pk: 'RATE#key:ttl',
      sk: `HOUR#${hour}`,
      [minute]: 2,
      expiresAt: T0 / 1000 + 30 + USAGE_KEPT_SECONDS,
      // When the key was last used, to the second (the dashboard's "Last used"); an address's count keeps none.
      lastAt: T0 / 1000,
    });
    expect(await item('RATE#ip:192.0.2.7')).toMatchObject({ [minute]: 1, expiresAt: hour + 3600 + 60 });
    expect(await item('RATE#ip:192.0.2.7')).not.toHaveProperty('lastAt');
    expect(await store.stores.rateCounters.usage(keyPrincipal('ttl'), hour, T0 / 1000)).toEqual({
      counts: new Map([[T0 / 1000 - 30, 2]]),
      lastAt: T0 / 1000,
    });
  });

  test('the counts read back by window, exact under 50 concurrent hits', async () => {
    const limiter = new RateLimiter(store.stores.rateCounters, { limit: 1000, now: () => T0 });
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(keyPrincipal('burst'))));
    expect(new Set(decisions.map((d) => d.remaining)).size).toBe(50);
    const start = T0 / 1000 - 30;
    expect(await store.stores.rateCounters.counts(keyPrincipal('burst'), start - 7200, start + 60)).toEqual(
      new Map([[start, 50]]),
    );
  });
});
