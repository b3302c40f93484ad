import { describe, expect, test } from '@jest/globals';
import { outsideEvery, secondsToCheck } from '../../shared/store/windowView';

const NOW = 1_800_000_100;
const marks = (...seconds: number[]) => new Map(seconds.map((at, i) => [at, i]));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the seconds a request checks, from what its process last saw of the window', () => {
  test('nothing seen: every second of the window', () => {
    expect(secondsToCheck(undefined, NOW)).toEqual({ seconds: range(NOW - 60, NOW), bindingKnown: false });
  });

  test('seen a while ago: its earliest mark in the window alone, no mark can have come before it since', () => {
    expect(secondsToCheck({ marks: marks(NOW - 70, NOW - 30, NOW - 10), seenAt: NOW - 5 }, NOW)).toEqual({
      seconds: [NOW - 30],
      bindingKnown: true,
    });
  });

  test('seconds from just before the view on may have gained marks: all checked up to the first known', () => {
    expect(secondsToCheck({ marks: marks(NOW - 1), seenAt: NOW - 1 }, NOW).seconds).toEqual([
      NOW - 3,
      NOW - 2,
      NOW - 1,
    ]);
    expect(secondsToCheck({ marks: marks(NOW - 90), seenAt: NOW - 20 }, NOW).seconds).toEqual(range(NOW - 22, NOW));
  });

  test("a view from a clock ahead of this one still checks this second's mark", () => {
    expect(secondsToCheck({ marks: marks(NOW + 3), seenAt: NOW + 4 }, NOW).seconds).toEqual([NOW]);
  });

  test('marks beyond every clock’s window (two seconds of grace) are the ones to remove', () => {
    expect(outsideEvery({ marks: marks(NOW - 64, NOW - 63, NOW - 62, NOW - 60), seenAt: NOW }, NOW)).toEqual([
      NOW - 64,
      NOW - 63,
    ]);
    expect(outsideEvery(undefined, NOW)).toEqual([]);
  });
});
