import { describe, expect, test } from '@jest/globals';
import { h, svgDocument } from '../../shared/svg/builder';
import { renderChangeMyMind } from '../../shared/scenes/changeMyMind';
import { renderJail } from '../../shared/scenes/jail';
import { renderRankCard, type RankCardData } from '../../shared/scenes/rankCard';
import { presenceColors, presenceNames } from '../../shared/svg/presence';
import { themeNames, themes } from '../../shared/svg/themes';
import { inlinePng, samplePng } from '../support/imageHost';
import { HOSTILE_TEXT } from '../support/hostileText';
import { expectNear } from '../support/near';
import { distinctColors, pixel, rasterize, rgb } from '../support/raster';
import { drawnLineBoxes, type DrawnLine } from '../support/outlines';
import { expectSafeSvg, picturesOf, textsOf } from '../support/svgXml';

const png = samplePng(64, ['#ff0000', '#00ff00', '#0000ff', '#ffff00']);
const IMAGE = inlinePng(png);
const LONG = 'Tabs are better than spaces and I will die on this hill, '.repeat(6).slice(0, 300);
const UNICODE = ['Привет, мир 👋', '👨‍👩‍👧‍👦🇫🇷 e\u0301 漢字かな', 'مرحبا بالعالم', 'x'.repeat(300), 'W'.repeat(300)];

/** Every drawn line's ink (its outlines and emoji) lies inside `box`. */
function expectTextInside(lines: DrawnLine[], box: { x: number; y: number; width: number; height: number }) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line.left).toBeGreaterThanOrEqual(box.x - 1);
    expect(line.right).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(line.top).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(line.bottom).toBeLessThanOrEqual(box.y + box.height + 0.5);
  }
}

describe('changemymind', () => {
  const SIGN = { x: 230, y: 388, width: 500, height: 146 };

  test.each([['Pineapple belongs on pizza'], [LONG], ...UNICODE.map((t) => [t]), ...HOSTILE_TEXT.map((t) => [t])])(
    '%j: safe SVG, text inside the sign, non-blank PNG',
    (text) => {
      const svg = renderChangeMyMind(text);
      const elements = expectSafeSvg(svg, { width: 960, height: 540 });
      expectTextInside(drawnLineBoxes(elements), {
        x: SIGN.x + 10,
        y: SIGN.y,
        width: SIGN.width - 20,
        height: SIGN.height,
      });
      const raster = rasterize(svg);
      expect([raster.width, raster.height]).toEqual([960, 540]);
      expect(distinctColors(raster)).toBeGreaterThan(20);
    },
  );

  test('hostile text is drawn as the very characters it is', () => {
    const elements = expectSafeSvg(renderChangeMyMind('</text><script>alert(1)</script>'));
    const statement = textsOf(elements).filter((text) => text !== 'CHANGE MY MIND');
    expect(statement.join('')).toBe('</text><script>alert(1)</script>');
  });

  test('short text is drawn large on one line; 300 characters wrap smaller', () => {
    const lines = (svg: string) => drawnLineBoxes(expectSafeSvg(svg)).filter((line) => line.text !== 'CHANGE MY MIND');
    const short = lines(renderChangeMyMind('Cats'));
    const long = lines(renderChangeMyMind(LONG));
    expect(short).toHaveLength(1);
    expect(long.length).toBeGreaterThan(3);
    // Capital T (long) is drawn shorter than capital C (short): a smaller size.
    expect((long[0] as DrawnLine).baseline - (long[0] as DrawnLine).top).toBeLessThan(
      ((short[0] as DrawnLine).baseline - (short[0] as DrawnLine).top) * 0.8,
    );
    expect(long.map((line) => line.text).join(' ')).toBe(LONG.trim());
  });

  test('the sign carries the words CHANGE MY MIND and the statement is dark ink on it', () => {
    const svg = renderChangeMyMind('Cats');
    expect(textsOf(expectSafeSvg(svg))).toContain('CHANGE MY MIND');
    const raster = rasterize(svg);
    let ink = 0;
    for (let x = SIGN.x; x < SIGN.x + SIGN.width; x += 2) if (pixel(raster, x, SIGN.y + 50)[0] < 80) ink += 1;
    expect(ink).toBeGreaterThan(10);
  });
});

