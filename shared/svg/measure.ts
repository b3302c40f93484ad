import { graphemes } from '../text/graphemes';
import { loadFont, type FontWeight } from './fonts';

/**
 * Text width from the font's own metrics: each grapheme cluster's advance, plus the kerning (or
 * ligature) adjustment between neighbouring characters as the font's shaper applies it, which is
 * what a rasteriser given the same font draws. Emoji are measured with the emoji font that draws
 * them (ZWJ sequences, flags and skin tones shaped into one glyph); symbols that are emoji only
 * when asked (©, ™, ❤ without U+FE0F) stay text where the text font has them. A cluster neither
 * font has (CJK, scripts beyond Latin, Greek and Cyrillic) comes from a viewer's fallback font; it
 * counts as a full em when East Asian wide or pictographic, else as a generous average letter.
 */
export { graphemes };

/** What the emoji font may draw. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
/** What is drawn as emoji rather than as text (Unicode's emoji presentation, or asked for with U+FE0F or a keycap). */
const EMOJI_STYLE = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\uFE0F\u20E3]/u;
const WIDE = new RegExp(`${EMOJI.source}|[\\u1100-\\u115F\\u2E80-\\uA4CF\\uAC00-\\uD7A3\\uF900-\\uFAFF\\uFE30-\\uFE4F\\uFF00-\\uFF60\\uFFE0-\\uFFE6\\u{20000}-\\u{3FFFD}]`, 'u');
const FALLBACK_EM = { wide: 1, other: 0.62 };
// Joiners and variation selectors shape a cluster but draw nothing themselves.
const INVISIBLE = /^[\u200B-\u200F\uFE00-\uFE0F\u2060\u{E0100}-\u{E01EF}]$/u;
const CACHE_LIMIT = 50_000;

interface ClusterMetrics {
  em: number;
  /** Set when the font draws the cluster as one character, so it can kern with its neighbours. */
  char?: string;
  /** Set when the emoji font draws the cluster. */
  emoji?: true;
}

const clusterCache: Record<FontWeight, Map<string, ClusterMetrics>> = { regular: new Map(), bold: new Map() };
const pairCache: Record<FontWeight, Map<string, number>> = { regular: new Map(), bold: new Map() };

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size < CACHE_LIMIT) cache.set(key, value);
  return value;
}

function clusterMetrics(cluster: string, weight: FontWeight): ClusterMetrics {
  const cached = clusterCache[weight].get(cluster);
  if (cached) return cached;
  // Emoji style first, then the text font where it has the glyphs, then any emoji the text font lacks.
  const metrics = (EMOJI_STYLE.test(cluster) ? emojiMetrics(cluster) : undefined) ??
    textMetrics(cluster, weight) ??
    emojiMetrics(cluster) ?? { em: WIDE.test(cluster) ? FALLBACK_EM.wide : FALLBACK_EM.other };
  return remember(clusterCache[weight], cluster, metrics);
}

/** The text font's width of a cluster, when it has a glyph for every visible character. */
function textMetrics(cluster: string, weight: FontWeight): ClusterMetrics | undefined {
  const font = loadFont(weight);
  const chars = [...cluster].filter((char) => !INVISIBLE.test(char));
  if (!chars.every((char) => font.hasGlyphForCodePoint(char.codePointAt(0) as number))) return undefined;
  return {
    em: chars.reduce((sum, char) => sum + font.glyphForCodePoint(char.codePointAt(0) as number).advanceWidth, 0) / font.unitsPerEm,
    char: chars.length === 1 ? chars[0] : undefined,
  };
}

/** The emoji font's shaped width of an emoji cluster, when it has a glyph for every part. */
function emojiMetrics(cluster: string): ClusterMetrics | undefined {
  if (!EMOJI.test(cluster)) return undefined;
  const font = loadFont('emoji');
  const run = font.layout(cluster);
  if (run.glyphs.some((glyph) => glyph.id === 0)) return undefined;
  return { em: run.positions.reduce((sum, position) => sum + position.xAdvance, 0) / font.unitsPerEm, emoji: true };
}

