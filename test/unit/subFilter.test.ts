import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { compileWat, moduleText, WASM_SOURCES } from '../../infra/cli/wasm';
import { subFilteredRows } from '../../shared/raster/subFilter';
import { noise } from '../support/noise';

/** Premultiplied pixels as drawn: no colour above its alpha; runs of opaque and transparent ones too. */
function premultiplied(width: number, height: number, seed: number): Uint8Array {
  const pixels = noise(width * height * 4, seed);
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = i % 64 < 16 ? 255 : i % 64 < 24 ? 0 : (pixels[i + 3] as number);
    pixels[i + 3] = alpha;
    for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.round(((pixels[i + c] as number) * alpha) / 255);
  }
  return pixels;
}

/**
 * The PNG specification's Sub filter, byte by byte, on pixels
 * made straight as tiny-skia does: what the module must match.
 */
function reference(pixels: Uint8Array, width: number, height: number, premultipliedPixels: boolean): Buffer {
  const straight = Uint8Array.from(pixels);
  if (premultipliedPixels) {
    for (let i = 0; i < straight.length; i += 4) {
      const alpha = straight[i + 3] as number;
      if (alpha === 0 || alpha === 255) continue;
      for (let c = 0; c < 3; c += 1)
        straight[i + c] = Math.min(255, Math.floor((straight[i + c] as number) / (alpha / 255) + 0.5));
    }
  }
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (stride + 1)] = 1;
    for (let x = 0; x < stride; x += 1)
      rows[y * (stride + 1) + 1 + x] =
        (straight[y * stride + x] as number) - (x >= 4 ? (straight[y * stride + x - 4] as number) : 0);
  }
  return rows;
}

describe('the Sub filter in WebAssembly', () => {
  test.each([
    ['one pixel', 1, 1],
    ['widths that are not a multiple of four pixels', 3, 7],
    ['an odd size', 37, 5],
    ['one row', 300, 1],
    ['one column', 1, 300],
    // Over a megabyte: filtered in bands of rows, the last one short.
    ['a picture of several bands', 301, 1000],
    // A row over a band's megabyte (262,144 pixels): bands of one row, the module's memory grown for it.
    ['rows wider than a band', 300_000, 2],
  ])("%s: the same rows as the specification's filter, straight and premultiplied", (_name, width, height) => {
    const straight = noise(width * height * 4, width + height);
    expect(subFilteredRows(straight, width, height, false).equals(reference(straight, width, height, false))).toBe(
      true,
    );
    const drawn = premultiplied(width, height, width * 7 + height);
    expect(subFilteredRows(drawn, width, height, true).equals(reference(drawn, width, height, true))).toBe(true);
    // The pixels given are left as they were (the module works on its own copy).
    expect(Buffer.from(drawn).equals(Buffer.from(premultiplied(width, height, width * 7 + height)))).toBe(true);
  });

  test('a view into a larger buffer, at an odd offset, and clamped arrays are read as their bytes', () => {
    const pixels = premultiplied(20, 10, 3);
    const shifted = new Uint8ClampedArray(pixels.length + 3).subarray(3);
    shifted.set(pixels);
    expect(subFilteredRows(shifted, 20, 10, true).equals(reference(pixels, 20, 10, true))).toBe(true);
  });

  test('the module in the source tree is what `npm run wasm` builds from its .wat', async () => {
    for (const { wat, module } of WASM_SOURCES)
      expect(readFileSync(module, 'utf8')).toBe(moduleText(wat, await compileWat(wat)));
  });
});
