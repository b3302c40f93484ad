import { describe, expect, test } from '@jest/globals';
import {
  escapeAttribute,
  escapeText,
  fitScene,
  formatNumber,
  h,
  PlainValue,
  plainOnce,
  render,
  svgDocument,
} from '../../shared/svg/builder';
import { parseHexColor } from '../../shared/svg/colors';
import { compactNumber } from '../../shared/svg/format';
import { framedPicture } from '../../shared/svg/picture';
import { sky } from '../../shared/svg/sky';
import { pixel, rasterize } from '../support/raster';
import { HOSTILE_TEXT, HOSTILE_URLS } from '../support/hostileText';
import { parseXml } from '../support/svgXml';

describe('escaping', () => {
  test.each(HOSTILE_TEXT)('hostile text %j stays text', (hostile) => {
    const out = svgDocument({ width: 100, height: 20 }, h('text', { x: 1, y: 2 }, hostile));

    expect(out).not.toMatch(/<script/i);
    const elements = parseXml(out);
    expect(elements.map((e) => e.tag)).toEqual(['svg', 'text']);
    expect(elements[1]?.text).toBe(hostile);
  });

  // A javascript: URL is no attribute value at all: refused outright (tested below).
  test.each(HOSTILE_TEXT.filter((text) => !text.startsWith('javascript:')))(
    'hostile attribute value %j stays one attribute value',
    (hostile) => {
      const out = render(h('text', { 'data-name': hostile, fill: '#fff' }, 'x'));

      expect(out).not.toMatch(/<script/i);
      // Outside quoted values there is no event handler attribute.
      expect(out.replace(/="[^"]*"/g, '=""')).not.toMatch(/\son\w*=/i);
      const [element] = parseXml(out);
      expect(element?.attrs).toEqual({ 'data-name': hostile, fill: '#fff' });
    },
  );

  test('control characters and XML-illegal code points become U+FFFD; tab, newline and emoji survive', () => {
    const input = 'a\u0000b\u0007c\u001bd\u007f\uFFFE\t\n😀';
    const [element] = parseXml(render(h('text', {}, input)));
    expect(element?.text).toBe('a\uFFFDb\uFFFDc\uFFFDd\u007f\uFFFD\t\n😀');
  });

  test('lone surrogates are replaced, so the output is valid UTF-16 and survives UTF-8 encoding', () => {
    const input = 'x\uD800y\uDFFFz\uD83D';
    const text = render(h('text', {}, input));
    const attr = render(h('g', { 'data-v': input }));

    for (const out of [text, attr]) {
      expect(out.isWellFormed()).toBe(true);
      expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out);
    }
    expect(parseXml(text)[0]?.text).toBe('x\uFFFDy\uFFFDz\uFFFD');
  });

  test('whitespace in attribute values is written as character references, so it is not normalised away', () => {
    expect(escapeAttribute('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d');
    expect(parseXml(render(h('g', { 'data-v': 'a\tb\nc' })))[0]?.attrs['data-v']).toBe('a\tb\nc');
  });

  test('escapeText and escapeAttribute', () => {
    expect(escapeText('a<b>&c"\'')).toBe('a&lt;b&gt;&amp;c"\'');
    expect(escapeAttribute('a<b>&c"\'')).toBe('a&lt;b&gt;&amp;c&quot;&apos;');
  });
});

describe('plain values: checked once when made, written as is', () => {
  // A javascript: URL needs no escaping: it is refused as a URL wherever it is used (below).
  test.each(HOSTILE_TEXT.filter((text) => !text.startsWith('javascript:')))(
    'hostile text %j is no plain value, and stays one escaped value',
    (hostile) => {
      expect(PlainValue.checked(hostile)).toBeUndefined();
      const value = plainOnce({}, hostile);
      expect(value).toBe(hostile);
      expect(parseXml(render(h('g', { 'data-v': value })))[0]?.attrs['data-v']).toBe(hostile);
    },
  );

  test('a plain value is written as it is, and one made of plain values and numbers is plain without a scan', () => {
    const rest = PlainValue.checked('l10 0z') as PlainValue;
    const d = PlainValue.of`M${1.005} ${-2}${rest}`;
    expect(d.text).toBe('M1 -2l10 0z');
    expect(render(h('path', { d }))).toBe('<path d="M1 -2l10 0z"/>');
  });

  test('a template whose own text needs escaping, or that is given a string, is refused', () => {
    expect(() => PlainValue.of`"${1}`).toThrow(/refusing/);
    expect(() => PlainValue.of`M${'" onload="alert(1)' as unknown as number}`).toThrow(/refusing/);
  });

  test.each([...HOSTILE_URLS.filter((url) => PlainValue.checked(url)), 'https://example.com/a.png'])(
    'a plain value is still checked as a URL where it is used: %j',
    (url) => {
      const plain = PlainValue.checked(url) as PlainValue;
      expect(() => render(h('image', { href: plain }))).toThrow(/refusing href/);
      // In any attribute, a script URL or a web address.
      if (/script:|https?:/i.test(url)) expect(() => render(h('set', { to: plain }))).toThrow(/refusing/);
    },
  );

  test("plainOnce checks an owner's text once, and again when it is another text", () => {
    const image = { dataUri: 'data:image/png;base64,iVBORw0KGgo=' };
    const first = plainOnce(image, image.dataUri);
    expect(first).toBeInstanceOf(PlainValue);
    expect(plainOnce(image, image.dataUri)).toBe(first);
    expect(plainOnce(image, 'data:image/png;base64,"x')).toBe('data:image/png;base64,"x');
    expect(render(h('image', { href: first }))).toBe('<image href="data:image/png;base64,iVBORw0KGgo="/>');
  });
});

describe('what the builder refuses', () => {
  test.each(['onload', 'ONLOAD', 'onClick', 'onbegin', 'onfocusin', 'on'])('event handler attribute %s', (name) => {
    expect(() => render(h('rect', { [name]: 'alert(1)' }))).toThrow(/refusing attribute/);
  });

  test.each(['a b', 'x="1"', 'a>b', '1x', '', '"', 'x/'])('malformed attribute name %j', (name) => {
    expect(() => render(h('rect', { [name]: '1' }))).toThrow(/refusing attribute/);
  });

  test.each(['script', 'SCRIPT', 'Script', 'foreignObject', 'foreignobject', 'svg><script', 'a b', ''])(
    'element <%s>',
    (tag) => {
      expect(() => render(h(tag))).toThrow(/refusing element/);
    },
  );

  test.each([
    ['set', { attributeName: 'href', to: 'javascript:alert(1)' }],
    ['animate', { attributeName: 'href', values: ' javascript:alert(1)' }],
  ])('a script URL in any attribute (<%s>)', (tag, attrs) => {
    expect(() => render(h('a', {}, h(tag, attrs)))).toThrow(/refusing/);
  });

  test('a refused element deep inside a document fails the whole render', () => {
    expect(() => svgDocument({ width: 1, height: 1 }, h('g', {}, [h('g', {}, h('script', {}, 'alert(1)'))]))).toThrow(
      /refusing element/,
    );
  });

  test.each([...HOSTILE_URLS, 'data:image/svg', '/a b', '/\u0000'])('href %j', (url) => {
    expect(() => render(h('a', { href: url }))).toThrow(/refusing href/);
    expect(() => render(h('image', { 'xlink:href': url }))).toThrow(/refusing xlink:href/);
  });

  test('no absolute path either: a rasteriser would read it from its disk', () => {
    expect(() => render(h('image', { href: '/etc/passwd' }))).toThrow(/refusing href/);
  });

  test.each(['#clip', 'data:image/png;base64,iVBORw0KGgo=', 'data:image/webp;base64,UklGRg=='])(
    'href %j is allowed',
    (url) => {
      expect(parseXml(render(h('image', { href: url })))[0]?.attrs.href).toBe(url);
    },
  );

  test.each(['https://example.com/a.png?sig=secret', 'http://example.com/', ' HTTP://example.com/'])(
    'web address %j: never in an SVG attribute',
    (url) => {
      for (const name of ['href', 'xlink:href', 'image', 'data-source'])
        expect(() => render(h('image', { [name]: url }))).toThrow(/refusing/);
      expect(render(h('svg', { xmlns: 'http://www.w3.org/2000/svg' }))).toBe(
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
      );
    },
  );

  test('attributes with false, null or undefined are left out, as are such children', () => {
    expect(render(h('g', { a: undefined, b: null, c: false, d: 0 }, null, undefined, false, 'x'))).toBe(
      '<g d="0">x</g>',
    );
  });

  test('numbers have at most two decimals, and non-finite ones are refused', () => {
    expect(formatNumber(1 / 3)).toBe('0.33');
    expect(formatNumber(2)).toBe('2');
    expect(render(h('rect', { x: 0.125, y: -1.5 }))).toBe('<rect x="0.13" y="-1.5"/>');
    expect(() => render(h('rect', { width: Number.NaN }))).toThrow(/non-finite/);
    expect(() => render(h('rect', {}, Number.POSITIVE_INFINITY))).toThrow(/non-finite/);
  });
});

describe('svgDocument', () => {
  test('has the SVG namespace, width, height and a matching viewBox', () => {
    const [root, ...rest] = parseXml(svgDocument({ width: 934, height: 282.5 }, h('rect', { width: 1, height: 1 })));

    expect(root?.tag).toBe('svg');
    expect(root?.attrs).toEqual({
      xmlns: 'http://www.w3.org/2000/svg',
      width: '934',
      height: '282.5',
      viewBox: '0 0 934 282.5',
    });
    expect(rest.map((e) => e.tag)).toEqual(['rect']);
  });

  test('is deterministic', () => {
    const build = () => svgDocument({ width: 10, height: 10 }, h('text', {}, 'héllo 😀'));
    expect(build()).toBe(build());
  });
});

describe('fitScene', () => {
  test.each([
    [{ width: 200, height: 100 }, { width: 100, height: 100 }, 'translate(0 25) scale(0.5)'],
    [{ width: 200, height: 100 }, { width: 400, height: 100 }, 'translate(100 0) scale(1)'],
    [{ width: 600, height: 600 }, { width: 600, height: 600 }, 'translate(0 0) scale(1)'],
    [{ width: 680, height: 340 }, { width: 512, height: 512 }, 'translate(0 128) scale(0.7529411764705882)'],
  ])('scene %o into %o: %s', (scene, size, transform) => {
    expect(render(fitScene(scene, size, h('rect', { ...scene })))).toBe(
      `<g transform="${transform}"><rect width="${scene.width}" height="${scene.height}"/></g>`,
    );
  });
});

describe('scenery', () => {
  test('sky: the whole area, top colour at the top, bottom colour at the bottom', () => {
    const raster = rasterize(
      svgDocument({ width: 40, height: 200 }, sky({ width: 40, height: 200 }, { top: '#000000', bottom: '#ffffff' })),
    );
    expect(
      pixel(raster, 20, 0)
        .slice(0, 3)
        .every((c) => c < 4),
    ).toBe(true);
    expect(
      pixel(raster, 20, 199)
        .slice(0, 3)
        .every((c) => c > 251),
    ).toBe(true);
    expect(pixel(raster, 39, 100)).toEqual(pixel(raster, 0, 100));
  });

  test('framedPicture: a white card `margin` wider on every side, under the picture', () => {
    const [group, card, image] = parseXml(
      render(
        framedPicture(
          { dataUri: 'data:image/png;base64,AA==' },
          { x: 10, y: 20, width: 30, height: 40 },
          { margin: 4, stroke: '#d0d0d0' },
        ),
      ),
    );
    expect(group?.tag).toBe('g');
    expect(card?.attrs).toEqual({ x: '6', y: '16', width: '38', height: '48', fill: '#ffffff', stroke: '#d0d0d0' });
    expect(image?.attrs).toMatchObject({ x: '10', y: '20', width: '30', height: '40' });
  });
});

describe('compactNumber (cut to tenths, never rounded up)', () => {
  test.each([
    [0, '0'],
    [950, '950'],
    [999, '999'],
    [1000, '1K'],
    [1234, '1.2K'],
    [5000, '5K'],
    [15_500, '15.5K'],
    [1299, '1.2K'],
    [2300, '2.3K'],
    [999_949, '999.9K'],
    [999_950, '999.9K'],
    [999_999, '999.9K'],
    [2_500_000, '2.5M'],
    [99_999_999, '99.9M'],
    [100_000_000, '100M'],
    [999_950_000, '999.9M'],
    [3_000_000_000_000, '3T'],
    [9_007_199_254_740_991, '9007.1T'],
    [-1234, '-1.2K'],
    [-999_950, '-999.9K'],
  ])('%d -> %s', (value, expected) => {
    expect(compactNumber(value)).toBe(expected);
  });
});

describe('parseHexColor', () => {
  test.each([
    ['#FFF', '#ffffff'],
    ['abc', '#aabbcc'],
    ['#A1b2C3', '#a1b2c3'],
    ['  #123456 ', '#123456'],
    ['000', '#000000'],
  ])('%j -> %s', (input, expected) => {
    expect(parseHexColor(input)).toBe(expected);
  });

  test.each([
    '',
    '#',
    '#ab',
    '#abcd',
    '#12345',
    '#1234567',
    'red',
    '##fff',
    '#ggg',
    'javascript:alert(1)',
    '#fff;x',
    'rgb(0,0,0)',
  ])('%j is not a colour', (input) => {
    expect(parseHexColor(input)).toBeUndefined();
  });
});