describe('jail', () => {
  test.each([
    [512, 512],
    [1, 1],
    [1024, 1024],
    [1024, 64],
    [40, 900],
  ])('%ix%i: safe SVG of that size with the picture inlined and bars over it', (width, height) => {
    const svg = renderJail({ image: IMAGE, width, height });
    const elements = expectSafeSvg(svg, { width, height });
    expect(picturesOf(elements)).toEqual([IMAGE.dataUri]);
    const raster = rasterize(svg);
    expect([raster.width, raster.height]).toEqual([width, height]);
    if (width * height > 100) expect(distinctColors(raster)).toBeGreaterThan(4);
  });

  test('bars are scaled to the output: more and thicker bars on a wider picture', () => {
    const bars = (width: number) =>
      expectSafeSvg(renderJail({ image: IMAGE, width, height: 400 })).filter(
        (e) => e.tag === 'rect' && e.attrs.height === '400' && !e.attrs.opacity,
      );
    const narrow = bars(200).filter((e) => e.attrs.x !== undefined);
    const wide = bars(1000).filter((e) => e.attrs.x !== undefined);
    expect(wide.length).toBeGreaterThan(narrow.length);
    expect(Number(wide[0]?.attrs.width)).toBeGreaterThan(Number(narrow[0]?.attrs.width));
  });

  test('in pixels: the picture shows between the bars, steel on them', () => {
    const raster = rasterize(renderJail({ image: IMAGE, width: 512, height: 512 }));
    // Top-left quadrant of the picture is pure red, darkened a little by the shade.
    const spacing = 512 / 7;
    const between = pixel(raster, spacing, 150);
    expect(between[0]).toBeGreaterThan(150);
    expect(between[1]).toBeLessThan(40);
    // The first bar's centre (of 7 bars on 512 px) is grey steel: channels close together.
    const bar = pixel(raster, spacing / 2, 150);
    expect(Math.max(bar[0], bar[1], bar[2]) - Math.min(bar[0], bar[1], bar[2])).toBeLessThan(30);
  });
});

