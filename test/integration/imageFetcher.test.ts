import { afterEach, describe, expect, test } from '@jest/globals';
import net from 'node:net';
import { ApiError } from '../../shared/errors/apiError';
import type { FetchFailure } from '../../shared/images/fetchError';
import { createImageFetcher, type FetchFailureLog, type ImageFetcherOptions } from '../../shared/images/imageFetcher';
import type { ResolvedAddress } from '../../shared/images/guardedLookup';
import { readFileSync } from 'node:fs';
import { decodePng } from '../support/png';
import { pixelSize } from '../../shared/images/imageSize';
import {
  MAGIC,
  noisePng,
  pngDeclaring,
  PNG_END,
  solidGif,
  redirectTo,
  samplePng,
  sendBody,
  startImageHost,
  type HostRoute,
  type ImageHost,
} from '../support/imageHost';

const PNG = samplePng(16);
const MB = 1024 * 1024;

const hosts: ImageHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

/** A host closed after the test; `routes` stays live, so routes may name the host's own URL. */
async function host(routes: Record<string, HostRoute> = {}): Promise<ImageHost> {
  const started = await startImageHost(routes);
  hosts.push(started);
  return started;
}

/** Causes the fetchers of this file logged, newest last. */
const logged: FetchFailureLog[] = [];

/** A fetcher whose refusals are logged to `logged`. */
const loggingFetcher = (options: ImageFetcherOptions = {}) =>
  createImageFetcher({ log: (entry) => logged.push(entry), ...options });

/** A fetcher that may reach the given hosts (and no other private address). */
const fetcherFor = (allowed: ImageHost[], options: ImageFetcherOptions = {}) =>
  loggingFetcher({ allowHosts: new Set(allowed.map((h) => h.hostPort)), ...options });

/** What a client may be told: the class of the failure, in words that never depend on the cause. */
const ISSUES: Record<FetchFailure, RegExp> = {
  notPublic: /^is not at a public address; only public hosts are fetched$/,
  unreachable: /^could not be fetched from its host$/,
  notPicture: /^is not a PNG, JPEG, GIF or WebP picture$/,
  tooLarge: /^is too large: pictures may be at most [\d.]+ MB, 8192 pixels on a side and 16.8 megapixels$/,
};

