/**
 * Text fitting. Widths are estimated per character class (narrow, wide, emoji/CJK) relative to the
 * font size; real font metrics replace this estimate with the image toolkit. Cutting works on
 * grapheme clusters, so an emoji sequence or a combined character is never split.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);

function graphemeWidth(g: string): number {
  if (/\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFF00-\uFF60\u{20000}-\u{3FFFD}]/u.test(g)) return 1.0;
  if (/^[iljtf.,:;'|!I ]$/.test(g)) return 0.32;
  if (/^[mwMW@]$/.test(g)) return 0.85;
  if (/^[A-Z0-9#%&]$/.test(g)) return 0.66;
  return 0.56;
}

export function estimateWidth(text: string, fontSize: number): number {
  return graphemes(text).reduce((sum, g) => sum + graphemeWidth(g), 0) * fontSize;
}

export interface FittedLine {
  text: string;
  fontSize: number;
  width: number;
}

/** Shrinks from `maxSize` down to `minSize` until the text fits, then cuts it with an ellipsis. */
export function fitLine(text: string, maxWidth: number, maxSize: number, minSize: number): FittedLine {
  for (let size = maxSize; size >= minSize; size -= 1) {
    const width = estimateWidth(text, size);
    if (width <= maxWidth) return { text, fontSize: size, width };
  }
  const parts = graphemes(text);
  while (parts.length > 0 && estimateWidth(`${parts.join('')}…`, minSize) > maxWidth) parts.pop();
  // Not even one character and the ellipsis fit: draw nothing rather than overflow.
  const cut = parts.length > 0 || estimateWidth('…', minSize) <= maxWidth ? `${parts.join('').trimEnd()}…` : '';
  return { text: cut, fontSize: minSize, width: estimateWidth(cut, minSize) };
}
