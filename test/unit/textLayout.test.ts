import { describe, expect, test } from '@jest/globals';
import { h, svgDocument } from '../../shared/svg/builder';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interFace } from '../../shared/fonts/faces';
import { twemojiDir, twemojiFiles } from '../../shared/fonts/fontFiles';
import { twemojiDataUri } from '../../shared/text/emoji';
import { emojiShapes } from '../../shared/svg/emojiShapes';
import { EMOJI_ADVANCE, shapeLine, type GlyphRun } from '../../shared/text/shaping';
import { graphemes, textWidth, verticalMetrics } from '../../shared/svg/measure';
import { textLine } from '../../shared/svg/textElements';
import { fitBlock, fitLine } from '../../shared/svg/textLayout';
import { drawnLines, isTextLine, parseXml, type ParsedElement } from '../support/svgXml';
import { rasterize, type Raster } from '../support/raster';

const FAMILY = '👨‍👩‍👧‍👦';

/** Runs of columns with dark ink on a white background, left to right. */
function inkSpans(raster: Raster): { left: number; right: number }[] {
  const spans: { left: number; right: number }[] = [];
  for (let x = 0; x < raster.width; x += 1) {
    let inked = false;
    for (let y = 0; y < raster.height && !inked; y += 1)
      inked = (raster.pixels[(y * raster.width + x) * 4] as number) < 160;
    const last = spans.at(-1);
    if (inked && last?.right === x - 1) last.right = x;
    else if (inked) spans.push({ left: x, right: x });
  }
  return spans;
}
const FLAGS = '🇫🇷🇩🇪🇯🇵';

/** Leftmost and rightmost columns with dark ink (or, `painted`, any colour) on a white background. */
function inkColumns(raster: Raster, painted = false): { left: number; right: number } {
  let left = Infinity;
  let right = -Infinity;
  for (let y = 0; y < raster.height; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      const at = (y * raster.width + x) * 4;
      if (
        painted ? [0, 1, 2].some((c) => (raster.pixels[at + c] as number) < 200) : (raster.pixels[at] as number) < 160
      ) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right };
}

/** A line drawn as the API draws it (outlines and Twemoji), black on white, rasterised by resvg. */
function drawLine(
  text: string,
  size: number,
  weight: 'regular' | 'bold' = 'regular',
  width = 1200,
): { raster: Raster; line: ReturnType<typeof fitLine> } {
  const line = fitLine(text, { maxWidth: width - 20, maxSize: size, minSize: size, weight });
  const svg = svgDocument(
    { width, height: 2 * size },
    h('rect', { width, height: 2 * size, fill: '#fff' }),
    textLine(line, 10, 1.4 * size, { fill: '#000' }),
  );
  return { raster: rasterize(svg), line };
}

