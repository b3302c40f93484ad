import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { RouteEntry } from '../../shared/routes/table';
import { readFileSync } from 'node:fs';
import { expectErrorEnvelope } from '../support/envelope';
import { sendBody } from '../support/imageHost';
import { expectFieldError, startImageApi, type ImageApi } from '../support/imageApi';
import { rateHeaders } from '../support/localApi';
import { svgRoutes } from '../support/routeCases';
import { exampleQuery } from '../support/routeExamples';
import { decodePng, fetchBytes } from '../support/png';
import { animatedWebp } from '../support/webp';
import { distinctColors, rasterize, type Raster } from '../support/raster';
import { drawnLineBoxes } from '../support/outlines';
import { parseXml, withoutTextLines } from '../support/svgXml';

/** `format=png` and `Accept: image/png` on every image route, through the local server. */
let images: ImageApi;
beforeAll(async () => {
  images = await startImageApi({
    '/avatar.webp': sendBody(readFileSync('test/fixtures/webp/test.webp'), 'image/webp'),
    '/animated.webp': sendBody(readFileSync('test/fixtures/webp/animated-alpha.webp'), 'image/webp'),
    // libwebp's sample twice over (8 KB): a copy of it for a small picture is lighter, but would not play.
    '/animated-sample.webp': sendBody(
      animatedWebp([readFileSync('test/fixtures/webp/test.webp'), readFileSync('test/fixtures/webp/test.webp')]),
      'image/webp',
    ),
  });
});
afterAll(async () => {
  await images.close();
});

const imageRoutes = svgRoutes;

/** The route's example, its picture URLs pointed at the test's image host. */
const exampleOf = (route: RouteEntry) => exampleQuery(route, `${images.host.url}/cat.png`);

