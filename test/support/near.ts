import { expect } from '@jest/globals';

/**
 * The one approximate comparison of pixels (and other channel lists) in the tests: `actual` is near
 * `expected` when each channel that `expected` has differs by at most `tolerance` (so `expected`
 * may give RGB of an RGBA pixel). Renderers round differently; exact checks stay exact.
 */
export const isNear = (actual: readonly number[], expected: readonly number[], tolerance: number): boolean =>
  expected.every((value, channel) => Math.abs((actual[channel] ?? Number.NaN) - value) <= tolerance);

/** Fails with both channel lists when `actual` is not near `expected` (see isNear). */
export function expectNear(actual: readonly number[], expected: readonly number[], tolerance: number): void {
  if (!isNear(actual, expected, tolerance))
    expect({ actual: [...actual], within: tolerance }).toEqual({ actual: [...expected], within: tolerance });
}

/** Colour times opacity: what stays meaningful however faint a pixel is (compare translucent pixels this way). */
export const premultiplied = ([r, g, b, a]: readonly number[]): number[] =>
  [r, g, b].map((v) => ((v as number) * (a as number)) / 255).concat(a as number);