describe('measuring with the font', () => {
  test.each([
    'Ada Lovelace',
    'WWWWWWWW',
    'illicit little lilies',
    'Привет, мир',
    'Ελληνικά γράμματα',
    '1,234 / 5,000 XP',
    '山田太郎',
    '김민준',
    'محمد علي',
    'דוד',
    'राहुल',
    'สมชาย',
  ])('the width of %j is the width its outlines are drawn', (text) => {
    for (const weight of ['regular', 'bold'] as const) {
      const measured = textWidth(text, 40, weight);
      const { left, right } = inkColumns(drawLine(text, 40, weight).raster);
      const ink = right - left + 1;
      // Ink lies within the measured advance (a glyph may overhang its side bearing by a hair)
      // and fills most of it: the measure is the drawing's, kerning and joining included.
      expect(left).toBeGreaterThanOrEqual(10 - 2);
      expect(right).toBeLessThanOrEqual(10 + measured + 2);
      expect(ink).toBeGreaterThan(measured * 0.85);
    }
  });

  test('letters differ by their real advance widths, and bold is wider than regular', () => {
    expect(textWidth('W', 20)).toBeGreaterThan(textWidth('i', 20) * 2.5);
    expect(textWidth('Lovelace', 20, 'bold')).toBeGreaterThan(textWidth('Lovelace', 20, 'regular'));
    expect(textWidth('abc', 30)).toBeCloseTo(textWidth('abc', 10) * 3, 9);
  });

  test('kerning is the font\'s: "AV" is narrower than "A" and "V" apart, "WW" wider', () => {
    expect(textWidth('AV', 100)).toBeLessThan(textWidth('A', 100) + textWidth('V', 100) - 1);
    expect(textWidth('WW', 100)).toBeGreaterThan(textWidth('W', 100) * 2);
  });

  test("an emoji sequence is one Twemoji picture of one advance; CJK takes its font's full em", () => {
    for (const cluster of ['😀', FAMILY, '🇫🇷', '👍🏽', '❤️', '1️⃣'])
      expect(textWidth(cluster, 10)).toBeCloseTo(EMOJI_ADVANCE * 10, 9);
    expect(textWidth(FLAGS, 10)).toBeCloseTo(3 * EMOJI_ADVANCE * 10, 9);
    expect(textWidth('漢字', 10)).toBeCloseTo(20, 9);
  });

  test("symbols that are emoji only when asked (©, ™, ❤ without U+FE0F) are the text font's where it has them", () => {
    const { font: inter } = interFace('regular');
    for (const symbol of ['©', '™', '❤']) {
      expect(textWidth(symbol, 10)).toBeCloseTo(
        (inter.glyphForCodePoint(symbol.codePointAt(0) as number).advanceWidth / inter.unitsPerEm) * 10,
        9,
      );
    }
    expect(textWidth('❤️', 10)).not.toBeCloseTo(textWidth('❤', 10), 1);
  });

  test('a combining accent adds nothing to its letter; joiners and variation selectors draw nothing', () => {
    expect(textWidth('e\u0301', 20)).toBeCloseTo(textWidth('e', 20), 9);
    expect(textWidth('a\u200Db', 20)).toBeCloseTo(textWidth('ab', 20), 9);
  });

  test('graphemes keeps ZWJ sequences, flags and combining marks whole', () => {
    expect(graphemes(`${FAMILY}🇫🇷e\u0301x`)).toEqual([FAMILY, '🇫🇷', 'e\u0301', 'x']);
  });
});

describe('fitLine', () => {
  const TEXTS = [
    'Ada',
    'A rather long display name that cannot fit',
    'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW',
    `ab${FAMILY.repeat(12)}`,
    FLAGS.repeat(6),
    'e\u0301'.repeat(20),
    `名前${'漢字'.repeat(10)}`,
    'trailing spaces then cut            xxxxxxxxxxxx',
  ];
  const WIDTHS = [40, 75, 120, 300];

  /** fitLine's contract, checked for every text and width above. */
  test.each(TEXTS.flatMap((text) => WIDTHS.map((width) => [text, width] as const)))('%j in %i px', (text, maxWidth) => {
    const line = fitLine(text, { maxWidth, maxSize: 24, minSize: 12 });
    const collapsed = text.normalize('NFC').replace(/\s+/g, ' ');

    expect(line.width).toBeLessThanOrEqual(maxWidth);
    expect(line.width).toBeCloseTo(textWidth(line.text, line.fontSize), 9);
    expect(line.fontSize).toBeGreaterThanOrEqual(12);
    expect(line.fontSize).toBeLessThanOrEqual(24);
    if (line.text === collapsed) return;

    // Cut: only at the smallest size, with an ellipsis, after whole graphemes of the original.
    expect(line.fontSize).toBe(12);
    expect(line.text.endsWith('…')).toBe(true);
    const kept = graphemes(line.text.slice(0, -1));
    expect(graphemes(collapsed).slice(0, kept.length).join('').trimEnd()).toBe(kept.join(''));
  });

  test('a family emoji is never split', () => {
    const line = fitLine(FAMILY.repeat(10), { maxWidth: 60, maxSize: 24, minSize: 12 });
    const kept = line.text.slice(0, -1);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toBe(FAMILY.repeat(kept.length / FAMILY.length));
  });

  test('a flag is never split into its regional indicators', () => {
    const kept = [...fitLine('🇫🇷'.repeat(30), { maxWidth: 60, maxSize: 24, minSize: 12 }).text.slice(0, -1)];
    expect(kept.length % 2).toBe(0);
    expect(kept.join('')).toBe('🇫🇷'.repeat(kept.length / 2));
  });

  test('short text keeps the largest size; longer text shrinks before it is cut', () => {
    expect(fitLine('Ada', { maxWidth: 300, maxSize: 24, minSize: 12 })).toMatchObject({ text: 'Ada', fontSize: 24 });
    const shrunk = fitLine('abcdefghij', { maxWidth: 100, maxSize: 24, minSize: 12 });
    expect(shrunk.text).toBe('abcdefghij');
    expect(shrunk.fontSize).toBeLessThan(24);
    expect(shrunk.fontSize).toBeGreaterThan(12);
  });

  test('a box narrower than one character and the ellipsis gets no text rather than an overflow', () => {
    expect(fitLine(`${FAMILY}${FAMILY}`, { maxWidth: 5, maxSize: 20, minSize: 10 }).text).toBe('');
    expect(fitLine('abc', { maxWidth: 9, maxSize: 20, minSize: 10 })).toMatchObject({ text: '…' });
  });

  test('runs of white space are measured as the single space SVG draws', () => {
    expect(fitLine('  a \n\t b  ', { maxWidth: 500, maxSize: 20, minSize: 10 }).text).toBe('a b');
  });
});

