import { twemojiDataUri } from '../text/emoji';
import { shapeLine, EMOJI_ADVANCE } from '../text/shaping';
import { h, formatNumber, type Attrs, type SvgElement } from './builder';
import { emojiShapes, TWEMOJI_UNITS } from './emojiShapes';
import type { Box } from './geometry';
import { runPathData } from './glyphOutlines';
import type { FittedBlock, FittedLine } from './textLayout';

/** An emoji's square, in em, and how far its top is above the baseline. */
const EMOJI_SIZE = 1.1;
const EMOJI_TOP = 0.9;

/**
 * Draws a fitted line as glyph outlines and Twemoji shapes rather than <text>, so every viewer,
 * resvg included, draws the glyphs that were measured. The text itself is the group's <title>, its
 * accessible name.
 */
export function textLine(line: FittedLine, x: number, y: number, attrs: Attrs = {}): SvgElement | null {
  if (!line.text) return null;
  const size = line.fontSize;
  const drawn = shapeLine(line.text, line.weight).runs.map((run) => {
    const left = x + run.x * size;
    if (run.kind === 'emoji')
      return emoji(run.file, left + ((EMOJI_ADVANCE - EMOJI_SIZE) / 2) * size, y - EMOJI_TOP * size, EMOJI_SIZE * size);
    const d = runPathData(run);
    if (!d) return null;
    const scale = Number((size / run.face.font.unitsPerEm).toPrecision(6));
    return h('path', { transform: `translate(${formatNumber(left)} ${formatNumber(y)}) scale(${scale} ${-scale})`, d });
  });
  return h('g', { role: 'img', ...attrs }, h('title', {}, line.text), drawn);
}

/**
 * A Twemoji in the square of `side` at (x, y): its shapes inline, black where Twemoji leaves the
 * fill unset (as in its own file, not the text's colour); the rare file with more than shapes as a
 * picture of itself.
 */
function emoji(file: string, x: number, y: number, side: number): SvgElement {
  const shapes = emojiShapes(file);
  if (!shapes) return h('image', { x, y, width: side, height: side, href: twemojiDataUri(file) });
  const scale = Number((side / TWEMOJI_UNITS).toPrecision(6));
  return h(
    'g',
    { transform: `translate(${formatNumber(x)} ${formatNumber(y)}) scale(${scale})`, fill: '#000000' },
    shapes,
  );
}

/** Draws a fitted block inside `box`, vertically centred, each line centred or left-aligned. */
export function textBlock(block: FittedBlock, box: Box, align: 'start' | 'center', attrs: Attrs = {}): SvgElement {
  return h(
    'g',
    attrs,
    block.lines.map((line, i) =>
      textLine(
        line,
        align === 'center' ? box.x + (box.width - line.width) / 2 : box.x,
        box.y + block.firstBaseline + i * block.leading,
      ),
    ),
  );
}

/**
 * Lines laid out right to left so their right edge is `right`, e.g. "RANK #3  LEVEL 12" made of
 * pieces in different sizes and colours. Each piece's attrs override the line's.
 */
export function rightAlignedRun(
  pieces: { line: FittedLine; attrs?: Attrs; gapBefore?: number }[],
  right: number,
  y: number,
): SvgElement[] {
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
