import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { routes } from '../../shared/routes/table';
import { expectErrorEnvelope } from '../support/envelope';
import { HOSTILE_TEXT } from '../support/hostileText';
import {
  expectDrawnText,
  expectFieldError,
  expectImage,
  startImageApi,
  textsUpTo,
  type ImageApi,
} from '../support/imageApi';
import { drawnLines, textsOf } from '../support/svgXml';
import { decodePng, fetchBytes } from '../support/png';
import {
  gradientPng,
  heavyPng,
  pngDeclaring,
  PNG_END,
  redirectTo,
  sendBody,
  startImageHost,
  type ImageHost,
} from '../support/imageHost';

/**
 * Three image endpoints (paths from the route table) through the local server, with a real key and a real image host.
 */
let images: ImageApi;
let host: ImageHost;
let blocked: ImageHost;
let PNG: Buffer;

beforeAll(async () => {
  images = await startImageApi({
    '/page.html': sendBody('<html>not a picture</html>', 'text/html'),
    '/moved': redirectTo('/cat.png'),
    // Under the 5 MB fetch cap, but 6.4 MB as base64: more than a Lambda may return.
    '/huge.png': sendBody(Buffer.concat([pngDeclaring(64, 64), Buffer.alloc(4.8 * 1024 * 1024, 7), PNG_END])),
    '/avatar-1024.png': sendBody(gradientPng(1024)),
    '/heavy-780.png': sendBody(heavyPng(780)),
  });
  ({ host, png: PNG } = images);
  blocked = await startImageHost({ '/cat.png': sendBody(PNG) });
});
afterAll(async () => {
  await images.close();
  await blocked.close();
});

const get: ImageApi['get'] = (...args) => images.get(...args);

describe(`GET ${routes.changeMyMind.path}`, () => {
  const path = routes.changeMyMind.path;

  test.each([
    'Pineapple belongs on pizza',
    'x'.repeat(300),
    `  ${'y'.repeat(300)}  `,
    'Привет 👨‍👩‍👧‍👦 漢字 e\u0301',
    ...HOSTILE_TEXT,
  ])('text %j -> the scene', async (text) => {
    const elements = expectImage(await get(path, { text }), { width: 960, height: 540 });
    const statement = drawnLines(elements).filter((line) => line !== 'CHANGE MY MIND');
    expect(statement.join('').replace(/\s+/g, '')).toBe(text.trim().normalize('NFC').replace(/\s+/g, ''));
  });

  test.each([
    ['missing', {}, 'MISSING_PARAMETER'],
    ['empty', { text: '' }, 'INVALID_PARAMETER'],
    ['blank', { text: '   ' }, 'INVALID_PARAMETER'],
    ['only zero-width and bidi characters', { text: '\u200B\u200D\u202E' }, 'INVALID_PARAMETER'],
    ['only accents', { text: '\u0301\u0301' }, 'INVALID_PARAMETER'],
    ['301 characters', { text: 'x'.repeat(301) }, 'INVALID_PARAMETER'],
  ])('text %s -> 400 naming text', async (_name, params, code) => {
    expectFieldError(await get(path, params), code, 'text');
  });
});