describe('fitBlock', () => {
  const BOX = { width: 300, height: 100, maxSize: 40, minSize: 10, lineHeight: 1.2 };

  const expectInside = (block: ReturnType<typeof fitBlock>, box: typeof BOX) => {
    const { ascent, descent } = verticalMetrics('regular');
    for (const line of block.lines) expect(line.width).toBeLessThanOrEqual(box.width);
    const top = block.firstBaseline - ascent * block.fontSize;
    const bottom = block.firstBaseline + (block.lines.length - 1) * block.leading + descent * block.fontSize;
    expect(top).toBeGreaterThanOrEqual(0);
    expect(bottom).toBeLessThanOrEqual(box.height + 1e-9);
  };

  test('short text stays on one line at the largest size that fits', () => {
    const block = fitBlock('Hi', BOX);
    expect(block.lines.map((line) => line.text)).toEqual(['Hi']);
    expect(block.fontSize).toBe(40);
    expectInside(block, BOX);
  });

  test('longer text wraps at spaces and shrinks until every line fits the box', () => {
    const text = 'The quick brown fox jumps over the lazy dog and keeps on running far away';
    const block = fitBlock(text, BOX);
    expect(block.lines.length).toBeGreaterThan(1);
    expect(block.fontSize).toBeLessThan(40);
    expect(block.lines.map((line) => line.text).join(' ')).toBe(text);
    expectInside(block, BOX);
  });

  test.each([
    ['one endless word', 'W'.repeat(300)],
    ['many words', 'lorem ipsum '.repeat(40)],
    ['emoji', FAMILY.repeat(400)],
    ['CJK without spaces', '漢字'.repeat(200)],
  ])(
    'text too long even at the smallest size (%s) is cut after the last line that fits, with an ellipsis',
    (_name, text) => {
      const block = fitBlock(text, BOX);
      expect(block.fontSize).toBe(10);
      expect(block.lines.at(-1)?.text.endsWith('…')).toBe(true);
      expectInside(block, BOX);
      const shown = block.lines.map((line) => line.text.replace(/…$/, '')).join('');
      expect(text.replace(/\s+/g, '').startsWith(shown.replace(/\s+/g, ''))).toBe(true);
      for (const line of block.lines) expect(line.text.toWellFormed()).toBe(line.text);
    },
  );

  test('newlines in the text force line breaks', () => {
    expect(fitBlock('one\ntwo', BOX).lines.map((line) => line.text)).toEqual(['one', 'two']);
  });

  test('a box too small for one line at the smallest size draws nothing', () => {
    expect(fitBlock('text', { ...BOX, height: 5 }).lines).toEqual([]);
  });
});

