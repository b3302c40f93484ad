import { describe, expect, test } from '@jest/globals';
import { shardTotals } from '../../shared/bots/shards';

const NOW = new Date('2026-11-22T10:30:00.000Z');
const ago = (seconds: number) => NOW.getTime() - seconds * 1000;

describe('shardTotals', () => {
  test('sums the shards heard from within the window; stale ones are listed, not counted', () => {
    const totals = shardTotals(
      {
        1: { guilds: 20, seen: ago(10) },
        0: { guilds: 10, users: 5, seen: ago(120) },
        2: { guilds: 7, seen: ago(121) },
      },
      3,
      NOW,
      120,
    );
    expect(totals).toEqual({
      guilds: 30,
      users: 5,
      reporting: 2,
      shards: [
        { shardId: 0, guilds: 10, users: 5, lastSeen: new Date(ago(120)).toISOString(), stale: false },
        { shardId: 1, guilds: 20, users: null, lastSeen: new Date(ago(10)).toISOString(), stale: false },
        { shardId: 2, guilds: 7, users: null, lastSeen: new Date(ago(121)).toISOString(), stale: true },
      ],
    });
  });

  test('an offline bot (no shard fresh) keeps the sum of every shard as last heard', () => {
    const totals = shardTotals({ 0: { guilds: 10, seen: ago(900) }, 1: { guilds: 20, seen: ago(600) } }, 2, NOW, 120);
    expect(totals).toMatchObject({ guilds: 30, reporting: 0 });
    expect(totals.users).toBeUndefined();
  });

  test('shards at or above the count are ignored; sums stop at the largest exact integer', () => {
    const big = Number.MAX_SAFE_INTEGER;
    const totals = shardTotals(
      { 0: { guilds: big, seen: ago(1) }, 1: { guilds: big, seen: ago(1) }, 2: { guilds: 1, seen: ago(1) } },
      2,
      NOW,
      120,
    );
    expect(totals.guilds).toBe(big);
    expect(totals.shards.map((shard) => shard.shardId)).toEqual([0, 1]);
  });
});
