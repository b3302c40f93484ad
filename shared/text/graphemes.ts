// Made for the first text beyond printable ASCII, not on import: making one loads ICU's break
// rules, a cold-start cost that requests with ASCII text (or none) never need.
let segmenter: Intl.Segmenter | undefined;

/** Text as a person sees characters: emoji sequences, flags and accented letters stay whole. */
// Printable ASCII has one grapheme per character; the segmenter is only needed (and slow) beyond it.
export const graphemes = (text: string): string[] => {
  if (/^[\x20-\x7e]*$/.test(text)) return text.split('');
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
};

/** `text` cut to at most `max` UTF-16 units (what Discord counts), between graphemes, ending in "…" when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  let kept = '';
  // Only the start is segmented: segmenting a long non-ASCII string costs time that grows with the
  // square of its length, and a hostile payload can be a megabyte. A cluster cut by the slice ends
  // past `max`, so it is never kept whole by mistake.
  for (const grapheme of graphemes(text.slice(0, max + 64))) {
    if (kept.length + grapheme.length > max - 1) break;
    kept += grapheme;
  }
  return `${kept}…`;
}