describe(`GET ${routes.jail.path}`, () => {
  const path = routes.jail.path;
  const image = () => `${host.url}/cat.png`;

  test('default size 512x512 with the picture inlined', async () => {
    const elements = expectImage(await get(path, { image: image() }), { width: 512, height: 512 });
    expect(elements.find((e) => e.tag === 'image')?.attrs.href).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });

  test.each([
    [1, 1],
    [1024, 1024],
    [300, 120],
  ])('width %i, height %i', async (width, height) => {
    expectImage(await get(path, { image: image(), width, height }), { width, height });
  });

  test('a redirect on an allowed host is followed', async () => {
    expectImage(await get(path, { image: `${host.url}/moved` }), { width: 512, height: 512 });
  });

  test('the same request gives the same bytes and ETag; If-None-Match -> 304', async () => {
    const first = await get(path, { image: image(), width: 64, height: 64 });
    const second = await get(path, { image: image(), width: 64, height: 64 });
    expect(second.text).toBe(first.text);
    const etag = first.headers.get('etag') as string;
    const cached = await get(path, { image: image(), width: 64, height: 64 }, { 'If-None-Match': etag });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
  });

  test.each<[string, Record<string, string>, string, string]>([
    ['image missing', {}, 'MISSING_PARAMETER', 'image'],
    ['image not a URL', { image: 'cat.png' }, 'INVALID_PARAMETER', 'image'],
    ['image ftp', { image: 'ftp://example.com/cat.png' }, 'INVALID_PARAMETER', 'image'],
    ['image javascript:', { image: 'javascript:alert(1)' }, 'INVALID_PARAMETER', 'image'],
    ['image data:', { image: 'data:image/png;base64,AAAA' }, 'INVALID_PARAMETER', 'image'],
    ['image with credentials', { image: 'http://user:pw@example.com/a.png' }, 'INVALID_PARAMETER', 'image'],
    ...['0', '1025', '1.5', 'abc', '-3', '', '1e3', ' 12'].map(
      (width): [string, Record<string, string>, string, string] => [
        `width ${JSON.stringify(width)}`,
        { image: 'http://example.com/a.png', width },
        'INVALID_PARAMETER',
        'width',
      ],
    ),
    ...['0', '2048', 'NaN'].map((height): [string, Record<string, string>, string, string] => [
      `height ${JSON.stringify(height)}`,
      { image: 'http://example.com/a.png', height },
      'INVALID_PARAMETER',
      'height',
    ]),
  ])('%s -> 400 naming the field', async (_name, params, code, field) => {
    expectFieldError(await get(path, params), code, field);
  });

  test.each([
    ['a 404', () => `${host.url}/missing.png`, 'image could not be fetched from its host'],
    ['not a picture', () => `${host.url}/page.html`, 'image is not a PNG, JPEG, GIF or WebP picture'],
    [
      'a private host not allowed',
      () => `${blocked.url}/cat.png`,
      'image is not at a public address; only public hosts are fetched',
    ],
    [
      'cloud metadata',
      () => 'http://169.254.169.254/latest/meta-data/',
      'image is not at a public address; only public hosts are fetched',
    ],
  ])('%s -> 400 IMAGE_FETCH_FAILED with its class, never the address', async (_name, url, message) => {
    const reply = await get(path, { image: url() });
    expectFieldError(reply, 'IMAGE_FETCH_FAILED', 'image');
    expect(reply.json.error.message).toBe(message);
    // The private host that is not allowed is never contacted, by this request or any other.
    expect(blocked.connections()).toBe(0);
  });

  test('a heavy picture at its own size: too large as SVG (400), sent as a small PNG (200)', async () => {
    const heavy = { image: `${host.url}/heavy-780.png`, width: 780, height: 780 };
    const asSvg = await get(path, heavy);
    expectErrorEnvelope(asSvg, 400, 'IMAGE_FETCH_FAILED');
    expect(asSvg.json.error.message).toMatch(/too large to inline: the image would be 6\.\d MB/);
    const asPng = await fetchBytes(images.urlOf(path, { ...heavy, format: 'png' }), {
      Authorization: `Bearer ${images.key}`,
    });
    expect(asPng.status).toBe(200);
    expect([decodePng(asPng.bytes).width, decodePng(asPng.bytes).height]).toEqual([780, 780]);
  });

  test('a picture too large to return inline -> 400 that says so, not a gateway error', async () => {
    const reply = await get(path, { image: `${host.url}/huge.png`, width: 10, height: 10 });
    expectErrorEnvelope(reply, 400, 'IMAGE_FETCH_FAILED');
    expect(reply.json.error.message).toMatch(/too large to inline: the image would be 6\.4 MB, over the 5\.9 MB/);
  });
});

