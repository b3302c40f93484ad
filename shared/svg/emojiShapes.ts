import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twemojiDir } from '../fonts/fontFiles';
import { h, PlainValue, type Attrs, type SvgElement } from './builder';

/** Twemoji draws every emoji on a 36-unit square. */
export const TWEMOJI_UNITS = 36;

// What Twemoji's files are made of: plain filled shapes. A file with anything else (three use a
// clipPath, whose ids could clash inside our documents) stays a picture.
const SHAPES: Record<string, readonly string[]> = {
  path: ['d'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  g: [],
};
const PAINT = [
  'fill',
  'fill-rule',
  'fill-opacity',
  'opacity',
  'transform',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
];
const TAG = /<(\/?)([A-Za-z]+)((?:\s+[\w:-]+="[^"&<]*")*)\s*(\/?)>/g;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;

const parsed = new Map<string, readonly SvgElement[] | null>();

/**
 * A Twemoji file's shapes, read and parsed once per process, to draw inline (in its 36-unit square)
 * rather than as a nested SVG picture that every render would parse again. Undefined for the
 * few files that are more than plain shapes, and for anything the strict reader does not follow.
 */
export function emojiShapes(file: string): readonly SvgElement[] | undefined {
  if (!parsed.has(file)) parsed.set(file, readShapes(readFileSync(join(twemojiDir(), file), 'utf8')));
  return parsed.get(file) ?? undefined;
}

function readShapes(source: string): readonly SvgElement[] | null {
  const root = { children: [] as SvgElement[] };
  const open: { tag: string; children: SvgElement[] }[] = [];
  let end = 0;
  for (const [tag, closing, name, attributes, selfClosing] of source.matchAll(TAG) as IterableIterator<
    [string, string, string, string, string]
  >) {
    const at = source.indexOf(tag, end);
    // Only white space may lie between tags: text or markup the pattern skipped means a file we do not read.
    if (source.slice(end, at).trim()) return null;
    end = at + tag.length;
    if (name === 'svg') continue;
    const allowed = SHAPES[name];
    if (!allowed) return null;
    const parent = open.at(-1) ?? root;
    if (closing) {
      if (open.pop()?.tag !== name) return null;
      continue;
    }
    const element = h(name, vetted(attributes, allowed));
    parent.children.push(element);
    if (!selfClosing) open.push({ tag: name, children: element.children as SvgElement[] });
  }
  return open.length === 0 && !source.slice(end).trim() ? root.children : null;
}

function vetted(attributes: string, allowed: readonly string[]): Attrs {
  const attrs: Attrs = {};
  for (const [, name, value] of attributes.matchAll(ATTRIBUTE) as IterableIterator<[string, string, string]>) {
    // Checked here once: the shapes are kept and drawn again and again.
    if (allowed.includes(name) || PAINT.includes(name)) attrs[name] = PlainValue.checked(value) ?? value;
  }
  return attrs;
}
