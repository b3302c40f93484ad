import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { routeList, routes, type GroupRouteId, type RouteEntry, type RouteId } from '../../shared/routes/table';
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
import { drawnLines, picturesOf, textsOf } from '../support/svgXml';
import { exampleQuery } from '../support/routeExamples';
import {
  casesOf,
  documentedDefaults,
  documentedSchema,
  missingFrom,
  numericDefaults,
  pictureRoutes,
  queryFields,
  svgRoutes,
} from '../support/routeCases';
import { sendBody } from '../support/imageHost';

/**
 * The catalogue routes (filters, generators, overlays; lists from
 * the route table) end to end, with a real key and image host.
 */
let images: ImageApi;
let cat: string;
beforeAll(async () => {
  images = await startImageApi({
    '/page.html': sendBody('<!doctype html><title>A page</title><p>not a picture</p>', 'text/html'),
  });
  cat = `${images.host.url}/cat.png`;
});
afterAll(async () => {
  await images.close();
});

type Params = Record<string, string | number>;
const image = (extra: Params = {}) => ({ image: cat, ...extra });
const picturesIn = (elements: ReturnType<typeof expectImage>) => picturesOf(elements).length;
/** A drawn scene has dozens of colours; a blank or flat one has a handful. */
const SCENE_COLORS = 16;

