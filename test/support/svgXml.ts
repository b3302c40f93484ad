import { expect } from '@jest/globals';
import { XMLValidator } from 'fast-xml-parser';

export interface ParsedElement {
  tag: string;
  attrs: Record<string, string>;
  text: string;
  parent?: ParsedElement;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  const unknown = /&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.exec(value);
  if (unknown) throw new Error(`bare & in ${JSON.stringify(value)}`);
  return value.replace(/&(#\d+|\w+);/g, (_m, ref: string) =>
    ref.startsWith('#') ? String.fromCodePoint(Number(ref.slice(1))) : (ENTITIES[ref] as string),
  );
}

/**
 * A strict reader for the XML the builder emits (elements, double-quoted attributes, text, the five
 * entities and decimal references). It throws on anything else, so "it parsed" means no markup was
 * smuggled in, and it returns every element with its decoded attributes and text.
 */
export function parseXml(xml: string): ParsedElement[] {
  const token = /<\/([A-Za-z][\w:.-]*)>|<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const open: ParsedElement[] = [];
  const all: ParsedElement[] = [];
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const match = token.exec(xml);
    if (!match) throw new Error(`not well-formed at ${at}: ${JSON.stringify(xml.slice(at, at + 30))}`);
    const [, close, tag, rawAttrs = '', selfClosing, text] = match;
    if (close) {
      if (open.pop()?.tag !== close) throw new Error(`unbalanced </${close}>`);
    } else if (tag) {
      const attrs: Record<string, string> = {};
      for (const [, name, value] of rawAttrs.matchAll(/([A-Za-z][\w:.-]*)="([^"]*)"/g)) {
        if ((name as string) in attrs) throw new Error(`duplicate attribute ${name}`);
        attrs[name as string] = decode(value as string);
      }
      const element: ParsedElement = { tag, attrs, text: '', parent: open.at(-1) };
      if (open.length === 0 && all.length > 0) throw new Error('more than one root element');
      all.push(element);
      if (!selfClosing) open.push(element);
    } else if (text !== undefined) {
      const parent = open.at(-1);
      if (!parent) throw new Error('text outside the root element');
      parent.text += decode(text);
    }
  }
  if (open.length > 0) throw new Error(`unclosed <${open.at(-1)?.tag}>`);
  return all;
}

const PAINT = [
  'fill',
  'fill-rule',
  'fill-opacity',
  'opacity',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'transform',
  'clip-path',
  'filter',
];
const BOX = ['x', 'y', 'width', 'height'];
const PRIMITIVE = [...BOX, 'in', 'in2', 'result'];
/**
 * Every element an image may hold and the attributes each may carry: what our scenes draw, and
 * nothing else. A parameter that leaks into the document (a spread query) shows up as an unknown
 * attribute; markup that could run or fetch anything is not on the list at all.
 */
const ALLOWED: Record<string, readonly string[]> = {
  svg: ['xmlns', 'width', 'height', 'viewBox'],
  title: [],
  defs: [],
  g: [...PAINT, 'role'],
  rect: [...BOX, 'rx', ...PAINT],
  circle: ['cx', 'cy', 'r', ...PAINT],
  ellipse: ['cx', 'cy', 'rx', 'ry', ...PAINT],
  path: ['d', ...PAINT],
  text: ['x', 'y', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'textLength', 'lengthAdjust', ...PAINT],
  image: [...BOX, 'href', 'preserveAspectRatio', ...PAINT],
  clipPath: ['id'],
  pattern: ['id', ...BOX, 'patternUnits', 'viewBox'],
  linearGradient: ['id', 'x1', 'y1', 'x2', 'y2', 'gradientUnits'],
  stop: ['offset', 'stop-color'],
  filter: ['id', ...BOX, 'filterUnits', 'primitiveUnits', 'color-interpolation-filters'],
  feColorMatrix: ['type', 'values', 'in', 'result'],
  feComponentTransfer: ['in', 'result'],
  feFuncR: ['type', 'slope', 'intercept'],
  feFuncG: ['type', 'slope', 'intercept'],
  feFuncB: ['type', 'slope', 'intercept'],
  feComposite: [...PRIMITIVE, 'operator'],
  feFlood: [...PRIMITIVE, 'flood-color'],
  feOffset: ['in', 'result', 'dx', 'dy'],
  feTile: PRIMITIVE,
};
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const PICTURE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;

