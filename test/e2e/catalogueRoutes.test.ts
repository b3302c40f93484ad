import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { routes } from '../../shared/routes/table';
import { expectErrorEnvelope } from '../support/envelope';
import { expectDrawnText, expectFieldError, expectImage, HOSTILE_TEXT, startImageApi, textsUpTo, type ImageApi } from '../support/imageApi';
import { drawnLines } from '../support/svgXml';
import { sendBody } from '../support/imageHost';

/** The nine catalogue routes (filters, generators, overlays) end to end, with a real key and image host. */
let images: ImageApi;
let cat: string;
beforeAll(async () => {
  images = await startImageApi({ '/page.html': sendBody('<!doctype html><title>A page</title><p>not a picture</p>', 'text/html') });
  cat = `${images.host.url}/cat.png`;
});
afterAll(async () => {
  await images.close();
});

type Params = Record<string, string | number>;
const image = (extra: Params = {}) => ({ image: cat, ...extra });
const picturesIn = (elements: ReturnType<typeof expectImage>) => elements.filter((e) => e.tag === 'image').length;
/** A drawn scene has dozens of colours; a blank or flat one has a handful. */
const SCENE_COLORS = 16;

/** Every catalogue route that draws one fetched picture, with its documented defaults besides width and height 512. */
const pictureRoutes: [keyof typeof routes, Params][] = [
  ['contrast', { amount: 1.5 }],
  ['saturate', { amount: 2 }],
  ['hueRotate', { degrees: 180 }],
  ['pixelate', { size: 16 }],
  ['deleteDialog', {}],
  ['trash', {}],
  ['gay', { opacity: 0.5 }],
  ['rip', {}],
];

describe.each(pictureRoutes)('%s: the picture parameters', (id, defaults) => {
  const path = routes[id].path;

  test('without them: 512x512 and the documented defaults, byte for byte', async () => {
    const implicit = await images.get(path, image());
    expect(picturesIn(expectImage(implicit, { width: 512, height: 512 }))).toBe(1);
    const documented = { width: 512, height: 512, ...defaults };
    expect((await images.get(path, image(documented))).text).toBe(implicit.text);
    // And each of those parameters is read: another value draws another picture.
    for (const [name, value] of Object.entries(documented)) expect((await images.get(path, image({ [name]: Number(value) / 2 }))).text).not.toBe(implicit.text);
  });

  test.each([
    [1024, 1024],
    [300, 120],
    [120, 300],
  ])('width %i, height %i are honoured', async (width, height) => {
    expect(picturesIn(expectImage(await images.get(path, image({ width, height })), { width, height }))).toBe(1);
  });

  test.each([
    ['width', '0'],
    ['width', '1025'],
    ['width', '1.5'],
    ['width', 'wide'],
    ['height', '-3'],
    ['height', '2048'],
    ['height', ''],
  ])('%s=%j -> 400 naming it', async (field, value) => {
    expectFieldError(await images.get(path, image({ [field]: value })), 'INVALID_PARAMETER', field);
  });

  test.each<[string, Params, string]>([
    ['missing', {}, 'MISSING_PARAMETER'],
    ['ftp:', { image: 'ftp://example.com/cat.png' }, 'INVALID_PARAMETER'],
    ['javascript:', { image: 'javascript:alert(1)' }, 'INVALID_PARAMETER'],
    ['not a URL', { image: 'cat.png' }, 'INVALID_PARAMETER'],
  ])('image %s -> 400 naming image', async (_name, params, code) => {
    expectFieldError(await images.get(path, params), code, 'image');
  });

  test.each([
    ['a 404', '/nothing-here', /^image could not be fetched from its host$/],
    ['a page that is not a picture', '/page.html', /not a PNG, JPEG, GIF or WebP/],
  ])('image at %s -> 400 IMAGE_FETCH_FAILED that says why', async (_name, where, reason) => {
    const reply = await images.get(path, { image: `${images.host.url}${where}` });
    expectFieldError(reply, 'IMAGE_FETCH_FAILED', 'image');
    expect(reply.json.error.message).toMatch(reason);
  });

  test('image at a private address -> 400 IMAGE_FETCH_FAILED', async () => {
    expectFieldError(await images.get(path, { image: 'http://10.0.0.1/a.png' }), 'IMAGE_FETCH_FAILED', 'image');
  });
});

