import { describe, expect, test } from '@jest/globals';
import { expectNear, isNear, premultiplied } from '../support/near';

/** The pixel comparison every image test leans on must be able to fail. */
describe('expectNear', () => {
  test('within the tolerance on every channel that expected gives: passes', () => {
    expect(isNear([10, 20, 30, 255], [12, 18, 30], 2)).toBe(true);
    expectNear([10, 20, 30, 255], [12, 18, 30], 2);
  });

  test('one channel beyond the tolerance, or a channel actual lacks: fails', () => {
    expect(isNear([10, 20, 30], [10, 20, 33], 2)).toBe(false);
    expect(() => expectNear([10, 20, 30], [10, 20, 33], 2)).toThrow();
    expect(() => expectNear([10, 20], [10, 20, 30], 255)).toThrow();
  });

  test('premultiplied: a clear pixel has no colour', () => {
    expect(premultiplied([255, 128, 0, 0])).toEqual([0, 0, 0, 0]);
    expect(premultiplied([255, 128, 0, 255])).toEqual([255, 128, 0, 255]);
  });
});
