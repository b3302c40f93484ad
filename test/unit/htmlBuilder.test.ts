import { describe, expect, test } from '@jest/globals';
import { escapeAttribute, escapeText, h, render } from '../../shared/html/builder';
import { HOSTILE_TEXT, HOSTILE_URLS } from '../support/hostileText';

/** What an HTML parser reads back from our escaping (the five references it writes). */
const decoded = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('escaping', () => {
  test.each(HOSTILE_TEXT)('hostile text %j stays text', (hostile) => {
    const out = render(h('p', {}, hostile));
    const inner = out.slice('<p>'.length, -'</p>'.length);

    expect(out.startsWith('<p>') && out.endsWith('</p>')).toBe(true);
    expect(inner).not.toMatch(/[<>]/);
    expect(decoded(inner)).toBe(hostile);
  });

  test.each(HOSTILE_TEXT.filter((text) => !text.startsWith('javascript:')))(
    'hostile attribute value %j stays one attribute value',
    (hostile) => {
      const out = render(h('input', { 'data-name': hostile, value: 'x' }));
      const match = /^<input data-name="([^"<>']*)" value="x">$/.exec(out);

      expect(match).not.toBeNull();
      expect(decoded(match?.[1] ?? '')).toBe(hostile);
    },
  );

  test('escapeText and escapeAttribute', () => {
    expect(escapeText('a<b>&c"\'')).toBe('a&lt;b&gt;&amp;c"\'');
    expect(escapeAttribute('a<b>&c"\'')).toBe('a&lt;b&gt;&amp;c&quot;&#39;');
  });

  test('lone surrogates and NUL become U+FFFD, so the page survives UTF-8; emoji and other text stay', () => {
    const out = render(h('p', { title: 'x\uD800' }, 'a\u0000b\uDFFF😀é'));
    expect(out).toBe('<p title="x\uFFFD">a\uFFFDb\uFFFD😀é</p>');
    expect(out.isWellFormed()).toBe(true);
  });
});

describe('markup', () => {
  test('void elements have no end tag, every other element has one even when empty', () => {
    expect(render([h('input', { id: 'a', maxlength: 32 }), h('div', { id: 'b' }), h('br')])).toBe(
      '<input id="a" maxlength="32"><div id="b"></div><br>',
    );
    expect(() => render(h('img', {}, 'text'))).toThrow(/<img> has no content/);
  });

  test('attributes with false, null or undefined are left out, as are such children; numbers as written', () => {
    expect(render(h('p', { a: undefined, b: null, c: false, tabindex: -1 }, null, undefined, false, 1.5, 'x'))).toBe(
      '<p tabindex="-1">1.5x</p>',
    );
    expect(() => render(h('p', {}, Number.NaN))).toThrow(/non-finite/);
  });

  test.each([
    'https://example.com/a?b=c',
    'http://example.com/',
    '/openapi.json',
    '/v1/bots?tag=x',
    '#reference',
    'data:image/svg+xml;base64,PHN2Zy8+',
  ])('link %j is allowed', (url) => {
    expect(render(h('a', { href: url }))).toBe(`<a href="${escapeAttribute(url)}"></a>`);
  });
});

describe('what the builder refuses', () => {
  test.each(['onload', 'ONLOAD', 'onClick', 'onerror', 'on'])('event handler attribute %s', (name) => {
    expect(() => render(h('img', { [name]: 'alert(1)' }))).toThrow(/refusing attribute/);
  });

  test.each(['a b', 'x="1"', 'a>b', '1x', '', '"', 'x/'])('malformed attribute name %j', (name) => {
    expect(() => render(h('p', { [name]: '1' }))).toThrow(/refusing attribute/);
  });

  test.each([
    'script',
    'SCRIPT',
    'style',
    'iframe',
    'object',
    'base',
    'template',
    'xmp',
    'svg',
    'p><script',
    'a b',
    '',
  ])('element <%s>', (tag) => {
    expect(() => render(h('div', {}, h(tag)))).toThrow(/refusing element/);
  });

  test.each([...HOSTILE_URLS, 'relative/path', 'mailto:someone@example.com'])('link %j', (url) => {
    for (const name of ['href', 'src', 'action', 'formaction']) {
      expect(() => render(h('a', { [name]: url }))).toThrow(/refusing/);
    }
  });

  test('a script URL in any attribute', () => {
    expect(() => render(h('a', { 'data-x': 'javascript:alert(1)' }))).toThrow(/refusing/);
  });
});
