import { escapeText } from '../shared/svg/builder';

/**
 * The render baseline: the SVG an image handler produced, rebuilt by one function whose body is
 * one template literal with the document's static text inline and the request's dynamic values
 * interpolated. That is the least work any code producing this string can do (no tree, no layout,
 * no escaping, no hashing), so handler time / baseline time says what the drawing machinery costs.
 */
export interface TemplateBaseline {
  /** The values the function is called with (each one found in the document at least once). */
  values: string[];
  /** Interpolations in the literal (a value may fill several). */
  holes: number;
  /** The generated source of the function body: `return \`...${v[0]}...\``. */
  source: string;
  render(values: readonly string[]): string;
}

/** Characters that continue a token: a short value found next to one is part of something else. */
const TOKEN = /[\p{L}\p{N}_.#-]/u;
/** Values this long are found anywhere (a data URI is never part of a larger token by accident). */
const ALWAYS_MATCH_LENGTH = 32;

/**
 * The dynamic values of a request as they can appear in its SVG: every picture URL becomes the
 * data URI of the picture that stands in for it; every other value is XML-escaped and trimmed, and
 * its words are candidates too (text wrapped over several lines is found word by word).
 */
export function dynamicValues(query: Record<string, string>, pictureDataUri: string): string[] {
  const values = new Set<string>();
  for (const raw of Object.values(query)) {
    if (/^https?:\/\//i.test(raw)) {
      values.add(pictureDataUri);
      continue;
    }
    const text = escapeText(raw.trim());
    if (text) values.add(text);
    for (const word of text.split(/\s+/)) if (word) values.add(word);
  }
  return [...values];
}

interface Hole {
  start: number;
  end: number;
  value: number;
}

/** Where each candidate occurs in `svg` as a whole token, longest candidates first, never overlapping. */
function findHoles(svg: string, candidates: readonly string[]): Hole[] {
  const order = candidates.map((value, index) => ({ value, index })).sort((a, b) => b.value.length - a.value.length);
  const holes: Hole[] = [];
  const taken = (start: number, end: number) => holes.some((hole) => start < hole.end && hole.start < end);
  for (const { value, index } of order) {
    if (!value) continue;
    for (let at = svg.indexOf(value); at !== -1; at = svg.indexOf(value, at + 1)) {
      const end = at + value.length;
      const whole =
        value.length >= ALWAYS_MATCH_LENGTH || (!TOKEN.test(svg.charAt(at - 1)) && !TOKEN.test(svg.charAt(end)));
      if (whole && !taken(at, end)) holes.push({ start: at, end, value: index });
    }
  }
  return holes.sort((a, b) => a.start - b.start);
}

/** Text placed verbatim inside a template literal: backslash, backtick, `${` and CR escaped (CR would read as LF). */
export const templateText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\r/g, '\\r');

/** The baseline function for `svg`, interpolating those of `candidates` it contains. */
export function buildTemplateBaseline(svg: string, candidates: readonly string[]): TemplateBaseline {
  const holes = findHoles(svg, candidates);
  const used = [...new Set(holes.map((hole) => hole.value))];
  const slot = new Map(used.map((candidate, position) => [candidate, position]));
  let literal = '';
  let from = 0;
  for (const hole of holes) {
    literal += `${templateText(svg.slice(from, hole.start))}\${v[${slot.get(hole.value)}]}`;
    from = hole.end;
  }
  literal += templateText(svg.slice(from));
  const source = `return \`${literal}\`;`;
  // One literal, compiled once: the static text is part of the code, as in hand-written templates.
  const render = new Function('v', source) as (values: readonly string[]) => string;
  return { values: used.map((candidate) => candidates[candidate] as string), holes: holes.length, source, render };
}
