import type { FontWeight } from '../fonts/fontFiles';
import { measureClusters, textEm, verticalMetrics, type MeasuredCluster } from './measure';

/**
 * Fitting text into boxes with measured widths: one line that shrinks then is cut with an
 * ellipsis, or a block that wraps, shrinks, and at its smallest size is cut after its last line.
 * Cuts fall between grapheme clusters, so emoji sequences, flags and accented letters stay whole.
 */
export interface FittedLine {
  text: string;
  fontSize: number;
  /** Measured width in px: what `textLength` pins the drawn text to. */
  width: number;
  weight: FontWeight;
}

export interface LineBox {
  maxWidth: number;
  maxSize: number;
  minSize: number;
  weight?: FontWeight;
}

export interface BlockBox {
  width: number;
  height: number;
  maxSize: number;
  minSize: number;
  /** Line advance as a multiple of the font size. */
  lineHeight?: number;
  weight?: FontWeight;
}

export interface FittedBlock {
  lines: FittedLine[];
  fontSize: number;
  /** Distance between baselines, px. */
  leading: number;
  /** Offset of the first baseline below the block's top, px, with the block centred in its box. */
  firstBaseline: number;
}

const ELLIPSIS = '…';

/** SVG collapses runs of white space when drawing, so layout measures the collapsed text. */
export const collapseSpace = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/**
 * Accents stack upwards, not sideways, so a flood of them ("Zalgo" text) would climb out of any
 * box whatever its measured width: runs of combining marks are capped at three (enough for
 * Vietnamese or Indic clusters), after composing what Unicode can compose.
 */
export const tameMarks = (text: string): string => text.normalize('NFC').replace(/(\p{M}{3})\p{M}+/gu, '$1');

function assertSizes(box: { maxSize: number; minSize: number }): void {
  if (!(box.minSize > 0 && box.minSize <= box.maxSize))
    throw new Error(`font sizes ${box.minSize}..${box.maxSize} are not a range`);
}

const line = (text: string, fontSize: number, weight: FontWeight): FittedLine => ({
  text,
  fontSize,
  width: textEm(text, weight) * fontSize,
  weight,
});

/** The longest prefix of `text` that, followed by an ellipsis, fits `maxEm`; '' when none does. */
function ellipsize(text: string, maxEm: number, weight: FontWeight): string {
  const clusters = measureClusters(text, weight);
  let count = 0;
  let em = textEm(ELLIPSIS, weight);
  while (count < clusters.length) {
    const next = clusters[count] as MeasuredCluster;
    if (em + next.em + (count > 0 ? next.kern : 0) > maxEm) break;
    em += next.em + (count > 0 ? next.kern : 0);
    count += 1;
  }
  // Kerning against the ellipsis itself is only known once joined: give up clusters until it fits.
  for (; count >= 0; count -= 1) {
    const cut = `${clusters
      .slice(0, count)
      .map((c) => c.cluster)
      .join('')
      .trimEnd()}${ELLIPSIS}`;
    if (textEm(cut, weight) <= maxEm) return cut;
  }
  return '';
}

/** One line: the largest whole size in [minSize, maxSize] that fits, else cut at minSize. */
export function fitLine(text: string, box: LineBox): FittedLine {
  assertSizes(box);
  const weight = box.weight ?? 'regular';
  const collapsed = collapseSpace(tameMarks(text));
  const em = textEm(collapsed, weight);
  const size = em === 0 ? box.maxSize : Math.min(box.maxSize, Math.floor(box.maxWidth / em));
  if (size >= box.minSize) return line(collapsed, size, weight);
  return line(ellipsize(collapsed, box.maxWidth / box.minSize, weight), box.minSize, weight);
}

interface Word {
  text: string;
  em: number;
}

/** Splits a word wider than a line into pieces that each fit (the last may share a line). */
function breakWord(word: string, maxEm: number, weight: FontWeight): Word[] {
  const pieces: Word[] = [];
  let current: Word = { text: '', em: 0 };
  for (const { cluster, em, kern } of measureClusters(word, weight)) {
    if (current.text && current.em + kern + em > maxEm) {
      pieces.push(current);
      current = { text: '', em: 0 };
    }
    current = { text: current.text + cluster, em: current.em + em + (current.text ? kern : 0) };
  }
  if (current.text) pieces.push(current);
  return pieces;
}

/** Greedy word wrap of pre-measured paragraphs at a width given in em. Newlines force breaks. */
function wrap(paragraphs: Word[][], maxEm: number, spaceEm: number, weight: FontWeight): string[] {
  const lines: string[] = [];
  for (const words of paragraphs) {
    let current: Word | undefined;
    for (const word of words) {
      if (current && current.em + spaceEm + word.em <= maxEm) {
        current = { text: `${current.text} ${word.text}`, em: current.em + spaceEm + word.em };
        continue;
      }
      if (current) lines.push(current.text);
      const pieces = word.em <= maxEm ? [word] : breakWord(word.text, maxEm, weight);
      current = pieces.pop();
      lines.push(...pieces.map((piece) => piece.text));
    }
    lines.push(current?.text ?? '');
  }
  return lines;
}

/**
 * A wrapped block: the largest size in [minSize, maxSize] whose lines fit the box's height; at
 * minSize, the lines that fit are kept and the last one ends with an ellipsis.
 */
export function fitBlock(text: string, box: BlockBox): FittedBlock {
  assertSizes(box);
  const weight = box.weight ?? 'regular';
  const lineHeight = box.lineHeight ?? 1.2;
  const paragraphs = tameMarks(text)
    .trim()
    .split(/\r\n|\r|\n/)
    .map((paragraph) =>
      collapseSpace(paragraph)
        .split(' ')
        .filter(Boolean)
        .map((word) => ({ text: word, em: textEm(word, weight) })),
    );
  const spaceEm = textEm(' ', weight);

  // Words are measured alone; the joined line (kerning around spaces) is checked as a whole.
  const fits = (candidate: string[], size: number) =>
    candidate.length * size * lineHeight <= box.height &&
    candidate.every((text) => textEm(text, weight) * size <= box.width);
  let size = box.maxSize;
  let lines = wrap(paragraphs, box.width / size, spaceEm, weight);
  while (!fits(lines, size) && size > box.minSize) {
    size = Math.max(box.minSize, size - 1);
    lines = wrap(paragraphs, box.width / size, spaceEm, weight);
  }
  if (!fits(lines, size)) {
    const room = Math.floor(box.height / (size * lineHeight));
    const kept = lines
      .slice(0, Math.max(0, room - 1))
      .map((text) => (textEm(text, weight) * size <= box.width ? text : ellipsize(text, box.width / size, weight)));
    lines = room > 0 ? [...kept, ellipsize(lines.slice(room - 1).join(' '), box.width / size, weight)] : [];
  }

  const { ascent, descent } = verticalMetrics(weight);
  const leading = size * lineHeight;
  const firstBaseline =
    (box.height - lines.length * leading) / 2 + (leading - (ascent + descent) * size) / 2 + ascent * size;
  return { lines: lines.map((text) => line(text, size, weight)), fontSize: size, leading, firstBaseline };
}
