/**
 * A tiny SVG element builder with escaping by construction: tag and attribute names are fixed
 * by our code and checked; every text child and attribute value is escaped when rendered, but for
 * plain values, checked when made to need no escaping. There is no way to pass a string that is
 * emitted as markup.
 */
import type { Box, Size } from './geometry';

export type AttrValue = string | number | PlainValue | undefined | null | false;
export type Attrs = Record<string, AttrValue>;
export type Child = SvgElement | string | number | null | undefined | false | readonly Child[];

export interface SvgElement {
  readonly tag: string;
  readonly attrs: Attrs;
  readonly children: readonly Child[];
}

const NAME = /^[A-Za-z][A-Za-z0-9:_.-]*$/;
const URL_ATTRIBUTES = new Set(['href', 'xlink:href']);
// An SVG refers only to its own fragments and inlined pictures: it is posted where anyone sees it,
// so no address (a picture's signed URL, a host) may travel inside it.
const SVG_URL = /^(#|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/i;
// No SVG attribute carries a web address, whatever its name (the namespace aside).
const WEB_ADDRESS = /^[\s\u0000-\u001f]*https?:/i;
// Any attribute can become a link (<set to=...>, <animate values=...>), so no value may be a script URL.
const SCRIPT_URL = /^[\s\u0000-\u001f]*(javascript|vbscript):/i;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): SvgElement {
  return { tag, attrs, children };
}

/** Removes characters XML 1.0 cannot carry (controls, lone surrogates), which escaping cannot fix. */
function xmlSafe(value: string): string {
  return value.toWellFormed().replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
}

