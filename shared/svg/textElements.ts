import { h, type Attrs, type SvgElement } from './builder';
import { CSS_WEIGHT, FONT_FAMILY } from './fonts';
import type { Box } from './geometry';
import type { FittedBlock, FittedLine } from './textLayout';

/**
 * Draws a fitted line with its left end at `x`. `textLength` pins the drawn width to the measured
 * one, so a viewer that substitutes another font still stays inside the box.
 */
export function textLine(line: FittedLine, x: number, y: number, attrs: Attrs = {}): SvgElement | null {
  if (!line.text) return null;
  return h(
    'text',
    {
      x,
      y,
      'font-family': FONT_FAMILY,
      'font-size': line.fontSize,
      'font-weight': CSS_WEIGHT[line.weight],
      textLength: line.width,
      lengthAdjust: 'spacingAndGlyphs',
      ...attrs,
    },
    line.text,
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
