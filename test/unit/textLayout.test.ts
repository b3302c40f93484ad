import { describe, expect, test } from '@jest/globals';
import { h, svgDocument } from '../../shared/svg/builder';
import { EMOJI_FONT_FAMILY, FONT_FAMILY, loadFont } from '../../shared/svg/fonts';
import { graphemes, textWidth, verticalMetrics } from '../../shared/svg/measure';
import { textLine } from '../../shared/svg/textElements';
import { fitBlock, fitLine } from '../../shared/svg/textLayout';
import { drawnLines, parseXml } from '../support/svgXml';
import { rasterize, type Raster } from '../support/raster';

const FAMILY = '👨‍👩‍👧‍👦';

/** Runs of columns with dark ink on a white background, left to right. */
function inkSpans(raster: Raster): { left: number; right: number }[] {
  const spans: { left: number; right: number }[] = [];
  for (let x = 0; x < raster.width; x += 1) {
    let inked = false;
    for (let y = 0; y < raster.height && !inked; y += 1) inked = (raster.pixels[(y * raster.width + x) * 4] as number) < 160;
    const last = spans.at(-1);
    if (inked && last?.right === x - 1) last.right = x;
    else if (inked) spans.push({ left: x, right: x });
  }
  return spans;
}
const FLAGS = '🇫🇷🇩🇪🇯🇵';

/** Leftmost and rightmost columns with dark ink on a white background. */
function inkColumns(raster: Raster): { left: number; right: number } {
  let left = Infinity;
  let right = -Infinity;
  for (let y = 0; y < raster.height; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      if ((raster.pixels[(y * raster.width + x) * 4] as number) < 160) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right };
}