// Most values (numbers, colours, our own words) need no change: one test skips the rewriting.
const TEXT_NEEDS_WORK = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ATTRIBUTE_NEEDS_WORK = /[&<>"'\t\n\r\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeText(value: string): string {
  if (!TEXT_NEEDS_WORK.test(value)) return value;
  return xmlSafe(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(value: string): string {
  if (!ATTRIBUTE_NEEDS_WORK.test(value)) return value;
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An attribute value known to hold no character that needs escaping, checked when it is made: it is
 * written as is, so a long value drawn again and again (a glyph's outline, an inlined picture) is
 * not scanned on every render. Its URL checks still run where it is used, as they depend on the
 * attribute and on what the value starts with.
 */
export class PlainValue {
  private constructor(readonly text: string) {}

  /** `text` as a plain value, or undefined if it holds a character that needs escaping. */
  static checked(text: string): PlainValue | undefined {
    return ATTRIBUTE_NEEDS_WORK.test(text) ? undefined : new PlainValue(text);
  }

  /**
   * A template tag: literals checked (once per call site) and plain values and numbers put in,
   * which need no scan, e.g. PlainValue.of`M${x} ${y}${outline}`.
   */
  static of(literals: TemplateStringsArray, ...values: readonly (PlainValue | number)[]): PlainValue {
    if (!checkedLiterals.has(literals)) {
      if (literals.some((literal) => ATTRIBUTE_NEEDS_WORK.test(literal)))
        throw new Error(`refusing ${JSON.stringify(literals.join('…'))} as a plain value`);
      checkedLiterals.add(literals);
    }
    let text = literals[0] as string;
    for (let i = 0; i < values.length; i += 1) text += plainText(values[i]) + literals[i + 1];
    return new PlainValue(text);
  }
}

const checkedLiterals = new WeakSet<TemplateStringsArray>();

function plainText(value: PlainValue | number | undefined): string {
  if (typeof value === 'number') return formatNumber(value);
  // Types keep strings out; this keeps them out of callers that bypass the types.
  if (!(value instanceof PlainValue)) throw new Error(`refusing ${JSON.stringify(value)} in a plain value`);
  return value.text;
}

const plainValues = new WeakMap<object, PlainValue>();

/**
 * `text` belonging to `owner`, e.g. a cached picture's data URI, checked once per owner: plain if it
 * needs no escaping, else the string itself, escaped when written as every string is.
 */
export function plainOnce(owner: object, text: string): PlainValue | string {
  const known = plainValues.get(owner);
  if (known?.text === text) return known;
  const value = PlainValue.checked(text);
  if (value) plainValues.set(owner, value);
  return value ?? text;
}

// Attribute names come from our code, a few dozen in all: each is vetted once.
const vettedNames = new Set<string>();

function vetName(tag: string, name: string): void {
  if (vettedNames.has(name)) return;
  if (!NAME.test(name) || /^on/i.test(name)) throw new Error(`refusing attribute ${JSON.stringify(name)} on <${tag}>`);
  vettedNames.add(name);
}

function renderAttributes(tag: string, attrs: Attrs): string {
  let out = '';
  for (const name of Object.keys(attrs)) {
    const value = attrs[name];
    if (value === undefined || value === null || value === false) continue;
    vetName(tag, name);
    if (typeof value === 'number') {
      out += ` ${name}="${formatNumber(value)}"`;
      continue;
    }
    const text = value instanceof PlainValue ? value.text : value;
    if (
      (URL_ATTRIBUTES.has(name) && !SVG_URL.test(text.trim())) ||
      SCRIPT_URL.test(text) ||
      (name !== 'xmlns' && WEB_ADDRESS.test(text))
    ) {
      throw new Error(`refusing ${name} URL scheme on <${tag}>`);
    }
    out += ` ${name}="${value instanceof PlainValue ? text : escapeAttribute(text)}"`;
  }
  return out;
}

/** Numbers are written with at most two decimals, so output is short and deterministic. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  if (!Number.isFinite(value)) throw new Error(`non-finite number ${value} in SVG`);
  return String(Math.round(value * 100) / 100);
}

/** The SVG (XML) markup of a tree; HTML pages have their own builder (shared/html/builder.ts). */
export function render(node: Child): string {
  const out: string[] = [];
  write(node, out);
  return out.join('');
}

// Every piece is pushed to one list and joined once: joining at each level would copy a deep
// element's markup (long glyph outlines) once per enclosing element.
function write(node: Child, out: string[]): void {
  if (node === null || node === undefined || node === false) return;
  if (typeof node === 'string') {
    if (node) out.push(escapeText(node));
    return;
  }
  if (typeof node === 'number') {
    out.push(formatNumber(node));
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node) write(child, out);
    return;
  }
  const element = node as SvgElement;
  const tag = element.tag;
  if (!NAME.test(tag) || tag.toLowerCase() === 'script' || tag.toLowerCase() === 'foreignobject') {
    throw new Error(`refusing element <${tag}>`);
  }
  const open = out.push(`<${tag}${renderAttributes(tag, element.attrs)}`) - 1;
  for (const child of element.children) write(child, out);
  if (out.length === open + 1) out[open] += '/>';
  else {
    out[open] += '>';
    out.push(`</${tag}>`);
  }
}

/** A complete SVG document: always with width, height and a matching viewBox. */
export function svgDocument(size: Size, ...children: Child[]): string {
  const { width, height } = size;
  return render(
    h(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width,
        height,
        viewBox: `0 0 ${formatNumber(width)} ${formatNumber(height)}`,
      },
      ...children,
    ),
  );
}

/** How much a scene is scaled to fit whole into a document of `size`. */
export const fitScale = (scene: Size, size: Size) => Math.min(size.width / scene.width, size.height / scene.height);

/**
 * The part of a scene's coordinates that a document of `size` shows when the scene is fitted into
 * it: the scene itself plus the bands fitting leaves beside it. A scene fills this with its
 * backdrop (wall, sky, desktop), so no output size leaves transparent margins.
 */
export function fittedView(scene: Size, size: Size): Box {
  const scale = fitScale(scene, size);
  const [width, height] = [size.width / scale, size.height / scale];
  return { x: (scene.width - width) / 2, y: (scene.height - height) / 2, width, height };
}

/**
 * A scene drawn in its own fixed coordinates, scaled whole into a document of `size` (aspect kept,
 * centred), so the document's width, height and viewBox are the requested ones. The scale is not
 * rounded: two decimals would leave a visible gap at the edges of a large output.
 */
export function fitScene(scene: Size, size: Size, ...children: Child[]): SvgElement {
  const view = fittedView(scene, size);
  const scale = fitScale(scene, size);
  return h(
    'g',
    { transform: `translate(${formatNumber(-view.x * scale)} ${formatNumber(-view.y * scale)}) scale(${scale})` },
    ...children,
  );
}