const filters: ['contrast' | 'saturate' | 'hueRotate' | 'pixelate', string, (string | number)[], string[]][] = [
  ['contrast', 'amount', [0, 1.5, 5, '.5'], ['-0.1', '5.01', 'abc', '1e1', '', 'Infinity']],
  ['saturate', 'amount', [0, 2, 10], ['-1', '10.5', 'NaN']],
  ['hueRotate', 'degrees', [-360, 0, 180, 360, '12.5'], ['361', '-360.5', 'half']],
  ['pixelate', 'size', [2, 16, 128], ['1', '129', '2.5', 'big']],
];

describe.each(filters)('filter %s', (id, strength, good, bad) => {
  const path = routes[id].path;

  test.each(good.map((value) => [value]))(`${strength}=%s renders the filtered picture`, async (value) => {
    // Effects are checked in pixels by the unit tests; here the picture's four colours must stay
    // apart, except under contrast 0, which rightly makes the whole picture one flat grey.
    const flat = id === 'contrast' && Number(value) === 0;
    const elements = expectImage(await images.get(path, image({ [strength]: value, width: 256, height: 256 })), { width: 256, height: 256 }, flat ? 1 : 4);
    expect(elements.some((e) => e.tag === 'filter')).toBe(true);
    expect(picturesIn(elements)).toBe(1);
  });

  test.each(bad.map((value) => [value]))(`${strength}=%j -> 400 naming ${strength}`, async (value) => {
    expectFieldError(await images.get(path, image({ [strength]: value })), 'INVALID_PARAMETER', strength);
  });
});

describe('generators delete and trash', () => {
  test.each<['deleteDialog' | 'trash', string]>([
    ['deleteDialog', 'Delete this?'],
    ['trash', 'Into the trash'],
  ])('%s draws the picture into its scene', async (id, title) => {
    const elements = expectImage(await images.get(routes[id].path, image()), { width: 512, height: 512 }, SCENE_COLORS);
    expect(picturesIn(elements)).toBe(1);
    expect(elements.find((e) => e.tag === 'title')?.text).toBe(title);
  });
});