const request = (route: RouteEntry, params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetchBytes(images.urlOf(route.path, params), { Authorization: `Bearer ${images.key}`, ...headers });

const samePixels = (a: Raster, b: Raster) => a.width === b.width && a.height === b.height && a.pixels.equals(b.pixels);

describe('format=png', () => {
  test.each(imageRoutes.map((route) => [route.id, route] as const))(
    '%s: the SVG it would answer, rasterised, with the caching rules',
    async (_id, route) => {
      const svg = await request(route, exampleOf(route));
      const png = await request(route, { ...exampleOf(route), format: 'png' });
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.headers.get('cache-control')).toBe('private, max-age=86400');
      expect(png.headers.get('vary')).toBeNull();
      rateHeaders({ status: png.status, headers: png.headers, text: '', json: undefined });
      const [svgTag, pngTag] = [svg.headers.get('etag'), png.headers.get('etag')];
      // Derived from the SVG drawn for the PNG (its pictures held at the drawn size), so revalidating
      // needs no rasterising; the same request gives the same tag.
      expect(pngTag).toMatch(/^"[\w-]+-png\d+"$/);
      expect(pngTag).not.toBe(svgTag);
      expect((await request(route, { ...exampleOf(route), format: 'png' })).headers.get('etag')).toBe(pngTag);

      const raster = decodePng(png.bytes);
      const root = parseXml(svg.bytes.toString('utf8'))[0]!;
      expect([raster.width, raster.height]).toEqual([Number(root.attrs.width), Number(root.attrs.height)]);
      expect(distinctColors(raster)).toBeGreaterThan(8);
      // The same document through the same renderer and fonts:
      // identical pixels (both straight alpha, as PNG stores them).
      expect(samePixels(raster, decodePng(rasterize(svg.bytes.toString('utf8')).png))).toBe(true);
    },
  );

  test("a WebP avatar (discord.js's default) is drawn in the PNG; the SVG keeps the WebP", async () => {
    const card = imageRoutes.find((route) => route.id === 'rankCard')!;
    const centre = async (avatar?: string) => {
      const query = { ...exampleOf(card), format: 'png', ...(avatar ? { avatar } : {}) };
      if (!avatar) delete (query as Record<string, string>).avatar;
      const raster = decodePng((await request(card, query)).bytes);
      return [...raster.pixels.subarray((141 * raster.width + 141) * 4, (141 * raster.width + 141) * 4 + 4)];
    };
    // libwebp's reference decoding of the sample, at its centre (test/fixtures/webp/test_ref.ppm).
    const ppm = readFileSync('test/fixtures/webp/test_ref.ppm');
    const reference = [
      ...ppm.subarray(
        ppm.length - 128 * 128 * 3 + (64 * 128 + 64) * 3,
        ppm.length - 128 * 128 * 3 + (64 * 128 + 64) * 3 + 3,
      ),
      255,
    ];
    const drawn = await centre(`${images.host.url}/avatar.webp`);
    for (const [i, value] of drawn.entries())
      expect(Math.abs(value - (reference[i] as number))).toBeLessThanOrEqual(24);
    expect(drawn).not.toEqual(await centre());
    // The SVG answer carries the WebP itself: browsers draw it, and it is lighter than any PNG of it.
    const svg = (await request(card, { ...exampleOf(card), avatar: `${images.host.url}/avatar.webp` })).bytes.toString(
      'utf8',
    );
    const webp = readFileSync('test/fixtures/webp/test.webp');
    expect(parseXml(svg).find((element) => element.tag === 'image')?.attrs.href).toBe(
      `data:image/webp;base64,${webp.toString('base64')}`,
    );
  });

  test('an animated WebP avatar is drawn in the PNG by its first frame; the SVG keeps it animated', async () => {
    const card = imageRoutes.find((route) => route.id === 'rankCard')!;
    const withAvatar = { ...exampleOf(card), avatar: `${images.host.url}/animated.webp` };
    const placeholder: Record<string, string> = { ...exampleOf(card), format: 'png' };
    delete placeholder.avatar;
    const [drawn, none] = [
      decodePng((await request(card, { ...withAvatar, format: 'png' })).bytes),
      decodePng((await request(card, placeholder)).bytes),
    ];
    // Inside the avatar's circle (its box is 51..231): the frame's pixels, not the placeholder's.
    const at = (raster: typeof drawn, x: number, y: number) => [
      ...raster.pixels.subarray((y * raster.width + x) * 4, (y * raster.width + x) * 4 + 4),
    ];
    expect(at(drawn, 100, 141)).not.toEqual(at(none, 100, 141));
    const svg = (await request(card, withAvatar)).bytes.toString('utf8');
    const animated = readFileSync('test/fixtures/webp/animated-alpha.webp');
    expect(parseXml(svg).find((element) => element.tag === 'image')?.attrs.href).toBe(
      `data:image/webp;base64,${animated.toString('base64')}`,
    );
    // Drawn small, where a still copy would be lighter: the SVG still carries the animation.
    const jail = imageRoutes.find((route) => route.id === 'jail')!;
    const small = (
      await request(jail, {
        ...exampleOf(jail),
        image: `${images.host.url}/animated-sample.webp`,
        width: '16',
        height: '16',
      })
    ).bytes.toString('utf8');
    expect(parseXml(small).find((element) => element.tag === 'image')?.attrs.href).toMatch(/^data:image\/webp;base64,/);
  });

  test('the requested size', async () => {
    const jail = imageRoutes.find((route) => route.id === 'jail')!;
    const raster = decodePng(
      (await request(jail, { ...exampleOf(jail), width: '300', height: '120', format: 'png' })).bytes,
    );
    expect([raster.width, raster.height]).toEqual([300, 120]);
  });

  test('is case-insensitive; other formats are a 400 naming format, before anything is drawn', async () => {
    const route = imageRoutes.find((r) => r.id === 'changeMyMind')!;
    expect((await request(route, { ...exampleOf(route), format: 'PNG' })).headers.get('content-type')).toBe(
      'image/png',
    );
    for (const format of ['gif', 'jpeg', '', 'svg+png']) {
      expectFieldError(await images.get(route.path, { ...exampleOf(route), format }), 'INVALID_PARAMETER', 'format');
    }
    // Both mistakes in one answer.
    const both = await images.get(route.path, { format: 'bmp' });
    expectErrorEnvelope(both, 400, 'INVALID_PARAMETER');
    expect(both.json.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['format', 'text']);
  });
});

