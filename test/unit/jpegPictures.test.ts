import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { imageBytes, inlineImage } from '../../shared/images/inlineImage';
import { jpegOrientation } from '../../shared/images/jpegOrientation';
import { fitFor } from '../../shared/images/pictureFit';
import { heldPicture } from '../../shared/images/scaledPicture';
import { decodePng } from '../support/png';

/** 32×16 as stored: red, green over blue, yellow (test/fixtures/jpeg/README.md). */
const QUADRANTS = readFileSync('test/fixtures/jpeg/quadrants.jpg');
const STORED = { width: 32, height: 16 };
const COLOURS = { red: [255, 0, 0], green: [0, 255, 0], blue: [0, 0, 255], yellow: [255, 255, 0] } as const;
type Colour = keyof typeof COLOURS;
const storedColour = (x: number, y: number): Colour =>
  y < 8 ? (x < 16 ? 'red' : 'green') : x < 16 ? 'blue' : 'yellow';

/**
 * The JPEG with an EXIF APP1 segment (a little- or big-endian TIFF header, one IFD entry: orientation) after its SOI.
 */
function oriented(orientation: number, little = true): Buffer {
  const u16 = (value: number) =>
    little ? Buffer.from([value & 255, value >> 8]) : Buffer.from([value >> 8, value & 255]);
  const u32 = (value: number) =>
    little
      ? Buffer.concat([u16(value & 0xffff), u16(value >>> 16)])
      : Buffer.concat([u16(value >>> 16), u16(value & 0xffff)]);
  const tiff = Buffer.concat([
    Buffer.from(little ? 'II' : 'MM', 'latin1'),
    u16(42),
    u32(8),
    u16(1),
    u16(0x0112),
    u16(3),
    u32(1),
    u16(orientation),
    u16(0),
    u32(0),
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.from([(payload.length + 2) >> 8, (payload.length + 2) & 255]);
  return Buffer.concat([QUADRANTS.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, QUADRANTS.subarray(2)]);
}

/** Where each displayed pixel is stored, for each orientation (the EXIF specification's eight). */
const STORED_AT: Record<number, (x: number, y: number, width: number, height: number) => [number, number]> = {
  1: (x, y) => [x, y],
  2: (x, y, w) => [w - 1 - x, y],
  3: (x, y, w, h) => [w - 1 - x, h - 1 - y],
  4: (x, y, _w, h) => [x, h - 1 - y],
  5: (x, y) => [y, x],
  6: (x, y, w) => [y, w - 1 - x],
  7: (x, y, w, h) => [h - 1 - y, w - 1 - x],
  8: (x, y, _w, h) => [h - 1 - y, x],
};

describe('JPEG orientation', () => {
  test.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'orientation %i is read (either byte order), and the PNG copy is turned as a browser displays it',
    async (orientation) => {
      expect([jpegOrientation(oriented(orientation)), jpegOrientation(oriented(orientation, false))]).toEqual([
        orientation,
        orientation,
      ]);
      const shown = orientation >= 5 ? { width: STORED.height, height: STORED.width } : STORED;
      const held = await heldPicture(inlineImage(oriented(orientation), 'image/jpeg', STORED), fitFor(shown, 'png'));
      // As stored: no copy is needed at the drawn size.
      if (orientation === 1) return expect(held.mime).toBe('image/jpeg');
      const copy = decodePng(imageBytes(held));
      expect([copy.width, copy.height]).toEqual([shown.width, shown.height]);
      // The middle of each displayed quadrant shows the stored pixel the orientation puts there.
      for (const [x, y] of [
        [shown.width / 4, shown.height / 4],
        [(3 * shown.width) / 4, shown.height / 4],
        [shown.width / 4, (3 * shown.height) / 4],
        [(3 * shown.width) / 4, (3 * shown.height) / 4],
      ] as [number, number][]) {
        const [sx, sy] = STORED_AT[orientation]!(x, y, shown.width, shown.height);
        const at = (Math.floor(y) * copy.width + Math.floor(x)) * 4;
        const pixel = [...copy.pixels.subarray(at, at + 3)];
        COLOURS[storedColour(sx, sy)].forEach((value, c) => {
          expect(Math.abs((pixel[c] as number) - value)).toBeLessThanOrEqual(40);
        });
      }
    },
  );

  test('a JPEG without EXIF, or with a damaged one, is as stored (1)', () => {
    expect(jpegOrientation(QUADRANTS)).toBe(1);
    const damaged = oriented(6);
    damaged[30] = 0xff;
    expect([1, 6]).toContain(jpegOrientation(damaged));
    expect(jpegOrientation(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00]))).toBe(1);
  });

  test('an orientation behind non-marker bytes is read, as decoders skip to the next marker', () => {
    const behind = (picture: Buffer) =>
      Buffer.concat([
        picture.subarray(0, 2),
        Buffer.from([0x00, 0xff, 0x00, 0x12, 0xff, 0xff, 0x00]),
        picture.subarray(2),
      ]);
    expect([jpegOrientation(behind(oriented(6))), jpegOrientation(behind(oriented(3, false)))]).toEqual([6, 3]);
  });
});

describe('CMYK JPEG', () => {
  test('is drawn in PNG answers in its colours (resvg drew nothing of it: a transparent picture)', async () => {
    const cmyk = readFileSync('test/fixtures/jpeg/quadrants-cmyk.jpg');
    const held = await heldPicture(inlineImage(cmyk, 'image/jpeg', STORED), fitFor(STORED, 'png'));
    expect(held.mime).toBe('image/png');
    const png = decodePng(imageBytes(held));
    for (const [x, y] of [
      [8, 4],
      [24, 4],
      [8, 12],
      [24, 12],
    ] as [number, number][]) {
      const at = (y * png.width + x) * 4;
      const pixel = [...png.pixels.subarray(at, at + 4)];
      expect(pixel[3]).toBe(255);
      COLOURS[storedColour(x, y)].forEach((value, c) => {
        expect(Math.abs((pixel[c] as number) - value)).toBeLessThanOrEqual(40);
      });
    }
    // An SVG answer keeps it: browsers draw CMYK.
    expect(
      (await heldPicture(inlineImage(cmyk, 'image/jpeg', STORED), fitFor({ width: 16, height: 8 }, 'svg'))).mime,
    ).toBe('image/jpeg');
  });

  test('a frame header only jpeg-js reads is held to the pixel limit before jpeg-js allocates', async () => {
    const cmyk = readFileSync('test/fixtures/jpeg/quadrants-cmyk.jpg');
    // A comment ending in 0xFF, then a frame header of 8000×2200 (over
    // 16.8 megapixels) without its 0xFF: jpeg-js takes that 0xFF
    // back (as if an encoder ate it), the walk of frameSizes.ts reads
    // on to the real 32×16 frame. jpeg-js allocated 700 MB for it.
    const frameBody = [
      0xc0,
      0,
      20,
      8,
      2200 >> 8,
      2200 & 255,
      8000 >> 8,
      8000 & 255,
      4,
      1,
      0x11,
      0,
      2,
      0x11,
      0,
      3,
      0x11,
      0,
      4,
      0x11,
      0,
    ];
    const hidden = Buffer.concat([
      cmyk.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0, 4, 0x41, 0xff, ...frameBody]),
      cmyk.subarray(2),
    ]);
    await expect(heldPicture(inlineImage(hidden, 'image/jpeg', STORED), fitFor(STORED, 'png'))).rejects.toThrow(
      /could not be decoded \(maxResolutionInMP limit exceeded/,
    );
  });
});
