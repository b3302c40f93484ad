import { describe, expect, test } from '@jest/globals';
import { keyUsage, usageFrom } from '../../functions/dashboard/usage';
import { renderUsageChart } from '../../shared/scenes/usageChart';
import { expectSafeSvg } from '../support/svgXml';

const DAY = 86_400;
const NOW = Date.UTC(2027, 2, 10, 14, 37, 20) / 1000;
const minuteOf = (seconds: number) => seconds - (seconds % 60);
/** A minute as counts kept before refusals had their own: every hit in one count. */
const hits = (counted: number) => ({ counted, refused: 0 });

describe('a key usage from its per-minute counts', () => {
  test('each minute: up to the quota let through, the rest refused; summed per hour and per UTC day', () => {
    const counts = new Map([
      [minuteOf(NOW), { counted: 10, refused: 2 }], // this minute: 10 + 2 refused
      [minuteOf(NOW) - 60, hits(3)],
      [minuteOf(NOW) - 3600, hits(11)], // the hour before, kept as one count: 10 + 1
      [NOW - (NOW % DAY) - 60, hits(4)], // yesterday's last minute
      [usageFrom(NOW), hits(1)], // the first minute of the 30 days
      [usageFrom(NOW) - 60, hits(99)], // before the 30 days: not shown
    ]);
    const usage = keyUsage(counts, 10, NOW);
    expect(usage.minutes.at(-1)).toEqual({ start: '2027-03-10T14:37:00.000Z', allowed: 10, refused: 2 });
    expect(usage.minutes.at(-2)).toEqual({ start: '2027-03-10T14:36:00.000Z', allowed: 3, refused: 0 });
    expect(usage.minutes[0]?.start).toBe('2027-03-10T13:38:00.000Z');
    expect(usage.hours.at(-1)).toEqual({ start: '2027-03-10T14:00:00.000Z', allowed: 13, refused: 2 });
    expect(usage.hours.at(-2)).toEqual({ start: '2027-03-10T13:00:00.000Z', allowed: 10, refused: 1 });
    expect(usage.days.at(-1)).toEqual({ start: '2027-03-10T00:00:00.000Z', allowed: 23, refused: 3 });
    expect(usage.days.at(-2)).toEqual({ start: '2027-03-09T00:00:00.000Z', allowed: 4, refused: 0 });
    expect(usage.days[0]).toEqual({ start: '2027-02-09T00:00:00.000Z', allowed: 1, refused: 0 });
    expect(usage.days.reduce((sum, day) => sum + day.allowed + day.refused, 0)).toBe(12 + 3 + 11 + 4 + 1);
    expect(usage.today).toEqual({ allowed: 23, refused: 3 });
    expect(usage.lastUsedAt).toBe('2027-03-10T14:37:00.000Z');
  });

  test('last used to the second when the count recorded it, else the last minute counted', () => {
    const counts = new Map([[NOW - (NOW % 60), hits(1)]]);
    expect(keyUsage(counts, 10, NOW, NOW - 2).lastUsedAt).toBe(new Date((NOW - 2) * 1000).toISOString());
    // A second older than the last minute counted (recorded by an earlier count) is not the last use.
    expect(keyUsage(counts, 10, NOW, NOW - (NOW % 60) - 5).lastUsedAt).toBe(
      new Date((NOW - (NOW % 60)) * 1000).toISOString(),
    );
  });

  test('unused: every bucket zero, no last use', () => {
    const usage = keyUsage(new Map(), 60, NOW);
    expect(
      [...usage.minutes, ...usage.hours, ...usage.days].every((bucket) => bucket.allowed === 0 && bucket.refused === 0),
    ).toBe(true);
    expect(usage.lastUsedAt).toBeUndefined();
  });
});

describe('the usage chart', () => {
  test('stacked bars (refused on top), the busiest span the full height, the totals in its title; no text', () => {
    const svg = renderUsageChart({
      title: 'Requests <per> minute',
      bars: [
        { allowed: 3, refused: 0 },
        { allowed: 4, refused: 3 },
      ],
    });
    expectSafeSvg(svg);
    expect(svg).toContain('<title>Requests &lt;per&gt; minute: 7 let through, 3 refused (429)</title>');
    expect(svg.match(/<rect /g)).toHaveLength(3);
    // The busiest span (7) reaches the plot's top, 4 px down: no axis to round up to.
    expect(svg).toMatch(/<rect [^>]*y="4"[^>]*fill="#da373c"/);
    // Text in a picture scaled to a phone's width would be unreadable: the page says the numbers.
    expect(svg).not.toContain('<text');
  });
});
