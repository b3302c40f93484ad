import { expect } from '@jest/globals';
import type { LocalServer } from '../../infra/local/server';
import { expectErrorEnvelope } from './envelope';
import { sendBody, samplePng, startImageHost, type HostRoute, type ImageHost } from './imageHost';
import { call, rateHeaders, startTestApi, type Reply } from './localApi';
import { distinctColors, pixel, rasterize } from './raster';
import { expectSafeSvg } from './svgXml';

/** The local server with a real key, plus an allow-listed image host on 127.0.0.1 serving `/cat.png`. */
export interface ImageApi {
  api: LocalServer;
  host: ImageHost;
  png: Buffer;
  key: string;
  /** The request URL of `path` with `params`. */
  urlOf(path: string, params: Record<string, string | number>): string;
  get(path: string, params: Record<string, string | number>, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

export async function startImageApi(routes: Record<string, HostRoute> = {}): Promise<ImageApi> {
  const png = samplePng(48);
  const key = 'image-api-key-0123456';
  const host = await startImageHost({ '/cat.png': sendBody(png), ...routes });
  // Many requests with one key: the limiter has its own suites.
  process.env.RATE_LIMIT_PER_MINUTE = '1000';
  const api = await startTestApi({ localApiKey: key, imageFetchAllowHosts: host.hostPort });
  const urlOf = (path: string, params: Record<string, string | number>) =>
    `${api.url}${path}?` +
    `${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
  return {
    api,
    host,
    png,
    key,
    urlOf,
    get: (path, params, headers = {}) => call(urlOf(path, params), { key, headers }),
    close: async () => {
      await api.close();
      await host.close();
    },
  };
}

/**
 * A 200 image: the SVG contract, caching headers, rate headers, and a raster that is drawn (opaque
 * in the middle) with at least `minColors` colours (a flat result can be right, e.g. contrast 0).
 */
export function expectImage(reply: Reply, size: { width: number; height: number }, minColors = 4) {
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(reply.headers.get('cache-control')).toBe('private, max-age=86400');
  expect(reply.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  rateHeaders(reply);
  // Every picture of these tests comes from a host on 127.0.0.1: none of its address may show.
  const elements = expectSafeSvg(reply.text, size, ['127.0.0.1']);
  const raster = rasterize(reply.text);
  expect([raster.width, raster.height]).toEqual([size.width, size.height]);
  expect(pixel(raster, size.width / 2, size.height / 2)[3]).toBe(255);
  if (size.width * size.height > 100) expect(distinctColors(raster)).toBeGreaterThanOrEqual(minColors);
  return elements;
}

/** A 400 envelope whose details name `field`, with rate headers. */
export function expectFieldError(reply: Reply, code: string, field: string) {
  expectErrorEnvelope(reply, 400, code);
  expect(reply.json.error.details.map((d: { field: string }) => d.field)).toContain(field);
  rateHeaders(reply);
}

/** Text beyond Latin: CJK, right-to-left scripts, combining marks, emoji (a ZWJ family, a flag, a skin tone). */
export const WORLD_TEXT = [
  '漢字とかな 한국어',
  'مرحبا بالعالم שלום',
  'Zoe\u0308 Ame\u0301lie n\u0303o',
  '👨‍👩‍👧‍👦 🇫🇷 👍🏽 🎉',
];

/** WORLD_TEXT plus texts of exactly `max` characters: wide Latin, and every script and emoji mixed. */
export function textsUpTo(max: number): string[] {
  const mixed = Array.from({ length: max }, (_, i) => ['W', '漢', 'ש', 'é', '🎉'][i % 5]).join('');
  return [...WORLD_TEXT, 'W'.repeat(max), mixed];
}

/** The drawn lines spell `input` (composed, line breaks aside), or a start of it cut with an ellipsis. */
export function expectDrawnText(lines: string[], input: string) {
  const squash = (text: string) => text.normalize('NFC').replace(/\s+/g, '');
  const [drawn, whole] = [squash(lines.join('')), squash(input)];
  if (drawn === whole) return;
  expect(drawn).toMatch(/.…$/u);
  expect(whole.startsWith(drawn.slice(0, -1))).toBe(true);
}
