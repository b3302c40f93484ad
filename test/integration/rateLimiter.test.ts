import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { RateLimiter, keyPrincipal, linePrincipal, USAGE_KEPT_SECONDS } from '../../shared/access/rateLimiter';
import { DynamoRateCounterStore } from '../../shared/store/rateCounters';
import { createDocumentClient } from '../../shared/store/client';
import { suiteStore } from '../support/dynamo';
import { expectWindowKept, type Arrival } from '../support/windowChecks';

const store = suiteStore();

/** A whole second in the middle of an hour, and the next hour's start. */
const T0 = Date.UTC(2026, 0, 1, 12, 20, 30);
const HOUR = Date.UTC(2026, 0, 1, 13);
const second = (ms: number) => Math.floor(ms / 1000);

const limiterAt = (clock: { ms: number }, limit: number, counters = store().stores.rateCounters) =>
  new RateLimiter(counters, { limit, now: () => clock.ms });

const item = async (principal: string, hourStart: number) =>
  (
    await store().stores.db.send(
      new GetCommand({ TableName: store().tableName, Key: { pk: `RATE#${principal}`, sk: `HOUR#${hourStart}` } }),
    )
  ).Item;

describe('the sliding-window limiter on dynalite', () => {
  test('200 hits at once: exactly 60 pass, each seeing its own count, the rest wait 61 s', async () => {
    // Through the in-process client the local server uses: a burst on one item queues in dynalite itself.
    const db = createDocumentClient({
      tableName: store().tableName,
      endpoint: store().dynamo.endpoint,
      region: 'us-east-1',
      embedded: true,
    });
    const limiter = limiterAt({ ms: T0 + 250 }, 60, new DynamoRateCounterStore(db, store().tableName));
    const decisions = await Promise.all(Array.from({ length: 200 }, () => limiter.hit(keyPrincipal('concurrent'))));
    db.destroy();

    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(60);
    expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (const d of allowed) expect(d.reset).toBe(second(T0) + 61);
    for (const d of decisions.filter((d) => !d.allowed))
      expect(d).toMatchObject({ remaining: 0, reset: second(T0) + 61, retryAfter: 61 });
  });

  test('the window slides: a request counts for the 61 whole seconds from its own, not to a minute edge', async () => {
    const clock = { ms: T0 + 900 };
    const limiter = limiterAt(clock, 2);
    expect(await limiter.hit(keyPrincipal('slides'))).toMatchObject({ allowed: true, remaining: 1 });
    clock.ms = T0 + 40_000;
    expect(await limiter.hit(keyPrincipal('slides'))).toMatchObject({ allowed: true, remaining: 0 });
    // Full: room comes back when the first request's second leaves the window.
    clock.ms = T0 + 45_500;
    expect(await limiter.hit(keyPrincipal('slides'))).toMatchObject({
      allowed: false,
      reset: second(T0) + 61,
      retryAfter: 16,
    });
    // A fixed minute would have started afresh at T0 + 30 s: this one still refuses.
    clock.ms = T0 + 60_999;
    expect((await limiter.hit(keyPrincipal('slides'))).allowed).toBe(false);
    clock.ms = T0 + 61_000;
    expect(await limiter.hit(keyPrincipal('slides'))).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.hit(keyPrincipal('other'))).toMatchObject({ allowed: true, remaining: 1 });
  });

  test('across the hour: the new hour starts with the last 61 s of the old one', async () => {
    const clock = { ms: HOUR - 2_000 };
    const limiter = limiterAt(clock, 3);
    for (let i = 0; i < 3; i += 1) expect((await limiter.hit(keyPrincipal('hour'))).allowed).toBe(true);
    clock.ms = HOUR + 30_000;
    expect(await limiter.hit(keyPrincipal('hour'))).toMatchObject({ allowed: false, retryAfter: 29 });
    clock.ms = HOUR + 59_000;
    expect(await limiter.hit(keyPrincipal('hour'))).toMatchObject({ allowed: true, remaining: 2 });
    // The old hour is sealed once carried over, and keeps its own counts.
    expect(await item(keyPrincipal('hour'), second(HOUR) - 3600)).toMatchObject({ sealed: true, w3540: 3 });
    expect(await item(keyPrincipal('hour'), second(HOUR))).toMatchObject({ r0: 1, w0: 1 });
  });

  test('a late clock cannot count in a sealed hour: it counts in the new one, against the same window', async () => {
    const early = limiterAt({ ms: HOUR + 500 }, 2);
    const late = limiterAt({ ms: HOUR - 300 }, 2, new DynamoRateCounterStore(store().stores.db, store().tableName));
    expect((await late.hit(keyPrincipal('skew'))).allowed).toBe(true);
    expect((await early.hit(keyPrincipal('skew'))).allowed).toBe(true);
    // `late` still believes the old hour is current; its third request must see both.
    expect(await late.hit(keyPrincipal('skew'))).toMatchObject({ allowed: false, remaining: 0 });
    expect((await early.hit(keyPrincipal('skew'))).allowed).toBe(false);
  });

  test("an hour's item: counts per minute let through and refused, a key's last use, kept 31 days", async () => {
    const clock = { ms: T0 + 4_000 };
    const limiter = limiterAt(clock, 2);
    for (let i = 0; i < 3; i += 1) await limiter.hit(keyPrincipal('layout'));
    await limiter.hit('ip:192.0.2.7');
    const hour = second(T0) - (second(T0) % 3600);
    expect(await item(keyPrincipal('layout'), hour)).toMatchObject({
      w1200: 2,
      r1200: 1,
      lastAt: second(T0) + 4,
      expiresAt: second(T0) + 4 + USAGE_KEPT_SECONDS,
    });
    expect(await item('ip:192.0.2.7', hour)).toMatchObject({ w1200: 1, expiresAt: hour + 3600 + 120 });
    expect(await item('ip:192.0.2.7', hour)).not.toHaveProperty('lastAt');
    expect(await store().stores.rateCounters.usage(keyPrincipal('layout'), hour, second(T0) + 60)).toEqual({
      minutes: new Map([[second(T0) - 30, { counted: 2, refused: 1 }]]),
      lastAt: second(T0) + 4,
    });
  });

  test("keys sharing a line share its window; each one's usage is read back by its tag", async () => {
    const limiter = limiterAt({ ms: T0 + 7_000 }, 3);
    for (const tag of ['aaaa', 'aaaa', 'bbbb', 'bbbb']) await limiter.hit(linePrincipal('owner#0'), { tag });
    const usage = (tag: string) =>
      store().stores.rateCounters.usage(linePrincipal('owner#0'), second(T0) - 60, second(T0) + 60, tag);
    expect((await usage('aaaa')).minutes).toEqual(new Map([[second(T0) - 30, { counted: 2, refused: 0 }]]));
    expect((await usage('bbbb')).minutes).toEqual(new Map([[second(T0) - 30, { counted: 1, refused: 1 }]]));
  });

  test('marks older than the window are removed, so a steady principal keeps a small item', async () => {
    const clock = { ms: T0 };
    const limiter = limiterAt(clock, 1000);
    for (let i = 0; i < 150; i += 1) {
      clock.ms = T0 + i * 2_000;
      expect((await limiter.hit('ip:192.0.2.8')).allowed).toBe(true);
    }
    const hour = second(T0) - (second(T0) % 3600);
    const marks = Object.keys((await item('ip:192.0.2.8', hour)) ?? {}).filter((name) => /^s\d+$/.test(name));
    expect(marks.length).toBeLessThanOrEqual(34);
  });

  test('random arrivals, bursts at once, two processes, an hour crossed: no 60 s span over the limit', async () => {
    let run = 0;
    const step = fc.record({
      wait: fc.oneof(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 20_000, max: 65_000 })),
      burst: fc.integer({ min: 1, max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(step, { minLength: 10, maxLength: 60 }),
        async (limit, steps) => {
          run += 1;
          const principal = `ip:property-${run}`;
          const clock = { ms: HOUR - 75_000 };
          // Two processes: each its own store object, so neither knows what the other has seen.
          const processes = [
            limiterAt(clock, limit),
            limiterAt(clock, limit, new DynamoRateCounterStore(store().stores.db, store().tableName)),
          ];
          const arrivals: Arrival[] = [];
          for (const [i, { wait, burst }] of steps.entries()) {
            clock.ms += wait;
            const atMs = clock.ms;
            const decisions = await Promise.all(
              Array.from({ length: burst }, (_, j) => (processes[(i + j) % 2] as RateLimiter).hit(principal)),
            );
            arrivals.push(...decisions.map(({ allowed }) => ({ atMs, allowed })));
          }
          expectWindowKept(limit, arrivals);
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});