describe('hostile Unicode', () => {
  const ZALGO = `a${'\u0301\u0316\u0352'.repeat(100)}b`;

  test('a flood of combining marks is capped at three per run, so it cannot climb out of its line', () => {
    const line = fitLine(ZALGO, { maxWidth: 300, maxSize: 40, minSize: 10 });
    expect(line.text).toMatch(/^\p{L}\p{M}{0,3}b$/u);

    // In pixels: no ink above the ascender line or below the descender line.
    const { ascent, descent } = verticalMetrics('regular');
    const y = 100;
    const raster = rasterize(
      svgDocument(
        { width: 400, height: 200 },
        h('rect', { width: 400, height: 200, fill: '#fff' }),
        textLine(line, 10, y),
      ),
    );
    for (let row = 0; row < raster.height; row += 1) {
      let ink = false;
      for (let x = 0; x < raster.width && !ink; x += 1)
        ink = (raster.pixels[(row * raster.width + x) * 4] as number) < 160;
      if (ink) {
        expect(row).toBeGreaterThanOrEqual(Math.floor(y - ascent * line.fontSize) - 1);
        expect(row).toBeLessThanOrEqual(Math.ceil(y + descent * line.fontSize) + 1);
      }
    }
  });

  test('fitBlock caps marks the same way', () => {
    const block = fitBlock(ZALGO.repeat(3), { width: 300, height: 100, maxSize: 40, minSize: 10 });
    for (const line of block.lines) expect(line.text).not.toMatch(/\p{M}{4}/u);
  });

  test('sizes that are not a range are a programming error, not a silent choice', () => {
    expect(() => fitLine('x', { maxWidth: 10, maxSize: 10, minSize: 20 })).toThrow(/not a range/);
    expect(() => fitBlock('x', { width: 10, height: 10, maxSize: 10, minSize: 0 })).toThrow(/not a range/);
  });
});

