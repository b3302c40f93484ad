import { describe, expect, test } from '@jest/globals';
import { MAX_PIXELS, MAX_SIDE, pixelSize, sizeRefusal } from '../../shared/images/imageSize';
import { sniffImageType } from '../../shared/images/imageType';
import { gradientPng, MAGIC, pngDeclaring, samplePng } from '../support/imageHost';

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
