import { interFace, notoFace, type Face } from '../fonts/faces';
import { CJK_FAMILIES as CJK, NOTO_FAMILIES, type FontWeight, type NotoFamily } from '../fonts/fontFiles';
import { subsetOf } from '../fonts/coverage';
import { EMOJI, EMOJI_STYLE, twemojiFile } from './emoji';

/**
 * Who draws a grapheme cluster: Twemoji for emoji style, then Inter, then the first Noto family
 * whose subset has it all, then Twemoji for a symbol no font has, then a stand-in (standIn). What
 * nothing draws is left to Inter, whose missing-glyph box at least shows something is there.
 */
export type Drawer =
  | { kind: 'glyphs'; face: Face /** Drawn in place of the cluster (a stand-in). */; text?: string }
  | { kind: 'emoji'; file: string };

// Joiners and variation selectors shape a cluster but need no glyph of their own.
const INVISIBLE = /[\u200B-\u200F\u2060\p{Variation_Selector}]/u;
const SPACE = /^\s+$/u;

/**
 * The order of the CJK families for a line: Han characters are shared by Chinese, Japanese and
 * Korean but drawn a little differently by each, so a line with kana takes the Japanese font, a
 * line with Hangul the Korean one, and any other the Simplified Chinese one, which has the most.
 */
export function familiesFor(line: string): readonly NotoFamily[] {
  const first: NotoFamily = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(line)
    ? 'noto-sans-jp'
    : /\p{Script=Hangul}/u.test(line)
      ? 'noto-sans-kr'
      : 'noto-sans-sc';
  return [
    ...NOTO_FAMILIES.filter((family) => !CJK.includes(family)),
    first,
    ...CJK.filter((family) => family !== first),
  ];
}

const hasAll = (face: Face, codePoints: number[]) =>
  codePoints.every((codePoint) => face.font.hasGlyphForCodePoint(codePoint));

function fontFor(codePoints: number[], weight: FontWeight, families: readonly NotoFamily[]): Face | undefined {
  const inter = interFace(weight);
  if (hasAll(inter, codePoints)) return inter;
  for (const family of families) {
    const subset = subsetOf(family, codePoints[0] as number);
    if (subset === undefined) continue;
    const face = notoFace(family, subset, weight);
    if (hasAll(face, codePoints)) return face;
  }
  return undefined;
}

/**
 * `previous` is the drawer of the cluster before: white space stays with it when its font has the
 * space, so a run of words in one script is shaped as one run.
 */
export function drawerOf(
  cluster: string,
  weight: FontWeight,
  families: readonly NotoFamily[],
  previous?: Drawer,
): Drawer {
  if (
    SPACE.test(cluster) &&
    previous?.kind === 'glyphs' &&
    hasAll(
      previous.face,
      [...cluster].map((char) => char.codePointAt(0) as number),
    )
  )
    return { kind: 'glyphs', face: previous.face };
  const emoji = EMOJI.test(cluster) ? twemojiFile(cluster) : undefined;
  if (emoji && EMOJI_STYLE.test(cluster)) return { kind: 'emoji', file: emoji };
  const visible = visibleCodePoints(cluster);
  const face = visible.length === 0 ? interFace(weight) : fontFor(visible, weight, families);
  if (face) return { kind: 'glyphs', face };
  if (emoji) return { kind: 'emoji', file: emoji };
  return standIn(cluster, visible, weight, families) ?? { kind: 'glyphs', face: interFace(weight) };
}

const visibleCodePoints = (text: string) =>
  [...text].filter((char) => !INVISIBLE.test(char)).map((char) => char.codePointAt(0) as number);

/**
 * What to draw for a cluster no font draws whole. Its compatibility form first: the "fancy
 * letters" of Discord names (𝓐𝓭𝓪, 𝕯𝖆𝖗𝖐, 𝙼𝚘𝚗𝚘) are Unicode's mathematical letters, which no shipped
 * font has, and NFKC makes them the letters they stand for. Else the cluster without the marks
 * its base's font lacks (the stacked marks of "Zalgo" text), so the letter shows, not a box.
 */
function standIn(
  cluster: string,
  visible: number[],
  weight: FontWeight,
  families: readonly NotoFamily[],
): Drawer | undefined {
  const folded = cluster.normalize('NFKC');
  if (folded !== cluster) {
    const face = fontFor(visibleCodePoints(folded), weight, families);
    if (face) return { kind: 'glyphs', face, text: folded };
  }
  const [base, ...marks] = visible as [number, ...number[]];
  const face = fontFor([base], weight, families);
  if (!face) return undefined;
  return {
    kind: 'glyphs',
    face,
    text: String.fromCodePoint(base, ...marks.filter((mark) => face.font.hasGlyphForCodePoint(mark))),
  };
}
