import type * as fontkit from 'fontkit';
import type { GlyphRun } from '../text/shaping';
import { PlainValue } from './builder';

/**
 * Glyph outlines as SVG path data in font units (y up), so a run's glyphs become one <path>: each
 * glyph's outline is kept with its first point absolute and the rest relative, and placing it is
 * only writing that first point. Coordinates are whole font units (1/1000 em or finer).
 */
interface Outline {
  x: number;
  y: number;
  /** Everything after the first moveto, in relative commands: checked once, so no render scans it again. */
  rest: PlainValue;
}

const outlines = new WeakMap<fontkit.Font, Map<number, Outline | null>>();

const COMMANDS: Record<string, string> = {
  moveTo: 'm',
  lineTo: 'l',
  quadraticCurveTo: 'q',
  bezierCurveTo: 'c',
  closePath: 'z',
};

function outlineOf(font: fontkit.Font, id: number): Outline | null {
  let glyphs = outlines.get(font);
  if (!glyphs) {
    glyphs = new Map();
    outlines.set(font, glyphs);
  }
  const cached = glyphs.get(id);
  if (cached !== undefined) return cached;
  const commands = font.getGlyph(id).path.commands as { command: string; args: number[] }[];
  let first: { x: number; y: number } | null = null;
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let rest = '';
  for (const { command, args } of commands) {
    if (command === 'closePath') {
      rest += 'z';
      [x, y] = [startX, startY];
      continue;
    }
    const points = args.map(Math.round);
    if (!first) {
      first = { x: points[0] as number, y: points[1] as number };
      [x, y, startX, startY] = [first.x, first.y, first.x, first.y];
      continue;
    }
    rest += COMMANDS[command] + points.map((value, i) => value - (i % 2 === 0 ? x : y)).join(' ');
    [x, y] = points.slice(-2) as [number, number];
    if (command === 'moveTo') [startX, startY] = [x, y];
  }
  const outline = first && { ...first, rest: PlainValue.checked(rest) ?? refuse(id) };
  glyphs.set(id, outline);
  return outline;
}

const refuse = (id: number): never => {
  throw new Error(`glyph ${id}: its outline is not path data`);
};

/**
 * The path data of a shaped run's glyphs, in its font's units from the run's start; undefined when nothing is drawn
 * (spaces).
 */
export function runPathData(run: GlyphRun): PlainValue | undefined {
  let data = PlainValue.of``;
  for (const glyph of run.glyphs) {
    const outline = outlineOf(run.face.font, glyph.id);
    if (!outline) continue;
    const [x, y] = [Math.round(outline.x + glyph.x), Math.round(outline.y + glyph.y)];
    data = PlainValue.of`${data}M${x} ${y}${outline.rest}`;
  }
  return data.text ? data : undefined;
}