describe('generator distracted', () => {
  const path = routes.distracted.path;
  const size = { width: 960, height: 600 };

  test('text labels and picture URLs mix; pictures are fetched and inlined', async () => {
    const elements = expectImage(await images.get(path, { boyfriend: 'Me', girlfriend: cat, other: 'ftp://not-a-picture' }), size);
    expect(picturesIn(elements)).toBe(1);
    const texts = elements.filter((e) => e.tag === 'text').map((e) => e.text);
    expect(texts).toEqual(expect.arrayContaining(['Me', 'ftp://not-a-picture']));
  });

  test.each(HOSTILE_TEXT)('hostile label %j stays text', async (label) => {
    const elements = expectImage(await images.get(path, { other: label }), size);
    expect(elements.some((e) => e.tag === 'text' && e.text === label)).toBe(true);
  });

  test.each(textsUpTo(60))('label %j: drawn whole or cut with an ellipsis, in a scene that renders', async (label) => {
    const elements = expectImage(await images.get(path, { boyfriend: label, girlfriend: label }), size, SCENE_COLORS);
    const [boyfriend, girlfriend] = drawnLines(elements);
    for (const drawn of [boyfriend, girlfriend]) expectDrawnText([drawn ?? ''], label);
  });

  test('none of the three -> 400 MISSING_PARAMETER that names the choice', async () => {
    const reply = await images.get(path, {});
    expectFieldError(reply, 'MISSING_PARAMETER', 'boyfriend');
    expect(reply.json.error.message).toBe('boyfriend at least one of boyfriend, girlfriend, other is required');
  });

  test.each([
    ['girlfriend', 'x'.repeat(61)],
    ['other', '   '],
    ['boyfriend', '\u200B'],
    ['other', 'https://user:pw@example.com/a.png'],
  ])('%s=%j -> 400 naming it', async (field, value) => {
    expectFieldError(await images.get(path, { [field]: value }), 'INVALID_PARAMETER', field);
  });

  test('a picture that cannot be fetched names its own parameter', async () => {
    const reply = await images.get(path, { boyfriend: 'Me', girlfriend: `${images.host.url}/gone.png` });
    expectFieldError(reply, 'IMAGE_FETCH_FAILED', 'girlfriend');
  });

  test('every picture that cannot be fetched is named, not just the first', async () => {
    const reply = await images.get(path, { boyfriend: 'http://10.0.0.1/a.png', girlfriend: cat, other: `${images.host.url}/gone.png` });
    expectFieldError(reply, 'IMAGE_FETCH_FAILED', 'boyfriend');
    expect(reply.json.error.details.map((d: { field: string }) => d.field)).toEqual(['boyfriend', 'other']);
  });

  test.each([
    ['a label that starts like a URL', 'https:// is the future', 'starts like a URL but is not a valid http(s) URL'],
    ['a URL over 2048 characters', `https://example.com/${'a'.repeat(2048)}`, 'must be at most 2048 characters'],
  ])('%s gets a message that says so', async (_name, value, issue) => {
    const reply = await images.get(path, { other: value });
    expect(reply.json.error.details).toEqual([{ field: 'other', issue }]);
  });
});

describe('overlay gay', () => {
  const path = routes.gay.path;

  test.each([0, 0.25, 1])('opacity %s over the picture at the requested size', async (opacity) => {
    const elements = expectImage(await images.get(path, image({ opacity, width: 300, height: 200 })), { width: 300, height: 200 });
    expect(elements.find((e) => e.tag === 'g' && e.attrs.opacity !== undefined)?.attrs.opacity).toBe(String(opacity));
  });

  test.each(['-0.1', '1.1', 'half', ''])('opacity=%j -> 400 naming opacity', async (opacity) => {
    expectFieldError(await images.get(path, image({ opacity })), 'INVALID_PARAMETER', 'opacity');
  });
});

describe('overlay rip', () => {
  const path = routes.rip.path;

  test.each([undefined, 'Gone but not forgotten', ...HOSTILE_TEXT])('epitaph %j', async (text) => {
    const elements = expectImage(await images.get(path, image(text === undefined ? {} : { text })), { width: 512, height: 512 }, SCENE_COLORS);
    expect(picturesIn(elements)).toBe(1);
    const drawn = drawnLines(elements);
    expect(drawn[0]).toBe('RIP');
    expect(drawn.slice(1).join('').replace(/\s/g, '')).toBe((text ?? '').replace(/\s/g, ''));
  });

  test.each(textsUpTo(100))('epitaph %j: drawn whole or cut with an ellipsis, on a gravestone that renders', async (text) => {
    const drawn = drawnLines(expectImage(await images.get(path, image({ text })), { width: 512, height: 512 }, SCENE_COLORS));
    expect(drawn[0]).toBe('RIP');
    expectDrawnText(drawn.slice(1), text);
  });

  test.each(['', '  ', 'x'.repeat(101)])('text=%j -> 400 naming text', async (text) => {
    expectFieldError(await images.get(path, image({ text })), 'INVALID_PARAMETER', 'text');
  });
});

test('every catalogue route answers 401 without a key', async () => {
  for (const id of ['contrast', 'saturate', 'hueRotate', 'pixelate', 'deleteDialog', 'trash', 'distracted', 'gay', 'rip'] as const) {
    const reply = await fetch(`${images.api.url}${routes[id].path}?image=${encodeURIComponent(cat)}`);
    expectErrorEnvelope({ status: reply.status, headers: reply.headers, text: '', json: await reply.json() }, 401, 'UNAUTHORIZED');
  }
});
