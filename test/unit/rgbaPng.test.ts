import { describe, expect, test } from '@jest/globals';
import { rgbaToPng } from '../../shared/raster/rgbaPng';
import { noise } from '../support/noise';
import { decodePng } from '../support/png';

/** Seeded RGBA bytes where neighbouring pixels and rows differ, alpha included. */
const rgbaNoise = (width: number, height: number, seed: number) => noise(width * height * 4, seed);

describe('rgbaToPng', () => {
  test.each([
    ['a square', 64, 64],
    ['an odd width', 37, 5],
    ['one row', 300, 1],
    ['one column', 1, 300],
  ])('%s: decodes back to exactly the pixels given, translucent ones included', async (_name, width, height) => {
    const pixels = rgbaNoise(width, height, width * 31 + height);
    const png = decodePng(await rgbaToPng(pixels, width, height));
    expect([png.width, png.height]).toEqual([width, height]);
    expect(Buffer.from(png.pixels).equals(Buffer.from(pixels))).toBe(true);
  });

  test('pixels that do not start on a 4-byte boundary (a view into a larger buffer) come out the same', async () => {
    const pixels = rgbaNoise(20, 10, 7);
    const shifted = new Uint8Array(pixels.length + 1).subarray(1);
    shifted.set(pixels);
    expect(Buffer.from(decodePng(await rgbaToPng(shifted, 20, 10)).pixels).equals(Buffer.from(pixels))).toBe(true);
  });

  test('a pixel count that does not match the size is refused, not encoded', async () => {
    await expect(rgbaToPng(new Uint8Array(4 * 10 - 1), 5, 2)).rejects.toThrow(/expected 40 bytes of RGBA, got 39/);
  });
});