describe('textLine', () => {
  test('draws outlines, not <text>: a group named by its text, a path per font run, at the origin', () => {
    const line = fitLine('Ada Lovelace', { maxWidth: 300, maxSize: 30, minSize: 10, weight: 'bold' });
    const elements = parseXml(svgDocument({ width: 400, height: 50 }, textLine(line, 10, 40, { fill: '#123456' })));
    const [group, title, ...inside] = elements.slice(1);
    expect(group?.attrs).toEqual({ role: 'img', fill: '#123456' });
    expect([title?.tag, title?.text]).toEqual(['title', 'Ada Lovelace']);
    expect(inside.map((e) => e.tag)).toEqual(['path']);
    expect(inside[0]?.attrs.transform).toMatch(/^translate\(10 40\) scale\(0\.0\d+ -0\.0\d+\)$/);
    expect(elements.some((e) => e.tag === 'text')).toBe(false);
  });

  test('a line with emoji: Twemoji shapes inline at their measured places, between outline runs', () => {
    const line = fitLine(`Ada ${FAMILY}👍🏽 Lovelace 🇫🇷`, { maxWidth: 600, maxSize: 30, minSize: 10, weight: 'bold' });
    const elements = parseXml(svgDocument({ width: 600, height: 50 }, textLine(line, 10, 40)));
    expect(drawnLines(elements)).toEqual([`Ada ${FAMILY}👍🏽 Lovelace 🇫🇷`]);
    expect(elements.some((e) => e.tag === 'image')).toBe(false);
    // Each emoji is a group of its file's shapes, path for path, scaled from Twemoji's 36-unit square.
    const emoji = elements.filter((e) => e.tag === 'g' && e.parent !== undefined && isTextLine(e.parent));
    const pathsIn = (group: ParsedElement) =>
      elements.filter((e) => e.tag === 'path' && e.parent === group).map((e) => e.attrs.d);
    const filePaths = (name: string) =>
      [...readFileSync(join(twemojiDir(), `${name}.svg`), 'utf8').matchAll(/<path[^>]* d="([^"]*)"/g)].map(
        (match) => match[1],
      );
    expect(emoji.map(pathsIn)).toEqual(
      ['1f468-200d-1f469-200d-1f467-200d-1f466', '1f44d-1f3fd', '1f1eb-1f1f7'].map(filePaths),
    );
    const shaped = shapeLine(line.text, 'bold').runs.filter((run) => run.kind === 'emoji');
    emoji.forEach((group, i) => {
      const [, x, y, scale] = /^translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)$/
        .exec(group.attrs.transform ?? '')!
        .map(Number) as number[];
      expect(x).toBeCloseTo(10 + ((shaped[i]?.x ?? 0) + 0.05) * line.fontSize, 1);
      expect(y).toBeCloseTo(40 - 0.9 * line.fontSize, 1);
      expect((scale as number) * 36).toBeCloseTo(1.1 * line.fontSize, 3);
    });
    expect(shaped.at(-1)?.x).toBeCloseTo(line.width / line.fontSize - EMOJI_ADVANCE, 9);
  });

  test("inline Twemoji draws as Twemoji's files do, black where unfilled, whatever the text colour", () => {
    const files = twemojiFiles();
    const sample = [...files].filter((_, i) => i % 25 === 0);
    expect(sample.length).toBeGreaterThan(140);
    for (const file of sample) {
      const shapes = emojiShapes(file);
      if (!shapes) continue;
      const inline = rasterize(
        svgDocument(
          { width: 72, height: 72 },
          h('g', { fill: '#ff00ff' }, h('g', { transform: 'scale(2)', fill: '#000000' }, shapes)),
        ),
      );
      const asPicture = rasterize(
        svgDocument({ width: 72, height: 72 }, h('image', { width: 72, height: 72, href: twemojiDataUri(file) })),
      );
      const off = inline.pixels.filter((value, i) => Math.abs(value - (asPicture.pixels[i] as number)) > 2).length;
      if (off > 0) throw new Error(`${file}: ${off} channel values differ`);
    }
    // Only files that are more than plain shapes stay pictures.
    expect([...files].filter((file) => !emojiShapes(file))).toEqual(['1f6dc.svg', '1fa87.svg', '1fae8.svg']);
  });

  test('right-to-left words are drawn in visual order: the first Hebrew word rightmost, brackets mirrored', () => {
    const runs = shapeLine('שלום 😀 עולם', 'regular').runs;
    expect(runs.filter((run) => run.kind === 'emoji')).toHaveLength(1);
    const ids = (text: string) => (shapeLine(text, 'regular').runs[0] as GlyphRun).glyphs.map((glyph) => glyph.id);
    const [left, right] = [runs[0], runs.at(-1)] as [GlyphRun, GlyphRun];
    expect(left.glyphs.map((glyph) => glyph.id).slice(0, 4)).toEqual(ids('עולם'));
    expect(right.glyphs.map((glyph) => glyph.id).slice(-4)).toEqual(ids('שלום'));
    // "(כהן)" in right-to-left order draws ")" where "(" is read, so its opening bracket opens to the right.
    const glyphs = shapeLine('דוד (כהן)', 'regular').runs.flatMap((run) =>
      run.kind === 'glyphs' && run.face === interFace('regular') ? run.glyphs : [],
    );
    const paren = (char: string) => interFace('regular').font.glyphForCodePoint(char.codePointAt(0) as number).id;
    expect(glyphs.map((glyph) => glyph.id).filter((id) => id === paren('(') || id === paren(')'))).toEqual([
      paren('('),
      paren(')'),
    ]);
  });

  test('the rasteriser draws emoji in colour from Twemoji: each its own drawing, a family as one', () => {
    const draw = (text: string) => drawLine(text, 40, 'regular', 200).raster;
    const [smile, pizza, family] = ['😀', '🍕', FAMILY].map(draw) as [Raster, Raster, Raster];
    expect(smile.pixels.equals(pizza.pixels)).toBe(false);
    // Twemoji's smiley yellow (#FFCC4D) is drawn, not a monochrome outline.
    const yellow = (raster: Raster) =>
      Array.from({ length: raster.pixels.length / 4 }, (_, i) => i * 4).filter(
        (i) => raster.pixels[i] === 0xff && raster.pixels[i + 1] === 0xcc && raster.pixels[i + 2] === 0x4d,
      ).length;
    expect(yellow(smile)).toBeGreaterThan(300);
    for (const drawn of [smile, pizza, family]) {
      const { left, right } = inkColumns(drawn, true);
      expect(left).toBeGreaterThanOrEqual(10);
      expect(right).toBeLessThanOrEqual(10 + textWidth('😀', 40) + 1);
      expect(right - left).toBeGreaterThan(30);
    }
    const two = inkSpans(draw('😀 😀'));
    expect(two).toHaveLength(2);
  });

  test('an empty line draws no element', () => {
    expect(textLine({ text: '', fontSize: 10, width: 0, weight: 'regular' }, 0, 0)).toBeNull();
  });
});
