/** Text as a person sees characters: emoji sequences, flags and accented letters stay whole. */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// Printable ASCII has one grapheme per character; the segmenter is only needed (and slow) beyond it.
export const graphemes = (text: string): string[] => (/^[\x20-\x7e]*$/.test(text) ? text.split('') : Array.from(segmenter.segment(text), (s) => s.segment));

/** `text` cut to at most `max` UTF-16 units (what Discord counts), between graphemes, ending in "…" when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  let kept = '';
  for (const grapheme of graphemes(text)) {
    if (kept.length + grapheme.length > max - 1) break;
    kept += grapheme;
  }
  return `${kept}…`;
}
