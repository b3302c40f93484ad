import { describe, expect, test } from '@jest/globals';
import { ApiError } from '../../shared/errors/apiError';
import { decodeCursor, encodeCursor } from '../../functions/bots/cursor';
import { botStatus, commandsByCategory, uptimePercent } from '../../functions/bots/views';
import type { BotProfile, StatsPoint } from '../../shared/store';

const NOW = new Date('2026-11-22T10:30:00.000Z');
const bot = (lastSeen?: string): BotProfile => ({
  clientId: '123456789012345678',
  name: 'b',
  public: true,
  tags: [],
  ownerAccount: 'k',
  generation: 'g',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...(lastSeen ? { lastSeen } : {}),
});
const point = (hoursAgo: number, beats = 1): StatsPoint => ({
  hour: new Date(Date.parse('2026-11-22T10:00:00.000Z') - hoursAgo * 3600_000).toISOString(),
  beats,
});

describe('uptime', () => {
  test.each<[string, string | undefined, StatsPoint[], number | null]>([
    ['never seen', undefined, [], null],
    ['seen, but no hour left in the window', '2026-11-20T00:00:00.000Z', [], 0],
    ['every hour of the last day', NOW.toISOString(), Array.from({ length: 24 }, (_, h) => point(h)), 100],
    ['4 of the 8 hours since the first beat', NOW.toISOString(), [point(7), point(5), point(3), point(0)], 50],
    ['only this hour', NOW.toISOString(), [point(0)], 100],
    ['an hour ahead of this clock counts as now, never over 100%', NOW.toISOString(), [point(1), point(-1)], 100],
    ['hours older than the window are ignored', NOW.toISOString(), [point(30), point(2), point(0)], 66.7],
    [
      'the current hour, not over and without a beat yet, does not count against the bot',
      NOW.toISOString(),
      [point(1)],
      100,
    ],
    ['a missed hour counts once it is over', NOW.toISOString(), [point(2)], 50],
  ])('%s -> %s', (_name, lastSeen, history, expected) => {
    expect(uptimePercent(bot(lastSeen), history, NOW)).toBe(expected);
  });

  test('online within the window only', () => {
    const settings = { onlineWindowSeconds: 120, now: NOW };
    expect(botStatus(bot(new Date(NOW.getTime() - 119_000).toISOString()), [], settings).online).toBe(true);
    expect(botStatus(bot(new Date(NOW.getTime() - 121_000).toISOString()), [], settings).online).toBe(false);
    expect(botStatus(bot(), [], settings)).toMatchObject({ online: false, lastSeen: null, uptimePercent: null });
  });
});

describe('commands by category', () => {
  test('uncategorised commands are "general"; categories and commands sorted, counted', () => {
    const grouped = commandsByCategory('1', {
      updatedAt: 'now',
      commands: [
        { name: 'zap', description: 'z', category: 'fun' },
        { name: 'help', description: 'h' },
        { name: 'ace', description: 'a', category: 'fun' },
      ],
    });
    expect(grouped).toEqual({
      clientId: '1',
      total: 3,
      updatedAt: 'now',
      categories: [
        {
          name: 'fun',
          count: 2,
          commands: [expect.objectContaining({ name: 'ace' }), expect.objectContaining({ name: 'zap' })],
        },
        { name: 'general', count: 1, commands: [expect.objectContaining({ name: 'help' })] },
      ],
    });
    expect(commandsByCategory('1', undefined)).toEqual({ clientId: '1', total: 0, categories: [], updatedAt: null });
  });
});

describe('cursors', () => {
  const key = {
    pk: 'BOT#123456789012345678',
    sk: 'PROFILE',
    gsi1pk: 'BOTS',
    gsi1sk: '6d656c6f6479#123456789012345678',
  };
  /** A cursor of today's layout (v 2), or of whatever `content` says. */
  const raw = (content: object) => Buffer.from(JSON.stringify({ v: 2, ...content })).toString('base64url');
  const refused = (cursor: string, sort: 'name' | 'guilds' = 'name', tag?: string) => {
    try {
      decodeCursor(cursor, sort, tag);
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return (error as ApiError).details;
    }
    throw new Error('cursor accepted');
  };

  test('round trip', () => {
    expect(decodeCursor(encodeCursor(key, 'name', 'music'), 'name', 'music')).toEqual(key);
  });

  test.each([
    ['not base64 JSON', '%%%'],
    ['JSON of the wrong shape', raw({ k: [], s: 'name', t: null })],
    ['another partition (API keys)', raw({ k: { ...key, pk: 'KEY#abc', gsi1pk: 'APIKEYS' }, s: 'name', t: null })],
    [
      'a key missing the table keys',
      raw({ k: { gsi1pk: 'BOTS', gsi1sk: 'x#123456789012345678' }, s: 'name', t: null }),
    ],
    [
      'the other index keys for this sort',
      raw({ k: { pk: key.pk, sk: 'PROFILE', gsi2pk: 'BOTS', gsi2sk: '0#123456789012345678' }, s: 'name', t: null }),
    ],
    ['an extra attribute', raw({ k: { ...key, extra: 'x' }, s: 'name', t: null })],
  ])('%s -> 400 on cursor', (_name, cursor) => {
    expect(refused(cursor)).toEqual([{ field: 'cursor', issue: 'is not a cursor this API gave out' }]);
  });

  test('a name cursor from before hex keys -> 400 to start again; an old guilds cursor still reads', () => {
    const old = (content: object) => Buffer.from(JSON.stringify(content)).toString('base64url');
    expect(refused(old({ k: { ...key, gsi1sk: 'melody#123456789012345678' }, s: 'name', t: null }))).toEqual([
      { field: 'cursor', issue: 'is from an earlier order by name; list again from the first page' },
    ]);
    const byGuilds = { pk: key.pk, sk: 'PROFILE', gsi2pk: 'BOTS', gsi2sk: '0999999999999990#123456789012345678' };
    expect(decodeCursor(old({ k: byGuilds, s: 'guilds', t: null }), 'guilds', undefined)).toEqual(byGuilds);
  });

  test('a cursor of another sort or tag -> 400 that says so', () => {
    expect(refused(encodeCursor(key, 'name', undefined), 'guilds')).toEqual([
      { field: 'cursor', issue: 'belongs to a different sort or tag' },
    ]);
    expect(refused(encodeCursor(key, 'name', 'a'), 'name', 'b')).toEqual([
      { field: 'cursor', issue: 'belongs to a different sort or tag' },
    ]);
  });
});