/** Plays DNS: each name answers the listed addresses; `calls` records every question. */
function playDns(answers: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    return (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { calls, resolve };
}

/**
 * Awaits a load that must fail and checks the IMAGE_FETCH_FAILED shape: the client is told the
 * class of the failure (`expected`, when given) and nothing of its cause, which is logged with the
 * field and host. Returns the logged cause.
 */
async function refusal(load: Promise<unknown>, field = 'image', expected?: FetchFailure): Promise<string> {
  const error = await load.then(
    (image) => new Error(`expected a refusal, got ${JSON.stringify(image).slice(0, 80)}`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { code, statusCode, message, details } = error as ApiError;
  expect({ code, statusCode }).toEqual({ code: 'IMAGE_FETCH_FAILED', statusCode: 400 });
  expect(details).toHaveLength(1);
  expect(details?.[0]?.field).toBe(field);
  const issue = details?.[0]?.issue as string;
  expect(`${field} ${issue}`).toBe(message);
  const entry = logged.at(-1) as FetchFailureLog;
  expect(entry.field).toBe(field);
  expect(issue).toMatch(ISSUES[entry.failure]);
  if (expected) expect(entry.failure).toBe(expected);
  expect(message).not.toMatch(/\d+\.\d+\.\d+\.\d+|loopback|refused|timed out|TLS|answered|redirect/i);
  return entry.cause;
}

/** Milliseconds a promise took to settle, whichever way. */
async function elapsed(promise: Promise<unknown>): Promise<number> {
  const start = performance.now();
  await promise.catch(() => undefined);
  return performance.now() - start;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StreamSeen {
  written: number;
  closedEarly: boolean;
}

/** Streams `total` bytes (PNG first) in chunks, honouring backpressure, with no content-length. */
function streamChunked(total: number, seen: StreamSeen, status = 200, headers: Record<string, string> = {}): HostRoute {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'image/png', ...headers });
    response.on('close', () => (seen.closedEarly = !response.writableFinished));
    const chunk = Buffer.concat([PNG, Buffer.alloc(64 * 1024 - PNG.length)]);
    const pump = () => {
      while (seen.written < total && !response.destroyed) {
        seen.written += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end();
    };
    pump();
  };
}

/** Sends headers (and one byte) and then one more byte every 50 ms, until the socket goes. */
const trickle: HostRoute = (_request, response) => {
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': 10_000 }).write(PNG.subarray(0, 1));
  const timer = setInterval(() => response.write(PNG.subarray(1, 2)), 50);
  response.on('close', () => clearInterval(timer));
};

describe('guarded image fetcher: success and magic bytes', () => {
  test('a PNG from an allow-listed 127.0.0.1 host is inlined byte for byte', async () => {
    const images = await host({ '/a.png': sendBody(PNG) });
    const image = await fetcherFor([images]).load(`${images.url}/a.png`, 'image');
    expect(image).toEqual({
      mime: 'image/png',
      bytes: PNG.length,
      width: 16,
      height: 16,
      dataUri: `data:image/png;base64,${PNG.toString('base64')}`,
    });
  });

  test.each<[keyof typeof MAGIC, string]>([
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
  ])('%s magic bytes are recognised as %s', async (format, mime) => {
    const images = await host({ '/img': sendBody(MAGIC[format], 'application/octet-stream') });
    const image = await fetcherFor([images]).load(`${images.url}/img`, 'image');
    expect(image).toEqual({
      mime,
      bytes: MAGIC[format].length,
      ...pixelSize(MAGIC[format], mime),
      dataUri: `data:${mime};base64,${MAGIC[format].toString('base64')}`,
    });
  });

  test('a WebP stays as it came for SVG when lighter, a PNG for PNG answers; a broken one is refused', async () => {
    // libwebp's sample: a 128×128 photo in 4880 bytes, which any PNG of it outweighs.
    const webp = readFileSync('test/fixtures/webp/test.webp');
    const images = await host({
      '/a.webp': sendBody(webp, 'image/webp'),
      '/header-only.webp': sendBody(MAGIC.webp, 'image/webp'),
    });
    const fetcher = fetcherFor([images]);
    const asFetched = {
      mime: 'image/webp',
      bytes: webp.length,
      width: 128,
      height: 128,
      dataUri: `data:image/webp;base64,${webp.toString('base64')}`,
    };
    expect(await fetcher.load(`${images.url}/a.webp`, 'image')).toEqual(asFetched);
    // For SVG answers: kept as it came at twice its drawn size, or where its PNG copy would be
    // heavier; at 32 pixels its 4880 bytes are over a byte per pixel of the copy, so the copy is
    // made, and it is the lighter one.
    const forSvg = (side: number) =>
      fetcher.load(`${images.url}/a.webp`, 'image', { width: side, height: side, exact: false, format: 'svg' });
    for (const side of [256, 64]) expect(await forSvg(side)).toEqual(asFetched);
    const small = await forSvg(32);
    expect([small.mime, small.width, small.height]).toEqual(['image/png', 32, 32]);
    expect(small.bytes).toBeLessThan(webp.length);
    // For PNG answers: its pixels as PNG, at the size drawn.
    for (const side of [128, 64]) {
      const held = await fetcher.load(`${images.url}/a.webp`, 'image', {
        width: side,
        height: side,
        exact: true,
        format: 'png',
      });
      const png = Buffer.from(held.dataUri.replace('data:image/png;base64,', ''), 'base64');
      expect([held.mime, held.bytes, held.width, held.height]).toEqual(['image/png', png.length, side, side]);
      const decoded = decodePng(png);
      expect([decoded.width, decoded.height]).toEqual([side, side]);
      expect(held.bytes).toBeGreaterThan(webp.length);
    }
    expect(images.requests().filter((path) => path === '/a.webp')).toHaveLength(1);
    // A header and no picture (48×32, 34 bytes): nothing decodes it where a browser draws it as it
    // came (an SVG answer needing no copy, or one it is within a byte per pixel of), as with any
    // other format; refused where it must be decoded.
    const header = `${images.url}/header-only.webp`;
    for (const side of [96, 12])
      expect(
        (await fetcher.load(header, 'image', { width: side, height: side, exact: false, format: 'svg' })).mime,
      ).toBe('image/webp');
    for (const fit of [
      { width: 48, height: 32, exact: true, format: 'png' },
      { width: 3, height: 2, exact: false, format: 'svg' },
    ] as const) {
      expect(await refusal(fetcher.load(header, 'image', fit), 'image', 'notPicture')).toMatch(
        /WebP picture could not be decoded/,
      );
    }
  });

  test('with a fit, a larger picture is scaled down to cover it, once; others stay as they are', async () => {
    const big = noisePng(1000, 500, 3);
    const images = await host({
      '/big.png': sendBody(big),
      '/small.png': sendBody(PNG),
      '/sliver.png': sendBody(noisePng(4096, 1, 9)),
      '/anim.gif': sendBody(MAGIC.gif),
      '/junk.png': sendBody(Buffer.concat([pngDeclaring(900, 900), Buffer.alloc(4096, 7), PNG_END])),
    });
    const fetcher = fetcherFor([images]);
    const fit = { width: 200, height: 200, exact: false, format: 'svg' } as const;
    const scaled = await fetcher.load(`${images.url}/big.png`, 'image', fit);
    // Covering 200×200 with the aspect kept: 400×200.
    expect([scaled.mime, scaled.width, scaled.height]).toEqual(['image/png', 400, 200]);
    const pixels = decodePng(Buffer.from(scaled.dataUri.split(',')[1] as string, 'base64'));
    expect([pixels.width, pixels.height]).toEqual([400, 200]);
    expect(scaled.bytes).toBeLessThan(big.length / 4);
    // Cached: the same copy again, and the original is still there whole.
    expect(await fetcher.load(`${images.url}/big.png`, 'image', fit)).toBe(scaled);
    expect((await fetcher.load(`${images.url}/big.png`, 'image')).bytes).toBe(big.length);
    expect(images.requests().filter((path) => path === '/big.png')).toHaveLength(1);
    for (const path of ['/small.png', '/anim.gif', '/junk.png']) {
      const kept = await fetcher.load(`${images.url}${path}`, 'image', fit);
      expect(kept).toBe(await fetcher.load(`${images.url}${path}`, 'image'));
    }
    // Noise compresses worst: shrunk a little for an SVG answer,
    // its PNG copy would outweigh the original, which is kept.
    const heavy = await fetcher.load(`${images.url}/big.png`, 'image', {
      width: 900,
      height: 450,
      exact: false,
      format: 'svg',
    });
    expect(heavy.bytes).toBeLessThanOrEqual(big.length);
    // A sliver covering a square would be 2048 times its own size: kept as it is.
    const thin = await fetcher.load(`${images.url}/sliver.png`, 'image', {
      width: 512,
      height: 512,
      exact: true,
      format: 'png',
    });
    expect([thin.width, thin.height]).toEqual([4096, 1]);
    // A PNG answer draws a GIF's first frame only: it gets a copy too, while an SVG answer keeps the GIF to play.
    const gifHost = await host({ '/solid.gif': sendBody(solidGif(400, 300, [200, 30, 60])) });
    const gifFetcher = fetcherFor([gifHost]);
    expect((await gifFetcher.load(`${gifHost.url}/solid.gif`, 'image', fit)).mime).toBe('image/gif');
    const frame = await gifFetcher.load(`${gifHost.url}/solid.gif`, 'image', { ...fit, format: 'png' });
    const framePixels = decodePng(Buffer.from(frame.dataUri.split(',')[1] as string, 'base64'));
    expect([frame.mime, frame.width, frame.height, [...framePixels.pixels.subarray(0, 4)]]).toEqual([
      'image/png',
      267,
      200,
      [200, 30, 60, 255],
    ]);
    // An exact fit (a PNG answer drawing the picture at that size) scales a smaller picture up too.
    const up = await fetcher.load(`${images.url}/small.png`, 'image', {
      width: 48,
      height: 32,
      exact: true,
      format: 'png',
    });
    expect([up.mime, up.width, up.height]).toEqual(['image/png', 48, 48]);
    expect([decodePng(Buffer.from(up.dataUri.split(',')[1] as string, 'base64')).width, up.bytes > 0]).toEqual([
      48,
      true,
    ]);
  });

  test('a picture that declares more pixels than may be drawn is refused before anything decodes it', async () => {
    const images = await host({
      '/bomb.png': sendBody(pngDeclaring(16000, 16000), 'image/png'),
      '/wide.png': sendBody(pngDeclaring(9000, 10), 'image/png'),
    });
    const fetcher = fetcherFor([images]);
    expect(await refusal(fetcher.load(`${images.url}/bomb.png`, 'image'), 'image', 'tooLarge')).toBe(
      'it is 16000×16000 pixels, over 8192 on a side or 16.8 megapixels',
    );
    expect(await refusal(fetcher.load(`${images.url}/wide.png`, 'image'), 'image', 'tooLarge')).toMatch(
      /9000×10 pixels/,
    );
  });

  test('a PNG or GIF cut short (no IEND chunk, no trailer) is no picture: refused, not drawn as nothing', async () => {
    const gif = Buffer.concat([
      MAGIC.gif.subarray(0, -1),
      Buffer.from([0x2c, 0, 0, 0, 0, 0x30, 0, 0x20, 0, 0, 2, 0x16]),
    ]);
    const images = await host({
      '/cut.png': sendBody(PNG.subarray(0, Math.floor(PNG.length * 0.6))),
      '/header.png': sendBody(pngDeclaring(64, 64)),
      '/cut.gif': sendBody(gif),
      '/padded.gif': sendBody(Buffer.concat([MAGIC.gif, Buffer.alloc(16)])),
    });
    const fetcher = fetcherFor([images]);
    for (const [path, format] of [
      ['/cut.png', 'PNG'],
      ['/header.png', 'PNG'],
      ['/cut.gif', 'GIF'],
    ]) {
      expect([path, await refusal(fetcher.load(`${images.url}${path}`, 'image'), 'image', 'notPicture')]).toEqual([
        path,
        `the ${format} picture is cut short: it ends before its last part`,
      ]);
    }
    // Zero bytes after the trailer are padding that decoders skip.
    expect((await fetcher.load(`${images.url}/padded.gif`, 'image')).mime).toBe('image/gif');
  });

  test('the magic bytes decide: a PNG served as text/plain passes, HTML served as image/png does not', async () => {
    const images = await host({
      '/png-as-text': sendBody(PNG, 'text/plain'),
      '/html-as-png': sendBody('<!doctype html><p>hi</p>', 'image/png'),
    });
    const fetcher = fetcherFor([images]);
    expect((await fetcher.load(`${images.url}/png-as-text`, 'image')).mime).toBe('image/png');
    expect(await refusal(fetcher.load(`${images.url}/html-as-png`, 'image'), 'image', 'notPicture')).toBe(
      'the response is not a PNG, JPEG, GIF or WebP image',
    );
  });

  test.each([404, 500])('an answer %i is refused; the log names the status', async (status) => {
    const images = await host({ '/img': (_request, response) => response.writeHead(status).end('nope') });
    expect(await refusal(fetcherFor([images]).load(`${images.url}/img`, 'image'), 'image', 'unreachable')).toBe(
      `the image host answered ${status}`,
    );
  });
});

describe('guarded image fetcher: size and time caps', () => {
  test('6 MB with an honest Content-Length is refused under the 5 MB default', async () => {
    const images = await host({ '/big': sendBody(Buffer.concat([PNG, Buffer.alloc(6 * MB)])) });
    expect(await refusal(fetcherFor([images]).load(`${images.url}/big`, 'image'), 'image', 'tooLarge')).toBe(
      'the image is larger than 5 MB',
    );
  });

  test('a chunked stream without Content-Length is cut just past 5 MB, closing the socket early', async () => {
    const seen: StreamSeen = { written: 0, closedEarly: false };
    const images = await host({ '/stream': streamChunked(64 * MB, seen) });
    expect(await refusal(fetcherFor([images]).load(`${images.url}/stream`, 'image'))).toBe(
      'the image is larger than 5 MB',
    );
    for (let i = 0; i < 40 && !seen.closedEarly; i += 1) await sleep(25);
    expect(seen.closedEarly).toBe(true);
    expect(seen.written).toBeLessThan(32 * MB);
  });

  test('a body of exactly maxBytes passes, one byte more does not', async () => {
    const body = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
    const images = await host({ '/exact': sendBody(body(2048)), '/over': sendBody(body(2049)) });
    const fetcher = fetcherFor([images], { maxBytes: 2048 });
    expect((await fetcher.load(`${images.url}/exact`, 'image')).bytes).toBe(2048);
    expect(await refusal(fetcher.load(`${images.url}/over`, 'image'))).toMatch(/^the image is larger than /);
  });

  test.each([
    ['headers then a trickling body', trickle],
    ['no answer at all', () => undefined],
  ])('%s times out after 0.3 s and settles promptly', async (_name, route) => {
    const images = await host({ '/slow': route });
    const load = fetcherFor([images], { timeoutMs: 300 }).load(`${images.url}/slow`, 'image');
    const [reason, ms] = await Promise.all([refusal(load), elapsed(load)]);
    expect(reason).toBe('timed out after 0.3 s');
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2000);
  });

  test('a DNS answer that never comes times out too', async () => {
    const load = loggingFetcher({ timeoutMs: 300, resolve: () => new Promise(() => undefined) }).load(
      'http://stuck.test/img',
      'image',
    );
    const [reason, ms] = await Promise.all([refusal(load), elapsed(load)]);
    expect(reason).toBe('timed out after 0.3 s');
    expect(ms).toBeLessThan(2000);
  });

  // A 404 or a redirect may come with a body that never ends. The fetcher takes only the status (and
  // the Location, which it follows) and cuts the connection, so the host can write little more than
  // the socket buffers hold (well under 8 MB) and sees its response closed before it finished.
  test.each([
    ['a 404', 404, {}, 'the image host answered 404'],
    ['a 302', 302, { location: '/a.png' }, null],
  ])('the endless body of %s is not downloaded once the load has settled', async (_name, status, headers, reason) => {
    const seen: StreamSeen = { written: 0, closedEarly: false };
    const images = await host({ '/endless': streamChunked(256 * MB, seen, status, headers), '/a.png': sendBody(PNG) });
    const load = fetcherFor([images], { maxBytes: 64 * 1024 }).load(`${images.url}/endless`, 'image');
    if (reason) expect(await refusal(load)).toBe(reason);
    else expect((await load).mime).toBe('image/png');
    await sleep(200);
    expect(seen.written).toBeLessThan(8 * MB);
    expect(seen.closedEarly).toBe(true);
  });
});

describe('guarded image fetcher: redirects', () => {
  /** /r<n> redirects to /r<n-1> (301, 302, 303, 307, 308 in turn); /r0 is the picture. */
  async function chainHost(): Promise<ImageHost> {
    const routes: Record<string, HostRoute> = { '/r0': sendBody(PNG), '/loop': redirectTo('/loop') };
    const chain = await host(routes);
    const statuses = [301, 302, 303, 307, 308];
    for (let n = 1; n <= 5; n += 1) routes[`/r${n}`] = redirectTo(`${chain.url}/r${n - 1}`, statuses[n - 1]);
    return chain;
  }

  test.each([1, 2, 3])('%i redirect(s) to the allowed host are followed', async (hops) => {
    const chain = await chainHost();
    expect((await fetcherFor([chain]).load(`${chain.url}/r${hops}`, 'image')).bytes).toBe(PNG.length);
    expect(chain.requests()).toHaveLength(hops + 1);
  });

  test('4 redirects and a redirect loop are refused after the third redirect', async () => {
    const chain = await chainHost();
    const fetcher = fetcherFor([chain]);
    expect(await refusal(fetcher.load(`${chain.url}/r4`, 'image'))).toBe('more than 3 redirects');
    expect(chain.requests()).toEqual(['/r4', '/r3', '/r2', '/r1']);
    expect(await refusal(fetcher.load(`${chain.url}/loop`, 'image'))).toBe('more than 3 redirects');
  });

  test('a relative Location is resolved against the current URL', async () => {
    const images = await host({ '/dir/start': redirectTo('../pics/a.png?x=1'), '/pics/a.png': sendBody(PNG) });
    expect((await fetcherFor([images]).load(`${images.url}/dir/start`, 'image')).mime).toBe('image/png');
    expect(images.requests()).toEqual(['/dir/start', '/pics/a.png?x=1']);
  });

  test('a redirect to a private host that is not allow-listed never reaches it', async () => {
    const inside = await host({ '/secret': sendBody(PNG) });
    const images = await host({ '/jump': redirectTo(`${inside.url}/secret`) });
    const reason = await refusal(fetcherFor([images]).load(`${images.url}/jump`, 'image'), 'image', 'notPublic');
    expect(reason).toBe('the host is a non-public address (127.0.0.1, loopback)');
    expect(inside.connections()).toBe(0);
  });

  test.each([
    ['file:///etc/passwd', 'a redirect target uses file:; only http and https are fetched'],
    ['ftp://example.com/a.png', 'a redirect target uses ftp:; only http and https are fetched'],
    ['http://user:secret@127.0.0.1:1/a.png', 'a redirect target contains credentials'],
    ['http://[oops/', 'a redirect target is not a valid URL'],
  ])('a redirect to %s is refused', async (location, expected) => {
    const images = await host({ '/jump': redirectTo(location) });
    expect(await refusal(fetcherFor([images]).load(`${images.url}/jump`, 'image'))).toBe(expected);
  });

  test('the first URL is held to the same rules', async () => {
    const fetcher = loggingFetcher();
    expect(await refusal(fetcher.load('file:///etc/passwd', 'image'))).toBe(
      'the URL uses file:; only http and https are fetched',
    );
    expect(await refusal(fetcher.load('http://u:p@example.com/a.png', 'image'))).toBe('the URL contains credentials');
    expect(await refusal(fetcher.load('not a url', 'image'))).toBe('the URL is not a valid URL');
  });
});

describe('guarded image fetcher: private addresses', () => {
  test('every spelling of a loopback host that is not allow-listed is refused without connecting', async () => {
    const inside = await host({ '/': sendBody(PNG) });
    const fetcher = loggingFetcher(); // real DNS: localhost comes from /etc/hosts
    const spellings: [string, string][] = [
      ['127.0.0.1', '127.0.0.1, loopback'],
      ['2130706433', '127.0.0.1, loopback'],
      ['0x7f000001', '127.0.0.1, loopback'],
      ['0177.0.0.1', '127.0.0.1, loopback'],
      ['127.1', '127.0.0.1, loopback'],
      ['[::1]', '::1, loopback'],
      ['[::ffff:127.0.0.1]', '::ffff:7f00:1, loopback'],
      ['[::ffff:7f00:1]', '::ffff:7f00:1, loopback'],
      ['0.0.0.0', '0.0.0.0, unspecified'],
      ['localhost', ', loopback'],
    ];
    for (const [hostname, address] of spellings) {
      const reason = await refusal(fetcher.load(`http://${hostname}:${inside.port}/`, 'image'));
      expect({ hostname, reason }).toEqual({ hostname, reason: expect.stringContaining(`non-public address (`) });
      expect({ hostname, reason }).toEqual({ hostname, reason: expect.stringContaining(`${address})`) });
    }
    expect(inside.connections()).toBe(0);
  });

  test.each([
    ['169.254.169.254', 'linkLocal'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['[fd00::1]', 'uniqueLocal'],
    ['[fe80::1]', 'linkLocal'],
    ['[fc00::1]', 'uniqueLocal'],
    ['[64:ff9b::a00:1]', 'rfc6052'],
    ['[2002:a00:1::]', '6to4'],
    ['[::]', 'unspecified'],
    ['[::7f00:1]', 'ipv4Compatible'],
    ['[::a00:1]', 'ipv4Compatible'],
  ])('http://%s/ is refused at once as %s', async (hostname, range) => {
    const load = loggingFetcher().load(`http://${hostname}/latest/meta-data/`, 'image');
    const [reason, ms] = await Promise.all([refusal(load), elapsed(load)]);
    expect(reason).toMatch(new RegExp(`^the host is a non-public address \\([^,]+, ${range}\\)`));
    expect(ms).toBeLessThan(500);
  });
});

describe('guarded image fetcher: DNS answers', () => {
  test('a name pointing inside, or with one private answer, is refused without connecting', async () => {
    const inside = await host({ '/': sendBody(PNG) });
    const dns = playDns({ 'inside.test': ['10.0.0.5'], 'mixed.test': ['93.184.216.34', '127.0.0.1'] });
    const fetcher = loggingFetcher({ resolve: dns.resolve });
    expect(await refusal(fetcher.load(`http://inside.test:${inside.port}/`, 'image'))).toMatch(
      /non-public address \(10\.0\.0\.5, private\)/,
    );
    expect(await refusal(fetcher.load(`http://mixed.test:${inside.port}/`, 'image'))).toMatch(
      /non-public address \(127\.0\.0\.1, loopback\)/,
    );
    expect(dns.calls).toEqual(['inside.test', 'mixed.test']);
    expect(inside.connections()).toBe(0);
  });

  test('a name without addresses does not resolve', async () => {
    const dns = playDns({});
    expect(await refusal(loggingFetcher({ resolve: dns.resolve }).load('http://nowhere.test/a.png', 'image'))).toBe(
      'the host name does not resolve',
    );
    expect(dns.calls).toEqual(['nowhere.test']);
  });

  test('an allow-listed name:port may resolve privately; the same address under another name may not', async () => {
    const images = await host({ '/a.png': sendBody(PNG) });
    const dns = playDns({ 'images.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const fetcher = loggingFetcher({ allowHosts: new Set([`images.test:${images.port}`]), resolve: dns.resolve });
    expect((await fetcher.load(`http://images.test:${images.port}/a.png`, 'image')).bytes).toBe(PNG.length);
    expect(await refusal(fetcher.load(`http://other.test:${images.port}/a.png`, 'image'))).toMatch(
      /non-public address/,
    );
    expect(dns.calls).toEqual(['images.test', 'other.test']);
    expect(images.connections()).toBe(1);
  });
});

describe('guarded image fetcher: cache and field', () => {
  test('a second load and concurrent loads of one URL reach the host once', async () => {
    const images = await host({ '/a.png': sendBody(PNG), '/b.png': sendBody(PNG) });
    const fetcher = fetcherFor([images]);
    const first = await fetcher.load(`${images.url}/a.png`, 'image');
    expect(await fetcher.load(`${images.url}/a.png`, 'other')).toEqual(first);
    expect(images.requests()).toEqual(['/a.png']);

    const together = await Promise.all([1, 2, 3].map(() => fetcher.load(`${images.url}/b.png`, 'image')));
    expect(together.map((image) => image.bytes)).toEqual([PNG.length, PNG.length, PNG.length]);
    expect(images.requests()).toEqual(['/a.png', '/b.png']);
  });

  test('a download the cache evicts while it runs still answers the requests waiting on it', async () => {
    const slow: HostRoute = (request, response) => void setTimeout(() => sendBody(PNG)(request, response), 200);
    const images = await host({ '/slow.png': slow, '/a.png': sendBody(PNG), '/b.png': sendBody(PNG) });
    // Room for about one picture: the two quick loads push the slow one out while it downloads.
    const fetcher = fetcherFor([images], {
      cacheSize: Math.floor(`data:image/png;base64,${PNG.toString('base64')}`.length * 1.5),
    });
    const pending = fetcher.load(`${images.url}/slow.png`, 'image');
    await fetcher.load(`${images.url}/a.png`, 'image');
    await fetcher.load(`${images.url}/b.png`, 'image');
    expect((await pending).bytes).toBe(PNG.length);
  });

  test('a failed load is not cached: the next load tries again', async () => {
    let fixed = false;
    const images = await host({
      '/flaky': (request, response) => (fixed ? sendBody(PNG)(request, response) : response.writeHead(503).end()),
    });
    const fetcher = fetcherFor([images]);
    expect(await refusal(fetcher.load(`${images.url}/flaky`, 'image'))).toBe('the image host answered 503');
    fixed = true;
    expect((await fetcher.load(`${images.url}/flaky`, 'image')).mime).toBe('image/png');
    expect(images.requests()).toEqual(['/flaky', '/flaky']);
  });

  test('the failing field is named in message and details', async () => {
    const images = await host();
    await expect(fetcherFor([images]).load(`${images.url}/missing.png?sig=s3cret`, 'avatar')).rejects.toMatchObject({
      code: 'IMAGE_FETCH_FAILED',
      statusCode: 400,
      message: 'avatar could not be fetched from its host',
      details: [{ field: 'avatar', issue: 'could not be fetched from its host' }],
    });
    // The log has the cause and the host, never the path or query (a signed URL's signature).
    expect(logged.at(-1)).toEqual({
      field: 'avatar',
      host: images.hostPort,
      failure: 'unreachable',
      cause: 'the image host answered 404',
    });
  });

  test('a port scanner learns nothing: refused, silent, reset, not HTTP, bad TLS and 404 all read alike', async () => {
    const closed = await host();
    const closedUrl = `${closed.url}/x.png`;
    await closed.close();
    const silent = await host({ '/x.png': () => undefined });
    const reset = await host({ '/x.png': (request) => request.socket.destroy() });
    // Its connections are destroyed at the end: one half-closed by it would otherwise keep the worker alive.
    const rawSockets = new Set<net.Socket>();
    const raw = net.createServer((socket) => {
      rawSockets.add(socket);
      socket.end('SSH-2.0-OpenSSH_9.6\r\n');
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const rawPort = (raw.address() as net.AddressInfo).port;
    const plain = await host({ '/x.png': sendBody(PNG) });
    try {
      const fetcher = fetcherFor([silent, reset, plain, closed], {
        timeoutMs: 300,
        allowHosts: new Set([silent, reset, plain, closed].map((h) => h.hostPort).concat(`127.0.0.1:${rawPort}`)),
      });
      const targets = [
        closedUrl,
        `${silent.url}/x.png`,
        `${reset.url}/x.png`,
        `http://127.0.0.1:${rawPort}/x.png`,
        `${plain.url.replace('http:', 'https:')}/x.png`,
        `${plain.url}/missing.png`,
      ];
      const answers: string[] = [];
      const causes: string[] = [];
      for (const target of targets) {
        const error = (await fetcher.load(target, 'image').catch((caught: unknown) => caught)) as ApiError;
        answers.push(error.message);
        causes.push((logged.at(-1) as FetchFailureLog).cause);
      }
      expect(new Set(answers)).toEqual(new Set(['image could not be fetched from its host']));
      // The causes differ, and only the log has them.
      expect(new Set(causes).size).toBe(targets.length);
    } finally {
      raw.close();
      for (const socket of rawSockets) socket.destroy();
    }
  });
});