describe('measuring with the font', () => {
  test.each(['Ada Lovelace', 'WWWWWWWW', 'illicit little lilies', 'Привет, мир', 'Ελληνικά γράμματα', '1,234 / 5,000 XP'])(
    'the width of %j matches what a real rasteriser draws with the same font',
    (text) => {
      for (const weight of ['regular', 'bold'] as const) {
        const measured = textWidth(text, 40, weight);
        const svg = svgDocument(
          { width: 1200, height: 80 },
          h('rect', { width: 1200, height: 80, fill: '#fff' }),
          h('text', { x: 10, y: 55, 'font-family': FONT_FAMILY, 'font-size': 40, 'font-weight': weight === 'bold' ? 700 : 400 }, text),
        );
        const { left, right } = inkColumns(rasterize(svg));
        const ink = right - left + 1;
        // Ink lies within the measured advance (a glyph may overhang its side bearing by a hair,
        // under 0.03 em) and fills most of it, so the measure is the rasteriser's, kerning included.
        expect(left).toBeGreaterThanOrEqual(10 - 1.2);
        expect(right).toBeLessThanOrEqual(10 + measured + 1.2);
        expect(ink).toBeGreaterThan(measured * 0.93);
      }
    },
  );

  test('letters differ by their real advance widths, and bold is wider than regular', () => {
    expect(textWidth('W', 20)).toBeGreaterThan(textWidth('i', 20) * 2.5);
    expect(textWidth('Lovelace', 20, 'bold')).toBeGreaterThan(textWidth('Lovelace', 20, 'regular'));
    expect(textWidth('abc', 30)).toBeCloseTo(textWidth('abc', 10) * 3, 9);
  });

  test('kerning is the font\'s: "AV" is narrower than "A" and "V" apart, "WW" wider', () => {
    expect(textWidth('AV', 100)).toBeLessThan(textWidth('A', 100) + textWidth('V', 100) - 1);
    expect(textWidth('WW', 100)).toBeGreaterThan(textWidth('W', 100) * 2);
  });

  test("emoji are measured with the emoji font, a ZWJ sequence, flag or skin tone as its one glyph; CJK, which no font has, as one em", () => {
    const emoji = loadFont('emoji');
    const advance = (emoji.glyphForCodePoint(0x1f600).advanceWidth / emoji.unitsPerEm) * 10;
    expect(advance).toBeGreaterThan(11);
    for (const cluster of ['😀', FAMILY, '🇫🇷', '👍🏽', '❤️', '1️⃣']) expect(textWidth(cluster, 10)).toBeCloseTo(advance, 9);
    expect(textWidth(FLAGS, 10)).toBeCloseTo(3 * advance, 9);
    expect(textWidth('漢字', 10)).toBeCloseTo(20, 9);
    expect(textWidth('\u{10FFFD}', 10)).toBeCloseTo(6.2, 9);
  });

  test('symbols that are emoji only when asked (©, ™, ❤ without U+FE0F) are the text font\'s where it has them', () => {
    const inter = loadFont('regular');
    for (const symbol of ['©', '™', '❤']) {
      expect(textWidth(symbol, 10)).toBeCloseTo((inter.glyphForCodePoint(symbol.codePointAt(0) as number).advanceWidth / inter.unitsPerEm) * 10, 9);
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
  ])('text too long even at the smallest size (%s) is cut after the last line that fits, with an ellipsis', (_name, text) => {
    const block = fitBlock(text, BOX);
    expect(block.fontSize).toBe(10);
    expect(block.lines.at(-1)?.text.endsWith('…')).toBe(true);
    expectInside(block, BOX);
    const shown = block.lines.map((line) => line.text.replace(/…$/, '')).join('');
    expect(text.replace(/\s+/g, '').startsWith(shown.replace(/\s+/g, ''))).toBe(true);
    for (const line of block.lines) expect(line.text.toWellFormed()).toBe(line.text);
  });

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
    const raster = rasterize(svgDocument({ width: 400, height: 200 }, h('rect', { width: 400, height: 200, fill: '#fff' }), textLine(line, 10, y)));
    for (let row = 0; row < raster.height; row += 1) {
      let ink = false;
      for (let x = 0; x < raster.width && !ink; x += 1) ink = (raster.pixels[(row * raster.width + x) * 4] as number) < 160;
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
  test('pins the drawn width to the measured one, for viewers with another font', () => {
    const line = fitLine('Ada Lovelace', { maxWidth: 300, maxSize: 30, minSize: 10, weight: 'bold' });
    const [element] = parseXml(svgDocument({ width: 400, height: 50 }, textLine(line, 10, 40))).slice(1);
    expect(element?.attrs).toMatchObject({ x: '10', y: '40', 'font-size': '30', 'font-weight': '700', lengthAdjust: 'spacingAndGlyphs' });
    expect(Number(element?.attrs.textLength)).toBeCloseTo(line.width, 1);
    expect(element?.text).toBe('Ada Lovelace');
  });

  test('a line with emoji: one text element per font run, each at its measured place, spaces between them kept as gaps', () => {
    const line = fitLine(`Ada ${FAMILY}👍🏽 Lovelace 🇫🇷`, { maxWidth: 600, maxSize: 30, minSize: 10, weight: 'bold' });
    const elements = parseXml(svgDocument({ width: 600, height: 50 }, textLine(line, 10, 40)));
    const runs = elements.filter((e) => e.tag === 'text');
    expect(runs.map((e) => [e.text, e.attrs['font-family']])).toEqual([
      ['Ada', FONT_FAMILY],
      [`${FAMILY}👍🏽`, EMOJI_FONT_FAMILY],
      ['Lovelace', FONT_FAMILY],
      ['🇫🇷', EMOJI_FONT_FAMILY],
    ]);
    expect(drawnLines(elements)).toEqual([`Ada${FAMILY}👍🏽Lovelace🇫🇷`]);
    const boxes = runs.map((e) => ({ left: Number(e.attrs.x), right: Number(e.attrs.x) + Number(e.attrs.textLength) }));
    expect(boxes[0]?.left).toBe(10);
    expect(boxes.at(-1)?.right).toBeCloseTo(10 + line.width, 1);
    // Each gap is a space (give or take the kerning of a space with a letter).
    const space = textWidth(' ', line.fontSize, 'bold');
    for (let i = 1; i < boxes.length; i += 1) expect(Math.abs((boxes[i]?.left ?? 0) - (boxes[i - 1]?.right ?? 0) - space)).toBeLessThan(0.5);
    for (const run of runs) expect(run.attrs).toMatchObject({ y: '40', 'font-size': String(line.fontSize), 'font-weight': '700' });
  });

  test('spaces between emoji are the text font\'s, as gaps between emoji runs', () => {
    const line = fitLine('😀 😀', { maxWidth: 600, maxSize: 40, minSize: 40 });
    const runs = parseXml(svgDocument({ width: 600, height: 50 }, textLine(line, 0, 40))).filter((e) => e.tag === 'text');
    expect(runs.map((e) => [e.text, e.attrs['font-family']])).toEqual([
      ['😀', EMOJI_FONT_FAMILY],
      ['😀', EMOJI_FONT_FAMILY],
    ]);
    expect(Number(runs[1]?.attrs.x) - Number(runs[0]?.attrs.x)).toBeCloseTo(textWidth('😀', 40) + textWidth(' ', 40), 1);
  });

  test.each([
    ['symbols the text font has', 'Acme™ © 2024 ❤'],
    ['right-to-left text, ordered by the viewer', 'שלום 😀 עולם'],
  ])('one text element for %s', (_name, text) => {
    const line = fitLine(text, { maxWidth: 600, maxSize: 30, minSize: 10 });
    const elements = parseXml(svgDocument({ width: 600, height: 50 }, textLine(line, 0, 40)));
    expect(elements.filter((e) => e.tag === 'text').map((e) => [e.text, e.attrs['font-family']])).toEqual([[text, FONT_FAMILY]]);
  });

  test('the rasteriser draws emoji from the shipped emoji font: each its own glyph, a family as one', () => {
    const draw = (text: string) => {
      const line = fitLine(text, { maxWidth: 200, maxSize: 40, minSize: 40 });
      return rasterize(svgDocument({ width: 200, height: 60 }, h('rect', { width: 200, height: 60, fill: '#ffffff' }), textLine(line, 20, 45)));
    };
    const [smile, pizza, family] = ['😀', '🍕', FAMILY].map(draw) as [Raster, Raster, Raster];
    // Without the font every emoji would be the same "missing glyph" box.
    expect(smile.pixels.equals(pizza.pixels)).toBe(false);
    for (const drawn of [smile, pizza, family]) {
      const { left, right } = inkColumns(drawn);
      expect(left).toBeGreaterThanOrEqual(20);
      expect(right).toBeLessThanOrEqual(20 + textWidth('😀', 40) + 1);
      expect(right - left).toBeGreaterThan(25);
    }
    // Emoji apart are drawn as wide as one alone: the space between them is not stretched into them.
    const alone = inkColumns(smile);
    const two = inkSpans(draw('😀 😀'));
    expect(two).toHaveLength(2);
    for (const span of two) expect(Math.abs(span.right - span.left - (alone.right - alone.left))).toBeLessThanOrEqual(1);
  });

  test('an empty line draws no element', () => {
    expect(textLine({ text: '', fontSize: 10, width: 0, weight: 'regular' }, 0, 0)).toBeNull();
  });
});