describe.each(casesOf(pictureRoutes))('%s: the picture parameters', (_id, route) => {
  const path = route.path;

  test('without them: 512x512 and the defaults its schema declares, byte for byte', async () => {
    const implicit = await images.get(path, image());
    expect(picturesIn(expectImage(implicit, { width: 512, height: 512 }))).toBe(1);
    const documented = numericDefaults(route, cat);
    expect(documented).toMatchObject({ width: 512, height: 512 });
    // What the schema fills in is what the published document tells clients.
    expect(documented).toEqual(documentedDefaults(route));
    expect((await images.get(path, image(documented))).text).toBe(implicit.text);
    // And each of those parameters is read: another value draws another picture.
    for (const [name, value] of Object.entries(documented))
      expect((await images.get(path, image({ [name]: Number(value) / 2 }))).text).not.toBe(implicit.text);
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

/** Per filter: values of its one strength parameter that render, and values refused, beyond those of its bounds. */
const FILTER_VALUES: Partial<Record<GroupRouteId<'filters'>, { good: (string | number)[]; bad: string[] }>> = {
  contrast: { good: ['.5'], bad: ['1e1', '', 'Infinity'] },
  saturate: { good: [], bad: ['NaN'] },
  hueRotate: { good: [0, '12.5'], bad: ['-360.5'] },
  pixelate: { good: [], bad: ['2.5'] },
};

/** The bounds the document states for a strength: both ends and the default render, just past either end is refused. */
function boundValues(route: RouteEntry, strength: string) {
  const schema = documentedSchema(route, strength);
  const { minimum = Number.NaN, maximum = Number.NaN } = schema ?? {};
  const step = schema?.type === 'integer' ? 1 : 0.01;
  return {
    good: [minimum, schema?.default as number, maximum],
    bad: [String(minimum - step), String(maximum + step), 'abc'],
  };
}

const filterRoutes = routeList.filter((route) => route.group === 'filters');

test('the table has filter routes', () => {
  expect(filterRoutes.length).toBeGreaterThan(0);
});

describe.each(casesOf(filterRoutes))('filter %s', (id, route) => {
  const path = route.path;
  // The strength is the one parameter beyond the picture's own.
  const strengths = queryFields(route).filter((name) => !['image', 'width', 'height'].includes(name));
  const strength = strengths[0] ?? '';
  const bounds = boundValues(route, strength);
  const extra = FILTER_VALUES[id as GroupRouteId<'filters'>];
  const good = [...new Set([...bounds.good, ...(extra?.good ?? [])])];
  const bad = [...bounds.bad, ...(extra?.bad ?? [])];

  test('its strength has documented bounds and a default', () => {
    expect(bounds.good.every(Number.isFinite)).toBe(true);
  });

  test('has exactly one strength parameter', () => {
    expect(strengths).toHaveLength(1);
  });

  test.each(good.map((value) => [value]))(`${strength}=%s renders the filtered picture`, async (value) => {
    // Effects are checked in pixels by the unit tests; here the picture's four colours must stay
    // apart, except under contrast 0, which rightly makes the whole picture one flat grey.
    const flat = id === 'contrast' && Number(value) === 0;
    const elements = expectImage(
      await images.get(path, image({ [strength]: value, width: 256, height: 256 })),
      { width: 256, height: 256 },
      flat ? 1 : 4,
    );
    expect(elements.some((e) => e.tag === 'filter')).toBe(true);
    expect(picturesIn(elements)).toBe(1);
  });

  test.each(bad.map((value) => [value]))(`${strength}=%j -> 400 naming ${strength}`, async (value) => {
    expectFieldError(await images.get(path, image({ [strength]: value })), 'INVALID_PARAMETER', strength);
  });
});

/** The title of each generator scene that draws one picture. */
const SCENE_TITLES: Partial<Record<RouteId, string>> = { deleteDialog: 'Delete this?', trash: 'Into the trash' };
const pictureScenes = pictureRoutes.filter((route) => route.group === 'generators');

describe('generators that draw one picture into a scene', () => {
  test('every one of the table has its title above', () => {
    expect(pictureScenes.length).toBeGreaterThan(0);
    expect(missingFrom(pictureScenes, SCENE_TITLES)).toEqual([]);
  });

  test.each(casesOf(pictureScenes))('%s draws the picture into its scene', async (id, route) => {
    const elements = expectImage(await images.get(route.path, image()), { width: 512, height: 512 }, SCENE_COLORS);
    expect(picturesIn(elements)).toBe(1);
    expect(elements.find((e) => e.tag === 'title')?.text).toBe(SCENE_TITLES[id]);
  });
});

describe('generator distracted', () => {
  const path = routes.distracted.path;
  const size = { width: 960, height: 600 };

  test('text labels and picture URLs mix; pictures are fetched and inlined', async () => {
    const elements = expectImage(
      await images.get(path, { boyfriend: 'Me', girlfriend: cat, other: 'ftp://not-a-picture' }),
      size,
    );
    expect(picturesIn(elements)).toBe(1);
    expect(textsOf(elements)).toEqual(expect.arrayContaining(['Me', 'ftp://not-a-picture']));
  });

  test.each(HOSTILE_TEXT)('hostile label %j stays text', async (label) => {
    const elements = expectImage(await images.get(path, { other: label }), size);
    expect(textsOf(elements)).toContain(label);
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
    const reply = await images.get(path, {
      boyfriend: 'http://10.0.0.1/a.png',
      girlfriend: cat,
      other: `${images.host.url}/gone.png`,
    });
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
    const elements = expectImage(await images.get(path, image({ opacity, width: 300, height: 200 })), {
      width: 300,
      height: 200,
    });
    expect(elements.find((e) => e.tag === 'g' && e.attrs.opacity !== undefined)?.attrs.opacity).toBe(String(opacity));
  });

  test.each(['-0.1', '1.1', 'half', ''])('opacity=%j -> 400 naming opacity', async (opacity) => {
    expectFieldError(await images.get(path, image({ opacity })), 'INVALID_PARAMETER', 'opacity');
  });
});

describe('overlay rip', () => {
  const path = routes.rip.path;

  test.each([undefined, 'Gone but not forgotten', ...HOSTILE_TEXT])('epitaph %j', async (text) => {
    const elements = expectImage(
      await images.get(path, image(text === undefined ? {} : { text })),
      { width: 512, height: 512 },
      SCENE_COLORS,
    );
    expect(picturesIn(elements)).toBe(1);
    const drawn = drawnLines(elements);
    expect(drawn[0]).toBe('RIP');
    expect(drawn.slice(1).join('').replace(/\s/g, '')).toBe((text ?? '').replace(/\s/g, ''));
  });

  test.each(textsUpTo(100))(
    'epitaph %j: drawn whole or cut with an ellipsis, on a gravestone that renders',
    async (text) => {
      const drawn = drawnLines(
        expectImage(await images.get(path, image({ text })), { width: 512, height: 512 }, SCENE_COLORS),
      );
      expect(drawn[0]).toBe('RIP');
      expectDrawnText(drawn.slice(1), text);
    },
  );

  test.each(['', '  ', 'x'.repeat(101)])('text=%j -> 400 naming text', async (text) => {
    expectFieldError(await images.get(path, image({ text })), 'INVALID_PARAMETER', 'text');
  });
});

describe('every image route of the table', () => {
  test('the generated cases cover it: each route whose example sends an `image` gets the picture contract', () => {
    const withImage = svgRoutes.filter((route) => route.example.query?.image !== undefined).map((route) => route.id);
    expect(pictureRoutes.map((route) => route.id)).toEqual(withImage);
    // The routes this file once listed by hand are all still found.
    expect(withImage).toEqual(
      expect.arrayContaining(['contrast', 'saturate', 'hueRotate', 'pixelate', 'deleteDialog', 'trash', 'gay', 'rip']),
    );
    expect(svgRoutes.map((route) => route.id)).toEqual(expect.arrayContaining(['distracted', ...withImage]));
  });

  test.each(casesOf(svgRoutes))('%s answers 401 without a key', async (_id, route) => {
    const reply = await fetch(images.urlOf(route.path, exampleQuery(route, cat)));
    expectErrorEnvelope(
      { status: reply.status, headers: reply.headers, text: '', json: await reply.json() },
      401,
      'UNAUTHORIZED',
    );
  });
});
