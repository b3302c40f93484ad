/**
 * A small HTML element builder for the service's pages, escaping by construction: tag and attribute
 * names are fixed by our code and checked, every text child and attribute value is escaped when
 * rendered, and nothing passed in is ever emitted as markup. A page's script and style are not
 * elements here: htmlPage adds its own, pinned by hash in the page's CSP.
 */
export type AttrValue = string | number | undefined | null | false;
export type Attrs = Record<string, AttrValue>;
export type Child = HtmlElement | string | number | null | undefined | false | readonly Child[];

export interface HtmlElement {
  readonly tag: string;
  readonly attrs: Attrs;
  readonly children: readonly Child[];
}

const TAG = /^[a-z][a-z0-9]*$/;
const ATTRIBUTE = /^[a-z][a-z0-9-]*$/;
// Elements that run or load code, change how the rest is parsed (raw text, foreign content) or
// change where links point: none belongs in a page built from data.
const REFUSED = new Set(
  (
    'script style iframe frame frameset object embed base template ' +
    'noscript noembed noframes xmp plaintext svg math'
  ).split(' '),
);
// HTML elements that have no end tag; every other element needs one (`<div/>` opens a div).
const VOID = new Set('area br col hr img input link meta source track wbr'.split(' '));
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite']);
// Links go to web pages, to this site's own paths (`/path` with no white space, control character or backslash
// anywhere: browsers drop tabs and newlines, so `/\t/host` would be `//host`), to fragments, or are inline pictures.
const SAFE_URL = /^(https?:\/\/|#|\/(?![/\\])[^\s\\\p{Cc}]*$|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/iu;
// Browsers skip leading white space and controls before a scheme, so they are skipped here too.
const SCRIPT_URL = /^[\s\p{Cc}]*(javascript|vbscript):/iu;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HtmlElement {
  return { tag, attrs, children };
}

/** Lone surrogates would not survive UTF-8, and the parser turns NUL into U+FFFD anyway: done here. */
const wellFormed = (value: string) => value.toWellFormed().replaceAll('\u0000', '\uFFFD');

export const escapeText = (value: string) =>
  wellFormed(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`non-finite number ${value} in HTML`);
  return String(value);
}

function renderAttributes(tag: string, attrs: Attrs): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (!ATTRIBUTE.test(name) || name.startsWith('on')) {
      throw new Error(`refusing attribute ${JSON.stringify(name)} on <${tag}>`);
    }
    const text = typeof value === 'number' ? formatNumber(value) : value;
    if (SCRIPT_URL.test(text) || (URL_ATTRIBUTES.has(name) && !SAFE_URL.test(text.trim()))) {
      throw new Error(`refusing ${name} URL on <${tag}>`);
    }
    out += ` ${name}="${escapeAttribute(text)}"`;
  }
  return out;
}

/** The markup of a tree of elements, text and numbers. */
export function render(node: Child): string {
  if (node === null || node === undefined || node === false) return '';
  if (typeof node === 'string') return escapeText(node);
  if (typeof node === 'number') return formatNumber(node);
  if (Array.isArray(node)) return node.map(render).join('');
  const { tag, attrs, children } = node as HtmlElement;
  if (!TAG.test(tag) || REFUSED.has(tag)) throw new Error(`refusing element <${tag}>`);
  const open = `<${tag}${renderAttributes(tag, attrs)}>`;
  if (VOID.has(tag)) {
    if (children.some((child) => render(child) !== '')) throw new Error(`<${tag}> has no content`);
    return open;
  }
  return `${open}${children.map(render).join('')}</${tag}>`;
}