describe('rank card', () => {
  const CARD: RankCardData = {
    username: 'Ada Lovelace',
    level: 12,
    xp: 1234,
    requiredXp: 5000,
    rank: 3,
    status: 'online',
    theme: 'dark',
  };
  const NAME_BOX = { x: 270, y: 100, width: 610, height: 80 };

  test.each<[string, RankCardData]>([
    ['plain', CARD],
    ...HOSTILE_TEXT.map((username): [string, RankCardData] => [`hostile ${username}`, { ...CARD, username }]),
    ...UNICODE.map((username): [string, RankCardData] => [
      `unicode ${username.slice(0, 12)}`,
      { ...CARD, username: [...username].slice(0, 32).join('') },
    ]),
    [
      'huge numbers',
      { ...CARD, level: 999_999_999_999_999, xp: 999_999_999_999_999, requiredXp: 1, rank: 123_456_789 },
    ],
    ['zero xp', { ...CARD, xp: 0 }],
  ])('%s: safe SVG, name and XP inside their row, non-blank PNG', (_name, card) => {
    const svg = renderRankCard(card);
    const elements = expectSafeSvg(svg, { width: 934, height: 282 });
    expectTextInside(
      drawnLineBoxes(elements).filter((line) => line.baseline > 120),
      NAME_BOX,
    );
    expect(elements.find((e) => e.tag === 'title')?.text).toContain(card.username);
    expect(distinctColors(rasterize(svg))).toBeGreaterThan(10);
  });

  test('XP is written "1.2K / 5K XP" and the bar is filled in proportion, capped when xp > requiredXp', () => {
    const bar = (card: RankCardData) =>
      expectSafeSvg(renderRankCard(card)).filter((e) => e.tag === 'rect' && e.attrs.y === '180');
    expect(textsOf(expectSafeSvg(renderRankCard(CARD)))).toContain('1.2K / 5K XP');
    const [track, fill] = bar(CARD);
    expect(Number(fill?.attrs.width)).toBeCloseTo((1234 / 5000) * Number(track?.attrs.width), 1);
    expect(Number(bar({ ...CARD, xp: 9000 })[1]?.attrs.width)).toBe(Number(track?.attrs.width));
    expect(bar({ ...CARD, xp: 0 })).toHaveLength(1);
  });

  test('rank and level are shown', () => {
    const texts = textsOf(expectSafeSvg(renderRankCard({ ...CARD, rank: 42, level: 1500 })));
    expect(texts).toEqual(expect.arrayContaining(['RANK', '#42', 'LEVEL', '1.5K']));
  });

  test.each([
    [123_456, '#123,456'],
    [999_999_999_999_999, '#999,999,999,999,999'],
  ])('rank %d is written exactly, %s, whole within the card', (rank, written) => {
    const lines = drawnLineBoxes(expectSafeSvg(renderRankCard({ ...CARD, rank, level: 999_999_999_999_999 })));
    const figure = lines.find((line) => line.text === written) as DrawnLine;
    expect(figure).toBeDefined();
    // Right of the avatar, and left of the LEVEL label that follows it.
    const level = lines.find((line) => line.text === 'LEVEL') as DrawnLine;
    expect(figure.left).toBeGreaterThan(240);
    expect(figure.right).toBeLessThan(level.left);
  });

  test('XP one short of the goal never reads as complete', () => {
    expect(textsOf(expectSafeSvg(renderRankCard({ ...CARD, xp: 99_999_999, requiredXp: 100_000_000 })))).toContain(
      '99.9M / 100M XP',
    );
  });

  test.each(presenceNames)("status %s is a dot in Discord's colour on the avatar", (status) => {
    const raster = rasterize(renderRankCard({ ...CARD, status }));
    expectNear(pixel(raster, 205, 205), rgb(presenceColors[status]), 2);
  });

  test(`${themeNames.length} themes, each with its own background and panel`, () => {
    expect(themeNames.length).toBeGreaterThanOrEqual(5);
    expect(themeNames).toEqual(expect.arrayContaining(['dark', 'light']));
    const seen = new Set<string>();
    for (const theme of themeNames) {
      const raster = rasterize(renderRankCard({ ...CARD, theme }));
      expectNear(pixel(raster, 5, 140), rgb(themes[theme].background), 2);
      expectNear(pixel(raster, 500, 240), rgb(themes[theme].panel), 2);
      seen.add(`${themes[theme].background}${themes[theme].panel}`);
    }
    expect(seen.size).toBe(themeNames.length);
  });

  test('progressColor paints the bar and the level', () => {
    const raster = rasterize(renderRankCard({ ...CARD, xp: 5000, progressColor: '#ff0066' }));
    expectNear(pixel(raster, 600, 198), [255, 0, 102], 2);
  });

  test('an avatar is inlined in a circle; without one a neutral placeholder is drawn', () => {
    const withAvatar = renderRankCard({ ...CARD, avatar: IMAGE });
    const elements = expectSafeSvg(withAvatar);
    const image = elements.find((e) => e.tag === 'image');
    expect(image?.attrs).toMatchObject({ href: IMAGE.dataUri, x: '51', y: '51', width: '180', height: '180' });
    const cutOut = elements.find((e) => e.attrs['fill-rule'] === 'evenodd');
    expect(cutOut?.attrs).toMatchObject({
      fill: themes.dark.panel,
      d: 'M51 51H231V231H51ZM141 51A90 90 0 0 0 141 231A90 90 0 0 0 141 51Z',
    });
    expect(elements.indexOf(cutOut as (typeof elements)[number])).toBeGreaterThan(
      elements.indexOf(image as (typeof elements)[number]),
    );
    const raster = rasterize(withAvatar);
    expectNear(pixel(raster, 110, 110), [255, 0, 0], 30); // inside the circle: the picture
    expectNear(pixel(raster, 56, 56), rgb(themes.dark.panel), 2); // square corner: painted over

    // A tall picture covers the box, cut to it: its middle (red) shows in the circle, nothing of
    // the rest (blue) above or below it, where it would reach if not cut.
    const tallPicture = rasterize(
      svgDocument(
        { width: 60, height: 240 },
        h('rect', { width: 60, height: 240, fill: '#0000ff' }),
        h('rect', { y: 90, width: 60, height: 60, fill: '#ff0000' }),
      ),
    ).png;
    const tall = rasterize(renderRankCard({ ...CARD, avatar: inlinePng(tallPicture) }));
    for (const y of [56, 141, 226]) expectNear(pixel(tall, 141, y), [255, 0, 0], 30);
    for (const y of [48, 40, 20, 236, 250]) expectNear(pixel(tall, 141, y), rgb(themes.dark.panel), 2);

    const placeholder = rasterize(renderRankCard(CARD));
    expect(expectSafeSvg(renderRankCard(CARD)).some((e) => e.tag === 'image')).toBe(false);
    expectNear(pixel(placeholder, 141, 119), rgb(themes.dark.mutedText), 2); // the head
    expectNear(pixel(placeholder, 141, 215), rgb(themes.dark.mutedText), 2); // the shoulders
    expectNear(pixel(placeholder, 60, 220), rgb(themes.dark.panel), 2); // outside the circle
    expectNear(pixel(placeholder, 141, 240), rgb(themes.dark.panel), 2); // below the box: nothing of the shoulders
  });
});