describe(`GET ${routes.rankCard.path}`, () => {
  const path = routes.rankCard.path;
  const card = { username: 'Ada', level: 3, xp: 1200, requiredXp: 5000, rank: 7 };

  test('with an avatar: the picture inlined, shown in a circle (its box painted over around it)', async () => {
    const elements = expectImage(
      await get(path, { ...card, avatar: `${host.url}/cat.png`, status: 'DND', theme: 'Sunset', progressColor: 'f06' }),
      { width: 934, height: 282 },
    );
    const image = elements.findIndex((e) => e.tag === 'image');
    expect(elements[image]?.attrs).toMatchObject({
      href: expect.stringMatching(/^data:image\/png;base64,/),
      x: '51',
      y: '51',
      width: '180',
      height: '180',
    });
    expect(
      elements.findIndex(
        (e) => e.tag === 'path' && e.attrs['fill-rule'] === 'evenodd' && e.attrs.d?.startsWith('M51 51H231V231H51Z'),
      ),
    ).toBeGreaterThan(image);
    expect(elements.some((e) => e.attrs.fill === '#ff0066')).toBe(true);
    expect(elements.some((e) => e.attrs.fill === '#f23f43')).toBe(true);
  });

  test('a 1024-pixel avatar is carried at twice the circle it fills (360 pixels), not whole', async () => {
    const elements = expectImage(await get(path, { ...card, avatar: `${host.url}/avatar-1024.png` }), {
      width: 934,
      height: 282,
    });
    const href = elements.find((e) => e.tag === 'image')?.attrs.href as string;
    const avatar = decodePng(Buffer.from(href.replace('data:image/png;base64,', ''), 'base64'));
    expect([avatar.width, avatar.height]).toEqual([360, 360]);
  });

  test.each(HOSTILE_TEXT)('username %j stays text', async (username) => {
    const elements = expectImage(await get(path, { ...card, username }), { width: 934, height: 282 });
    expect(textsOf(elements)).toContain(username);
  });

  test.each(textsUpTo(32))(
    'username %j: drawn whole or cut with an ellipsis, on a card that renders',
    async (username) => {
      const elements = expectImage(await get(path, { ...card, username }), { width: 934, height: 282 }, 16);
      // The name is the card's first text; the XP, rank and level follow it.
      expectDrawnText([drawnLines(elements)[0] ?? ''], username);
    },
  );

  test.each(['username', 'level', 'xp', 'requiredXp', 'rank'] as const)(
    '%s missing -> 400 MISSING_PARAMETER naming it',
    async (field) => {
      const reply = await get(path, Object.fromEntries(Object.entries(card).filter(([name]) => name !== field)));
      expectFieldError(reply, 'MISSING_PARAMETER', field);
      expect(reply.json.error.details).toHaveLength(1);
    },
  );

  test.each([
    ['username too long', { username: 'x'.repeat(33) }, 'username'],
    ['username blank', { username: '   ' }, 'username'],
    ['username zero-width', { username: '\u200B' }, 'username'],
    ['level negative', { level: -1 }, 'level'],
    ['level not an integer', { level: '2.5' }, 'level'],
    ['xp not a number', { xp: 'lots' }, 'xp'],
    ['xp negative', { xp: -5 }, 'xp'],
    ['requiredXp zero', { requiredXp: 0 }, 'requiredXp'],
    ['rank zero', { rank: 0 }, 'rank'],
    ['status unknown', { status: 'away' }, 'status'],
    ['theme unknown', { theme: 'neon' }, 'theme'],
    ['colour by name', { progressColor: 'red' }, 'progressColor'],
    ['colour of 5 digits', { progressColor: '#12345' }, 'progressColor'],
    ['avatar ftp', { avatar: 'ftp://example.com/a.png' }, 'avatar'],
    ['avatar with credentials', { avatar: 'https://me:secret@example.com/a.png' }, 'avatar'],
  ])('%s -> 400 naming the field', async (_name, change, field) => {
    const reply = await get(path, { ...card, ...change });
    expectFieldError(reply, 'INVALID_PARAMETER', field);
    expect(reply.json.error.details).toHaveLength(1);
  });

  test('a username with spaces around it is drawn trimmed', async () => {
    const elements = expectImage(await get(path, { ...card, username: '  Ada  ' }), { width: 934, height: 282 });
    expect(textsOf(elements)).toContain('Ada');
  });

  test('an avatar that cannot be fetched -> 400 IMAGE_FETCH_FAILED naming avatar', async () => {
    const reply = await get(path, { ...card, avatar: `${host.url}/nope.png` });
    expectFieldError(reply, 'IMAGE_FETCH_FAILED', 'avatar');
    expect(reply.json.error.message).toBe('avatar could not be fetched from its host');
  });
});
