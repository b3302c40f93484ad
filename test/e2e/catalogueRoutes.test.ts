import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { routes } from '../../shared/routes/table';
import { expectErrorEnvelope } from '../support/envelope';
import { expectFieldError, expectImage, HOSTILE_TEXT, startImageApi, type ImageApi } from '../support/imageApi';

/** The nine catalogue routes (filters, generators, overlays) end to end, with a real key and image host. */
let images: ImageApi;
let cat: string;
beforeAll(async () => {
  images = await startImageApi();
  cat = `${images.host.url}/cat.png`;
});
afterAll(async () => {
  await images.close();
});

type Params = Record<string, string | number>;
const image = (extra: Params = {}) => ({ image: cat, ...extra });
const picturesIn = (elements: ReturnType<typeof expectImage>) => elements.filter((e) => e.tag === 'image').length;

const filters: ['contrast' | 'saturate' | 'hueRotate' | 'pixelate', string, (string | number)[], string[]][] = [
  ['contrast', 'amount', [0, 1.5, 5, '.5'], ['-0.1', '5.01', 'abc', '1e1', '', 'Infinity']],
  ['saturate', 'amount', [0, 2, 10], ['-1', '10.5', 'NaN']],
  ['hueRotate', 'degrees', [-360, 0, 180, 360, '12.5'], ['361', '-360.5', 'half']],
  ['pixelate', 'size', [2, 16, 128], ['1', '129', '2.5', 'big']],
];

describe.each(filters)('filter %s', (id, strength, good, bad) => {
  const path = routes[id].path;

  test.each(good.map((value) => [value]))(`${strength}=%s renders the filtered picture`, async (value) => {
    // Effects are checked in pixels by the unit tests; contrast 0 is rightly one flat grey.
    const elements = expectImage(await images.get(path, image({ [strength]: value, width: 200, height: 120 })), { width: 200, height: 120 }, 1);
    expect(elements.some((e) => e.tag === 'filter')).toBe(true);
    expect(picturesIn(elements)).toBe(1);
  });

  test('defaults: 512x512 and the documented strength', async () => {
    const elements = expectImage(await images.get(path, image()), { width: 512, height: 512 });
    expect(elements.some((e) => e.tag === 'filter')).toBe(true);
  });

  test.each(bad.map((value) => [value]))(`${strength}=%j -> 400 naming ${strength}`, async (value) => {
    expectFieldError(await images.get(path, image({ [strength]: value })), 'INVALID_PARAMETER', strength);
  });

  test.each([
    ['width', '0'],
    ['height', '1025'],
    ['width', 'wide'],
  ])('%s=%s -> 400 naming it', async (field, value) => {
    expectFieldError(await images.get(path, image({ [field]: value })), 'INVALID_PARAMETER', field);
  });

  test('no image -> 400 MISSING_PARAMETER; a page that is not a picture -> IMAGE_FETCH_FAILED', async () => {
    expectFieldError(await images.get(path, {}), 'MISSING_PARAMETER', 'image');
    expectFieldError(await images.get(path, { image: `${images.host.url}/nothing-here` }), 'IMAGE_FETCH_FAILED', 'image');
  });
});

describe('generators delete and trash', () => {
  test.each<['deleteDialog' | 'trash', number, number]>([
    ['deleteDialog', 680, 340],
    ['trash', 600, 600],
  ])('%s draws the picture into its %ix%i scene; bad image URLs are 400s', async (id, width, height) => {
    const path = routes[id].path;
    expect(picturesIn(expectImage(await images.get(path, image()), { width, height }))).toBe(1);
    expectFieldError(await images.get(path, {}), 'MISSING_PARAMETER', 'image');
    expectFieldError(await images.get(path, { image: 'javascript:alert(1)' }), 'INVALID_PARAMETER', 'image');
    expectFieldError(await images.get(path, { image: 'http://10.0.0.1/a.png' }), 'IMAGE_FETCH_FAILED', 'image');
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
    const elements = expectImage(await images.get(path, image(text === undefined ? {} : { text })), { width: 640, height: 640 });
    expect(picturesIn(elements)).toBe(1);
    const drawn = elements.filter((e) => e.tag === 'text').map((e) => e.text);
    expect(drawn[0]).toBe('RIP');
    expect(drawn.slice(1).join('').replace(/\s/g, '')).toBe((text ?? '').replace(/\s/g, ''));
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
