import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { frameRefusal, MAX_PIXELS, MAX_SIDE, pixelSize, sizeRefusal } from '../../shared/images/imageSize';
import { sniffImageType } from '../../shared/images/imageType';
import { gradientPng, MAGIC, pngDeclaring, samplePng } from '../support/imageHost';
import { DECLARING_PARTS, jpegBehindNoMarker } from '../support/pictureParts';

describe('pixel size from the header', () => {
  test.each([
    ['a real PNG', samplePng(48), { width: 48, height: 48 }],
    ['another real PNG', gradientPng(128), { width: 128, height: 128 }],
    ['JPEG (SOF0 after APP0)', MAGIC.jpeg, { width: 48, height: 32 }],
    ['GIF', MAGIC.gif, { width: 48, height: 32 }],
    ['WebP (VP8X)', MAGIC.webp, { width: 48, height: 32 }],
    ['a PNG declaring 16000×16000', pngDeclaring(16000, 16000), { width: 16000, height: 16000 }],
  ])('%s', (_name, bytes, size) => {
    expect(pixelSize(bytes, sniffImageType(bytes) as string)).toEqual(size);
  });

  test('a JPEG without a frame header has no size', () => {
    expect(pixelSize(MAGIC.jpeg.subarray(0, 20), 'image/jpeg')).toBeUndefined();
  });
});

describe('what may be drawn', () => {
  test.each([
    [{ width: 4032, height: 3024 }, undefined],
    [{ width: MAX_SIDE, height: 64 }, undefined],
    [{ width: MAX_SIDE + 1, height: 1 }, /8193×1 pixels/],
    [{ width: 4097, height: 4096 }, /megapixels/],
    [{ width: 0, height: 10 }, /does not state/],
    [undefined, /does not state/],
  ])('%j', (size, problem) => {
    const found = sizeRefusal(size);
    if (problem) expect(found?.message).toMatch(problem);
    else expect(found).toBeUndefined();
  });

  test('the limits', () => {
    expect(MAX_PIXELS).toBe(4096 * 4096);
  });
});

describe('every part of a picture is held to the limits (test/e2e/pixelLimit.test.ts asks the server)', () => {
  test.each(Object.entries(DECLARING_PARTS))('%s', (_part, declaring) => {
    // Any size up to about twice the limit on a side (a VP8 header holds 14 bits), the part at any offset inside it.
    const side = fc.integer({ min: 1, max: 2 * MAX_SIDE - 1 });
    const sizes = fc.record({ width: side, height: side, offset: fc.nat(2 * MAX_SIDE) });
    fc.assert(
      fc.property(sizes, (size) => {
        const bytes = declaring(size);
        const mime = sniffImageType(bytes) as string;
        const over = size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS;
        const refusal = sizeRefusal(pixelSize(bytes, mime)) ?? frameRefusal(bytes, mime);
        expect(refusal?.failure).toBe(over ? 'tooLarge' : undefined);
        if (over) expect(refusal?.message).toContain(`is ${size.width}×${size.height} pixels`);
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });

  const frame = (height: number, width: number) => [
    0xff,
    0xc0,
    0,
    11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    1,
    1,
    0x11,
    0,
  ];
  const scanHeader = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0];

  test('a JPEG second frame header is found past a scan of any bytes', () => {
    // Coded data as a scan holds it: 0xFF only before 0 or a restart marker.
    const coded = fc
      .array(
        fc.oneof(
          fc.integer({ min: 0, max: 0xfe }).map((byte) => [byte]),
          fc.constantFrom([0xff, 0], [0xff, 0xd3]),
        ),
        { maxLength: 64 },
      )
      .map((runs) => runs.flat());
    fc.assert(
      fc.property(coded, fc.nat(3), (data, fill) => {
        const jpeg = Buffer.from([
          0xff,
          0xd8,
          ...frame(1, 1),
          ...scanHeader,
          ...data,
          ...Array(fill).fill(0xff),
          ...frame(9000, 1),
          ...scanHeader,
          0xff,
          0xd9,
        ]);
        expect(frameRefusal(jpeg, 'image/jpeg')?.message).toBe(
          'a frame header (SOF) is 1×9000 pixels, over 8192 on a side or 16.8 megapixels',
        );
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });

  test('a JPEG frame header is found behind non-marker bytes between segments, as decoders do', () => {
    // Where a marker is due, a decoder passes over any byte but 0xFF, and 0xFF 0 after any fill bytes (more 0xFF).
    const noMarker = fc
      .array(
        fc.oneof(
          fc.integer({ min: 0, max: 0xfe }).map((byte) => [byte]),
          fc.nat(3).map((fill) => [...Array(fill).fill(0xff), 0xff, 0]),
        ),
        { minLength: 1, maxLength: 64 },
      )
      .map((runs) => runs.flat());
    const comment = fc.uint8Array({ maxLength: 16 }).map((text) => [0xff, 0xfe, 0, text.length + 2, ...text]);
    fc.assert(
      fc.property(noMarker, comment, noMarker, (before, segment, after) => {
        const jpeg = Buffer.from([
          0xff,
          0xd8,
          ...before,
          ...segment,
          ...after,
          ...frame(9000, 1),
          ...scanHeader,
          0xff,
          0xd9,
        ]);
        expect(pixelSize(jpeg, 'image/jpeg')).toEqual({ width: 1, height: 9000 });
        expect(frameRefusal(jpeg, 'image/jpeg')?.message).toBe(
          'a frame header (SOF) is 1×9000 pixels, over 8192 on a side or 16.8 megapixels',
        );
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });

  test('the attacker’s 637-byte JPEG: its hidden 16000×16000 frame is held to the limit', () => {
    const picture = jpegBehindNoMarker({ width: 16000, height: 16000 });
    expect(picture.length).toBe(637);
    expect(sizeRefusal(pixelSize(picture, 'image/jpeg'))?.message).toBe(
      'it is 16000×16000 pixels, over 8192 on a side or 16.8 megapixels',
    );
  });
});
