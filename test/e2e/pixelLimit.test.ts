import { afterAll, beforeAll, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { MAX_PIXELS, MAX_SIDE } from '../../shared/images/imageSize';
import { expectErrorEnvelope } from '../support/envelope';
import { startImageHost, type ImageHost } from '../support/imageHost';
import { call, type Reply } from '../support/localApi';
import { DECLARING_PARTS, jpegBehindNoMarker, type Declared } from '../support/pictureParts';
import { startMain, stop, type Started } from '../support/processes';
import { peakGrowthMb, scriptProcess } from '../support/processMemory';
import { animatedWebp, solidVp8l } from '../support/webp';

/**
 * Every size a picture declares, in every format we take, is held to the pixel limit before
 * anything decodes it: just over it a 400 and no memory spent, within it never that 400. The server
 * runs as a process of its own so its memory can be watched.
 */
const KEY = 'pixel-limit-key-0123456789';
const TOO_LARGE = `is too large: pictures may be at most 5 MB, ${MAX_SIDE} pixels on a side and 16.8 megapixels`;
/** Less than one bitmap at the limit (16.8 megapixels of 4 bytes) and its PNG: a refused picture is never decoded. */
const MAX_GROWTH_MB = 64;
const RUNS = 20;

/** Pictures the host serves, by `?n=`: each request gets a URL of its own (the fetcher caches by URL). */
const pictures: Buffer[] = [];
let host: ImageHost;
let main: Started;
let server: number;

/**
 * Filters/contrast over `picture`, answered as `format`: the reply,
 * how long it took, and how far it raised the server's peak memory.
 */
async function contrastOver(
  picture: Buffer,
  format: 'png' | 'svg',
): Promise<{ reply: Reply; ms: number; growthMb: number }> {
  pictures.push(picture);
  const image = `${host.url}/picture?n=${pictures.length - 1}`;
  const started = performance.now();
  let reply: Reply | undefined;
  const growthMb = await peakGrowthMb(server, async () => {
    reply = await call(`${main.url}/v1/images/filters/contrast?${new URLSearchParams({ image, format })}`, {
      key: KEY,
    });
  });
  return { reply: reply as Reply, ms: performance.now() - started, growthMb };
}

beforeAll(async () => {
  host = await startImageHost({
    '/picture': (request, response) => {
      const body = pictures[Number(new URL(request.url ?? '', 'http://x').searchParams.get('n'))] ?? Buffer.alloc(0);
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
    },
  });
  main = await startMain({
    PORT: '0',
    LOCAL_DYNAMODB_PORT: '0',
    LOCAL_API_KEY: KEY,
    IMAGE_FETCH_ALLOW_HOSTS: host.hostPort,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  server = scriptProcess(main.child);
  // The filters' function and the WebP decoder loaded (a small
  // animated WebP drawn both ways), so no request pays for that.
  for (const format of ['png', 'svg'] as const)
    expect((await contrastOver(animatedWebp([solidVp8l(64, 64)], 64), format)).reply.status).toBe(200);
}, 40_000);

afterAll(async () => {
  if (main) await stop(main.child);
  await host?.close();
});

test.each([
  [
    'the 88-byte animated WebP (a 1×1 canvas, one frame of 8192×8192 VP8L)',
    () => animatedWebp([solidVp8l(8192, 8192)], 1),
    88,
  ],
  // resvg decoded it to 1.3 GB in 3 to 8 s, where the walk by segment lengths saw the 1×1 frame header alone.
  [
    'the 637-byte JPEG (a 16000×16000 picture behind 0xFF 0 and a length, then a 1×1 frame header)',
    () => jpegBehindNoMarker({ width: 16000, height: 16000 }),
    637,
  ],
])('%s is refused at once as too large, decoding nothing', async (_name, picture, bytes) => {
  const bomb = picture();
  expect(bomb.length).toBe(bytes);
  const { reply, ms, growthMb } = await contrastOver(bomb, 'png');
  expectErrorEnvelope(reply, 400, 'IMAGE_FETCH_FAILED');
  expect(reply.json.error.details).toEqual([{ field: 'image', issue: TOO_LARGE }]);
  expect(ms).toBeLessThan(1_000);
  expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
});

test('every format around the limit: over it the 400 and memory untouched, within it never', async () => {
  const over = ({ width, height }: Declared) => width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS;
  // Around the limit on a side (the other side small enough), or on
  // the area (as many rows as fit, or one more); either way round.
  const bySide = fc.record({
    width: fc.integer({ min: MAX_SIDE - 1, max: MAX_SIDE + 2 }),
    height: fc.integer({ min: 1, max: MAX_PIXELS / MAX_SIDE }),
  });
  const byArea = fc
    .tuple(fc.integer({ min: MAX_PIXELS / MAX_SIDE, max: MAX_SIDE }), fc.integer({ min: 0, max: 1 }))
    .map(([width, rows]) => ({ width, height: Math.floor(MAX_PIXELS / width) + rows }));
  const sizes = fc.tuple(fc.oneof(bySide, byArea), fc.boolean(), fc.nat(4096)).map(
    ([size, turned, offset]): Declared => ({
      ...(turned ? { width: size.height, height: size.width } : size),
      offset,
    }),
  );
  const seen = { over: 0, within: 0 };
  await fc.assert(
    fc.asyncProperty(sizes, fc.constantFrom('png' as const, 'svg' as const), async (size, format) => {
      const tooLarge = over(size);
      seen[tooLarge ? 'over' : 'within'] += 1;
      for (const [part, declaring] of Object.entries(DECLARING_PARTS)) {
        // A picture within the limit may be drawn, which at 16.8 megapixels
        // costs the few hundred MB the limit allows: it is asked
        // for as SVG, for which the server decodes nothing of a WebP or
        // GIF (and the other pictures hold no pixel data to decode).
        const { reply, growthMb } = await contrastOver(declaring(size), tooLarge ? format : 'svg');
        const refused = reply.status === 400 && reply.json?.error?.details?.[0]?.issue === TOO_LARGE;
        const bounded = !tooLarge || growthMb < MAX_GROWTH_MB;
        expect({ part, size, answered: reply.status < 500, refused, bounded }).toEqual({
          part,
          size,
          answered: true,
          refused: tooLarge,
          bounded: true,
        });
      }
    }),
    { seed: 20261127, numRuns: RUNS, endOnFailure: true },
  );
  expect(seen.over).toBeGreaterThan(RUNS / 4);
  expect(seen.within).toBeGreaterThan(RUNS / 4);
}, 60_000);