/**
 * The safety contract of every image the API returns (../shared/API.md, Images), checked against an
 * allowlist: known elements and attributes, references only to the document's own fragments and
 * inlined pictures, no web address in any attribute. `absent` must appear nowhere (the URLs and hosts a
 * request named).
 */
export function expectSafeSvg(
  svg: string,
  size?: { width: number; height: number },
  absent: string[] = [],
): ParsedElement[] {
  expect(XMLValidator.validate(svg)).toBe(true);
  const elements = parseXml(svg);
  const root = elements[0] as ParsedElement;
  expect(root.tag).toBe('svg');
  expect(root.attrs).toMatchObject({
    xmlns: SVG_NAMESPACE,
    width: expect.any(String),
    height: expect.any(String),
    viewBox: `0 0 ${root.attrs.width} ${root.attrs.height}`,
  });
  if (size) expect(root.attrs).toMatchObject({ width: String(size.width), height: String(size.height) });
  for (const element of elements) {
    const allowed = ALLOWED[element.tag];
    if (!allowed) throw new Error(`<${element.tag}> is not an element our images draw`);
    if (element !== root) expect(element.parent).toBeDefined();
    for (const [name, value] of Object.entries(element.attrs)) {
      if (!allowed.includes(name))
        throw new Error(
          `<${element.tag} ${name}=${JSON.stringify(value.slice(0, 80))}> is not an attribute our images draw`,
        );
      if (name === 'href') expect(value).toMatch(/^#[\w-]+$|^data:/);
      if (name === 'href' && value.startsWith('data:')) expect(PICTURE.test(value)).toBe(true);
      if (value.includes('url(')) expect(value).toMatch(/^url\(#[\w-]+\)$/);
      if (name !== 'href' && !(element === root && name === 'xmlns'))
        expect(value).not.toMatch(/https?:|\/\/|javascript:|vbscript:/i);
    }
  }
  for (const text of absent) expect(svg).not.toContain(text);
  return elements;
}

/** A drawn line of text: a group of glyph outlines and emoji pictures whose <title> is its text. */
export const isTextLine = (e: ParsedElement) => e.tag === 'g' && e.attrs.role === 'img';
const inTextLine = (e: ParsedElement): boolean =>
  e.parent !== undefined && (isTextLine(e.parent) || inTextLine(e.parent));

/**
 * The document without its drawn lines of text: each text-line
 * group removed whole, the groups inside it (emoji) included.
 */
export function withoutTextLines(svg: string): string {
  let out = '';
  let at = 0;
  for (let start = svg.indexOf('<g role="img"', at); start !== -1; start = svg.indexOf('<g role="img"', at)) {
    out += svg.slice(at, start);
    const tags = /<g(?:\s[^>]*)?>|<\/g>/g;
    tags.lastIndex = start;
    let depth = 0;
    for (let tag = tags.exec(svg); tag; tag = tags.exec(svg)) {
      if (tag[0].endsWith('/>')) continue;
      depth += tag[0] === '</g>' ? -1 : 1;
      if (depth === 0) {
        at = tags.lastIndex;
        break;
      }
    }
    if (depth !== 0) throw new Error('unclosed text-line group');
  }
  return out + svg.slice(at);
}

/** The text of each drawn line, in document order. */
export const textsOf = (elements: ParsedElement[]): string[] =>
  elements.filter((e) => e.tag === 'title' && e.parent !== undefined && isTextLine(e.parent)).map((e) => e.text);

/** The href of each <image> element that is a picture (not an emoji of a line of text), in document order. */
export const picturesOf = (elements: ParsedElement[]) =>
  elements.filter((e) => e.tag === 'image' && !inTextLine(e)).map((e) => e.attrs.href);

/** The drawn lines of text, in document order (each line is one group, whatever fonts and emoji it holds). */
export const drawnLines = textsOf;
