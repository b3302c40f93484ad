import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ImageFetchError } from '../../shared/images/fetchError';
import { imageBytes, inlineImage } from '../../shared/images/inlineImage';
import { webpAsPng } from '../../shared/images/webpPicture';
import { decodePng } from '../support/png';
import { animatedWebp } from '../support/webp';

/** libwebp's sample picture and libwebp's own decoding of it (test/fixtures/webp/README.md). */
const WEBP = readFileSync('test/fixtures/webp/test.webp');
const REFERENCE = readFileSync('test/fixtures/webp/test_ref.ppm');

/** A binary PPM's size and RGB pixels. */
function readPpm(ppm: Buffer): { width: number; height: number; rgb: Buffer } {
  const [, width, height] = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 32))!.map(Number) as [
    number,
    number,
    number,
  ];
  return { width, height, rgb: ppm.subarray(ppm.length - width * height * 3) };
}

/** The PNG a WebP becomes, as the fetcher holds it; none for an animated one. */
async function webpToPng(webp: Buffer): Promise<Buffer | undefined> {
  const png = await webpAsPng(inlineImage(webp, 'image/webp', { width: 128, height: 128 }));
  if (png) expect([png.mime, png.bytes]).toEqual(['image/png', imageBytes(png).length]);
  return png && imageBytes(png);
}

describe('WebP pictures become PNG', () => {
  test('the PNG holds the pixels libwebp decodes (its reference PPM), opaque', async () => {
    const png = decodePng((await webpToPng(WEBP))!);
    const reference = readPpm(REFERENCE);
    expect([png.width, png.height]).toEqual([reference.width, reference.height]);
    let worst = 0;
    for (let i = 0; i < reference.width * reference.height; i += 1) {
      for (let c = 0; c < 3; c += 1)
        worst = Math.max(worst, Math.abs((png.pixels[i * 4 + c] as number) - (reference.rgb[i * 3 + c] as number)));
      expect(png.pixels[i * 4 + 3]).toBe(255);
    }
    // Decoders may round fancy upsampling differently by a step or two, never more.
    expect(worst).toBeLessThanOrEqual(2);
  });

  test.each([
    [
      'a RIFF header and nothing else',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBP')]),
    ],
    ['the sample cut in half', WEBP.subarray(0, WEBP.length / 2)],
  ])('%s is not a picture (a 400 for the field, never a crash)', async (_name, bytes) => {
    const error = await webpToPng(bytes).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImageFetchError);
    expect((error as ImageFetchError).failure).toBe('notPicture');
  });

  test('scrambled data behind a sound header decodes at its declared size, as libwebp conceals errors', async () => {
    const scrambled = Buffer.concat([WEBP.subarray(0, 40), Buffer.alloc(WEBP.length - 40, 0xa5)]);
    const png = decodePng((await webpToPng(scrambled))!);
    expect([png.width, png.height]).toEqual([128, 128]);
  });
});

describe('animated WebP', () => {
  test('is drawn by its first frame, as a GIF is (animated avatars drew nothing in PNG)', async () => {
    // The second frame is the sample scrambled: it must not be the one drawn.
    const scrambled = Buffer.concat([WEBP.subarray(0, 40), Buffer.alloc(WEBP.length - 40, 0xa5)]);
    const first = decodePng((await webpToPng(animatedWebp([WEBP, scrambled])))!);
    const still = decodePng((await webpToPng(WEBP))!);
    expect([first.width, first.height]).toEqual([128, 128]);
    expect(first.pixels.equals(still.pixels)).toBe(true);
  });

  test("a frame with alpha (ALPH beside VP8) comes out as libwebp's tools decode that frame", async () => {
    const png = await webpAsPng(
      inlineImage(readFileSync('test/fixtures/webp/animated-alpha.webp'), 'image/webp', { width: 40, height: 30 }),
    );
    const frame = decodePng(imageBytes(png!));
    const pam = readFileSync('test/fixtures/webp/animated-alpha-frame1.pam');
    expect([frame.width, frame.height]).toEqual([40, 30]);
    expect(frame.pixels.equals(pam.subarray(pam.length - 40 * 30 * 4))).toBe(true);
    // Translucent where the frame fades out.
    expect(new Set(Array.from({ length: 40 }, (_, x) => frame.pixels[x * 4 + 3])).size).toBeGreaterThan(10);
  });

  test('one whose frames cannot be found is left as it is, recognised as animated by its header', async () => {
    const animated = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([30, 0, 0, 0]),
      Buffer.from('WEBPVP8X'),
      Buffer.from([10, 0, 0, 0, 0x02, 0, 0, 0, 47, 0, 0, 31, 0, 0]),
    ]);
    expect(await webpToPng(animated)).toBeUndefined();
    // The same header without the flag is a still picture: decoded, and this one is damaged.
    const still = Buffer.from(animated);
    still[20] = 0;
    await expect(webpToPng(still)).rejects.toBeInstanceOf(ImageFetchError);
  });
});
