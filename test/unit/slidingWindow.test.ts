import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { RateLimiter } from '../../shared/access/rateLimiter';
import { MemoryRateCounterStore } from './fixtures';
import { expectWindowKept, type Arrival } from '../support/windowChecks';

/** Arrival gaps in ms: bursts (0), sub-second, a few seconds, and now and then most of a minute. */
const gap = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 999 }),
  fc.integer({ min: 1000, max: 9000 }),
  fc.integer({ min: 30_000, max: 70_000 }),
);

describe('the sliding window over random arrival times', () => {
  test('never more than the limit in any 60 s; never a refusal with room in the 61 whole seconds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.array(gap, { minLength: 20, maxLength: 400, size: 'max' }),
        async (limit, gaps) => {
          const clock = { ms: Date.UTC(2026, 0, 1, 12, 59, 17, 250) };
          const limiter = new RateLimiter(new MemoryRateCounterStore(), { limit, now: () => clock.ms });
          const arrivals: Arrival[] = [];
          for (const wait of gaps) {
            clock.ms += wait;
            const decision = await limiter.hit('key:k');
            arrivals.push({ atMs: clock.ms, allowed: decision.allowed });
            // Remaining is what the 61 whole seconds leave.
            const second = Math.floor(clock.ms / 1000);
            const counted = arrivals.filter((a) => a.allowed && Math.floor(a.atMs / 1000) >= second - 60).length;
            expect(decision.remaining).toBe(Math.max(0, limit - counted));
          }
          expectWindowKept(limit, arrivals);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('the check itself catches a fixed minute: 2 x limit across its edge', () => {
    const edge = Date.UTC(2026, 0, 1, 12, 1);
    const fixedMinute = [...Array(3)].flatMap((_, i) => [
      { atMs: edge - 1000 + i, allowed: true },
      { atMs: edge + i, allowed: true },
    ]);
    expect(() => expectWindowKept(3, fixedMinute)).toThrow(/4 let through within 60 s/);
    expect(() => expectWindowKept(3, [{ atMs: edge, allowed: false }])).toThrow(/refused at .* with 0 counted/);
  });
});