/** How much shaping the pair changes the sum of its advances (kerning, ligatures), in em. */
function pairAdjustment(left: string, right: string, weight: FontWeight): number {
  const key = left + right;
  const cached = pairCache[weight].get(key);
  if (cached !== undefined) return cached;
  const font = loadFont(weight);
  const run = font.layout(key);
  const shaped = run.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  const plain = font.glyphForCodePoint(left.codePointAt(0) as number).advanceWidth + font.glyphForCodePoint(right.codePointAt(0) as number).advanceWidth;
  return remember(pairCache[weight], key, (shaped - plain) / font.unitsPerEm);
}

export interface MeasuredCluster {
  cluster: string;
  /** Drawn with the emoji font. */
  emoji: boolean;
  /** The cluster's own advance, em. */
  em: number;
  /** Kerning with the cluster before it, em: counts only when both stay on the same line. */
  kern: number;
}

/** Each grapheme cluster of `text` with its widths in em, for layout that cuts between clusters. */
export function measureClusters(text: string, weight: FontWeight): MeasuredCluster[] {
  let previous: ClusterMetrics | undefined;
  return graphemes(text).map((cluster) => {
    const metrics = clusterMetrics(cluster, weight);
    const kern = previous?.char && metrics.char ? pairAdjustment(previous.char, metrics.char, weight) : 0;
    previous = metrics;
    return { cluster, emoji: metrics.emoji === true, em: metrics.em, kern };
  });
}

const textCache: Record<FontWeight, Map<string, number>> = { regular: new Map(), bold: new Map() };

/** Width of `text` in em (multiply by the font size for pixels). Layout asks for the same words often. */
export function textEm(text: string, weight: FontWeight): number {
  const cached = textCache[weight].get(text);
  if (cached !== undefined) return cached;
  const em = measureClusters(text, weight).reduce((sum, { em, kern }) => sum + em + kern, 0);
  return text.length <= 64 ? remember(textCache[weight], text, em) : em;
}

export const textWidth = (text: string, fontSize: number, weight: FontWeight = 'regular'): number => textEm(text, weight) * fontSize;

/** Ascender and descender (both positive, in em): the vertical room a line of glyphs takes. */
export function verticalMetrics(weight: FontWeight): { ascent: number; descent: number } {
  const font = loadFont(weight);
  return { ascent: font.ascent / font.unitsPerEm, descent: -font.descent / font.unitsPerEm };
}

export interface FontRun {
  text: string;
  /** Drawn with the emoji font. */
  emoji: boolean;
  /** Where the run starts, from the start of the whole text, in em. */
  offsetEm: number;
  em: number;
}

const SPACE = /^\s+$/u;
/** Right-to-left scripts: a line with them keeps one text element, so the viewer's bidi algorithm orders its words. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * A line with emoji cut into runs of one font, each with its place and width, to be drawn as text
 * elements of their own; undefined when the text font draws the whole line, or the line has
 * right-to-left text. Spaces belong to text runs (the emoji font's space is far wider), and a run
 * leaves out the spaces at its ends (a text element would drop them), which only move the next
 * run along.
 */
export function emojiRuns(text: string, weight: FontWeight): FontRun[] | undefined {
  if (!EMOJI.test(text) || RIGHT_TO_LEFT.test(text)) return undefined;
  const groups: { emoji: boolean; clusters: { cluster: string; at: number; em: number }[] }[] = [];
  let at = 0;
  for (const { cluster, emoji, em, kern } of measureClusters(text, weight)) {
    at += kern;
    const last = groups.at(-1);
    if (last?.emoji === emoji) last.clusters.push({ cluster, at, em });
    else groups.push({ emoji, clusters: [{ cluster, at, em }] });
    at += em;
  }
  if (!groups.some(({ emoji }) => emoji)) return undefined;
  return groups.flatMap(({ emoji, clusters }) => {
    const kept = clusters.slice(
      clusters.findIndex(({ cluster }) => !SPACE.test(cluster)),
      clusters.findLastIndex(({ cluster }) => !SPACE.test(cluster)) + 1,
    );
    const [first, last] = [kept[0], kept.at(-1)];
    if (!first || !last) return [];
    return [{ text: kept.map(({ cluster }) => cluster).join(''), emoji, offsetEm: first.at, em: last.at + last.em - first.at }];
  });
}
