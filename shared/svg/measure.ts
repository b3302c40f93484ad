import { interFace } from '../fonts/faces';
import type { FontWeight } from '../fonts/fontFiles';
import { graphemes } from '../text/graphemes';
import { shapeLine } from '../text/shaping';

/**
 * Text width from the shaped line (shared/text/shaping.ts): what is measured is exactly what is
 * drawn, in every script, since the same glyphs become the outlines.
 */
export { graphemes };

export interface MeasuredCluster {
  cluster: string;
  /** The cluster's own advance, em. */
  em: number;
  /** Kerning (or joining) with the cluster before it, em: counts only when both stay on the same line. */
  kern: number;
}

/** Width of `text` in em (multiply by the font size for pixels). */
export const textEm = (text: string, weight: FontWeight): number => shapeLine(text, weight).em;

export const textWidth = (text: string, fontSize: number, weight: FontWeight = 'regular'): number =>
  textEm(text, weight) * fontSize;

/**
 * Each grapheme cluster of `text` with its widths in em, for layout that cuts between clusters: a
 * cluster's advance alone, and what shaping it beside the one before changes.
 */
export function measureClusters(text: string, weight: FontWeight): MeasuredCluster[] {
  let previous: { cluster: string; em: number } | undefined;
  return graphemes(text).map((cluster) => {
    const em = textEm(cluster, weight);
    const kern = previous ? textEm(previous.cluster + cluster, weight) - previous.em - em : 0;
    previous = { cluster, em };
    return { cluster, em, kern };
  });
}

/** Ascender and descender (both positive, in em): the vertical room a line of Inter takes. */
export function verticalMetrics(weight: FontWeight): { ascent: number; descent: number } {
  const { font } = interFace(weight);
  return { ascent: font.ascent / font.unitsPerEm, descent: -font.descent / font.unitsPerEm };
}
