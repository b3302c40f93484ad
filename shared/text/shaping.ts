import bidiFactory from 'bidi-js';
import type { Face } from '../fonts/faces';
import type { FontWeight } from '../fonts/fontFiles';
import { drawerOf, familiesFor, type Drawer } from './fontChoice';
import { graphemes } from './graphemes';

/**
 * A line of text laid out the way it is drawn: cut into runs of one font (or one emoji each), put
 * in visual order by the Unicode bidirectional algorithm, and each font run shaped by fontkit
 * (kerning, ligatures, Arabic joining, Indic reordering, mark placement). The width it reports is
 * exactly the width drawn, since the same glyphs and positions become the outlines.
 */
export interface GlyphRun {
  kind: 'glyphs';
  face: Face;
  /** Glyph ids and their origins from the run's start, in font units (y up). */
  glyphs: { id: number; x: number; y: number }[];
  /** Where the run starts on the line, in em. */
  x: number;
  em: number;
}

export interface EmojiRun {
  kind: 'emoji';
  /** The Twemoji file. */
  file: string;
  x: number;
  em: number;
}

export type ShapedRun = GlyphRun | EmojiRun;

export interface ShapedLine {
  em: number;
  runs: ShapedRun[];
}

/** An emoji's advance, in em: a square of EMOJI_SIZE with a little room either side. */
export const EMOJI_ADVANCE = 1.2;

/** Right-to-left scripts: only lines with them need the bidirectional algorithm. */
const RIGHT_TO_LEFT =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}\u200F\u202B\u202E\u2067]/u;
const CACHE_LIMIT = 20_000;

let bidi: ReturnType<typeof bidiFactory> | undefined;

interface Segment {
  drawer: Drawer;
  text: string;
  level: number;
}

/** Clusters joined into segments of one drawer and one embedding level, in logical order. */
function segments(text: string, weight: FontWeight): Segment[] {
  const rtl = RIGHT_TO_LEFT.test(text);
  if (rtl) bidi ??= bidiFactory();
  const levels = rtl ? bidi?.getEmbeddingLevels(text) : undefined;
  // Brackets and the like face the other way inside right-to-left text.
  const mirrored = levels
    ? (bidi as ReturnType<typeof bidiFactory>).getMirroredCharactersMap(text, levels.levels)
    : undefined;
  const families = familiesFor(text);
  const out: Segment[] = [];
  let at = 0;
  let previous: Drawer | undefined;
  for (const cluster of graphemes(text)) {
    const drawer = drawerOf(cluster, weight, families, previous);
    const level = levels?.levels[at] ?? 0;
    const drawn =
      drawer.kind === 'glyphs' && drawer.text !== undefined
        ? drawer.text
        : mirrored?.has(at)
          ? (mirrored.get(at) as string) + cluster.slice(1)
          : cluster;
    const last = out.at(-1);
    if (
      last &&
      last.level === level &&
      drawer.kind === 'glyphs' &&
      last.drawer.kind === 'glyphs' &&
      last.drawer.face === drawer.face
    )
      last.text += drawn;
    else out.push({ drawer, text: drawn, level });
    previous = drawer;
    at += cluster.length;
  }
  return out;
}

/**
 * Unicode's rule L2: from the highest level down to the lowest odd one, reverse every stretch at that level or above.
 */
function visualOrder<T extends { level: number }>(items: T[]): T[] {
  const order = [...items];
  const levels = items.map((item) => item.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd && level > 0; level -= 1) {
    for (let i = 0; i < order.length; ) {
      if ((order[i] as T).level < level) {
        i += 1;
        continue;
      }
      let end = i;
      while (end < order.length && (order[end] as T).level >= level) end += 1;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order;
}

function shapeSegment(segment: Segment, x: number): ShapedRun {
  if (segment.drawer.kind === 'emoji') return { kind: 'emoji', file: segment.drawer.file, x, em: EMOJI_ADVANCE };
  const { face } = segment.drawer;
  const run = face.font.layout(segment.text, undefined, undefined, undefined, segment.level % 2 === 1 ? 'rtl' : 'ltr');
  let pen = 0;
  const glyphs = run.glyphs.map((glyph, i) => {
    const position = run.positions[i] as { xAdvance: number; xOffset: number; yOffset: number };
    const placed = { id: glyph.id, x: pen + position.xOffset, y: position.yOffset };
    pen += position.xAdvance;
    return placed;
  });
  return { kind: 'glyphs', face, glyphs, x, em: pen / face.font.unitsPerEm };
}

const cache: Record<FontWeight, Map<string, ShapedLine>> = { regular: new Map(), bold: new Map() };

/**
 * `text` (one line) shaped in `weight`; lines up to 64 UTF-16
 * units are remembered, layout asks for the same words often.
 */
export function shapeLine(text: string, weight: FontWeight): ShapedLine {
  const cached = cache[weight].get(text);
  if (cached) return cached;
  let em = 0;
  const runs = visualOrder(segments(text, weight)).map((segment) => {
    const run = shapeSegment(segment, em);
    em += run.em;
    return run;
  });
  const line = { em, runs };
  if (text.length <= 64 && cache[weight].size < CACHE_LIMIT) cache[weight].set(text, line);
  return line;
}
