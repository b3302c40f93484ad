import { h, type Attrs, type SvgElement } from './builder';
import { CSS_WEIGHT, EMOJI_FONT_FAMILY, FONT_FAMILY } from './fonts';
import type { Box } from './geometry';
import { emojiRuns } from './measure';
import type { FittedBlock, FittedLine } from './textLayout';

/**
 * Draws a fitted line with its left end at `x`. `textLength` pins the drawn width to the measured
 * one, so a viewer that substitutes another font still stays inside the box. A line with emoji is
 * drawn as one text element per font run at its measured place: resvg neither falls back to the
 * emoji font by itself nor stretches text mixed with tspans correctly.
 */
export function textLine(line: FittedLine, x: number, y: number, attrs: Attrs = {}): SvgElement | null {
  if (!line.text) return null;
  const runs = emojiRuns(line.text, line.weight);
  if (!runs) return textElement(line, line.text, FONT_FAMILY, x, line.width, y, attrs);
  return h(
    'g',
    {},
    runs.map((run) =>
      textElement(line, run.text, run.emoji ? EMOJI_FONT_FAMILY : FONT_FAMILY, x + run.offsetEm * line.fontSize, run.em * line.fontSize, y, attrs),
    ),
  );
}

function textElement(line: FittedLine, text: string, family: string, x: number, width: number, y: number, attrs: Attrs): SvgElement {
  return h(
    'text',
    {
      x,
      y,
      'font-family': family,
      'font-size': line.fontSize,
      'font-weight': CSS_WEIGHT[line.weight],
      textLength: width,
      lengthAdjust: 'spacingAndGlyphs',
      ...attrs,
    },
    text,
  );
}

/** Draws a fitted block inside `box`, vertically centred, each line centred or left-aligned. */
export function textBlock(block: FittedBlock, box: Box, align: 'start' | 'center', attrs: Attrs = {}): SvgElement {
  return h(
    'g',
    attrs,
    block.lines.map((line, i) =>
      textLine(line, align === 'center' ? box.x + (box.width - line.width) / 2 : box.x, box.y + block.firstBaseline + i * block.leading),
    ),
  );
}

/**
 * Lines laid out right to left so their right edge is `right`, e.g. "RANK #3  LEVEL 12" made of
 * pieces in different sizes and colours. Each piece's attrs override the line's.
 */
export function rightAlignedRun(pieces: { line: FittedLine; attrs?: Attrs; gapBefore?: number }[], right: number, y: number): SvgElement[] {
  let x = right;
  const drawn: SvgElement[] = [];
  for (const piece of [...pieces].reverse()) {
    x -= piece.line.width;
    const element = textLine(piece.line, x, y, piece.attrs);
    if (element) drawn.unshift(element);
    x -= piece.gapBefore ?? 0;
  }
  return drawn;
}