describe('Accept negotiation (no format parameter)', () => {
  const route = imageRoutes.find((r) => r.id === 'rankCard')!;
  test.each([
    ['image/png', 'image/png'],
    ['image/png, image/svg+xml;q=0.5', 'image/png'],
    ['image/svg+xml;q=0.2, image/png;q=0.9', 'image/png'],
    ['image/*', 'image/svg+xml'],
    ['*/*', 'image/svg+xml'],
    [undefined, 'image/svg+xml'],
    // What a browser's <img> sends: SVG is named, so it wins.
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'image/svg+xml'],
    ['application/json', 'image/svg+xml'],
  ])('Accept %j -> %s, Vary: Accept', async (accept, type) => {
    const reply = await request(route, exampleOf(route), accept ? { Accept: accept } : {});
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')?.split(';')[0]).toBe(type);
    expect(reply.headers.get('vary')).toBe('Accept');
  });

  test('format wins over Accept', async () => {
    const reply = await request(route, { ...exampleOf(route), format: 'svg' }, { Accept: 'image/png' });
    expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});

describe('revalidation', () => {
  const route = imageRoutes.find((r) => r.id === 'rankCard')!;
  test('the PNG ETag answers 304 with an empty body; the SVG ETag does not match the PNG', async () => {
    const params = { ...exampleOf(route), format: 'png' };
    const first = await request(route, params);
    const etag = first.headers.get('etag')!;
    const again = await request(route, params, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
    rateHeaders({ status: 304, headers: again.headers, text: '', json: undefined });
    // The 304 carries what the PNG's 200 carries: its cache policy, and no SVG's CSP.
    for (const name of ['cache-control', 'content-security-policy'])
      expect([name, again.headers.get(name)]).toEqual([name, first.headers.get(name)]);
    expect(first.headers.get('content-security-policy')).toBeNull();

    const svgTag = (await request(route, exampleOf(route))).headers.get('etag')!;
    expect((await request(route, params, { 'If-None-Match': svgTag })).status).toBe(200);
    expect((await request(route, exampleOf(route), { 'If-None-Match': etag })).status).toBe(200);
    // Negotiated PNG: same ETag as the explicit one.
    expect((await request(route, exampleOf(route), { Accept: 'image/png', 'If-None-Match': etag })).status).toBe(304);
  });

  test('the same request twice gives the same bytes', async () => {
    const params = { ...exampleOf(route), format: 'png' };
    const [a, b] = await Promise.all([request(route, params), request(route, params)]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });
});

describe('text in the PNG', () => {
  /** Where each line of text may draw: its outlines' and emoji's box, and a pixel of antialiasing around it. */
  const layoutBoxes = (svg: string) =>
    drawnLineBoxes(parseXml(svg)).map((line) => ({
      left: line.left - 2,
      right: line.right + 2,
      top: line.top - 2,
      bottom: line.bottom + 2,
    }));

  const EMOJI = 'Ada 😀👍🏽 👨‍👩‍👧‍👦 🇫🇷 ❤️';
  test.each([
    ['rankCard', {}],
    ['changeMyMind', {}],
    ['rankCard', { username: EMOJI }],
    ['changeMyMind', { text: `${EMOJI} Tabs 🍕 are better than spaces 🎉` }],
  ])(
    '%s %j: every text pixel lies inside a layout box, and there are text pixels',
    async (id, change: Record<string, string>) => {
      const route = imageRoutes.find((r) => r.id === id)!;
      const params = { ...exampleOf(route), ...change };
      const svg = (await request(route, params)).bytes.toString('utf8');
      const withText = decodePng((await request(route, { ...params, format: 'png' })).bytes);
      const withoutText = decodePng(rasterize(withoutTextLines(svg)).png);
      const boxes = layoutBoxes(svg);
      expect(boxes.length).toBeGreaterThan(0);
      let textPixels = 0;
      const stray: string[] = [];
      for (let i = 0; i < withText.pixels.length; i += 4) {
        if (withText.pixels.readUInt32BE(i) === withoutText.pixels.readUInt32BE(i)) continue;
        textPixels += 1;
        const [x, y] = [(i / 4) % withText.width, Math.floor(i / 4 / withText.width)];
        if (!boxes.some((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom))
          stray.push(`${x},${y}`);
      }
      expect(stray).toEqual([]);
      expect(textPixels).toBeGreaterThan(200);
    },
  );
});
