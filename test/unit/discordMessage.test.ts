import { describe, expect, test } from '@jest/globals';
import { HOSTILE_TITLE } from '../support/hostileText';
import {
  embedLine,
  escapeMarkdown,
  fitMessage,
  LIMITS,
  markdownLink,
  visibleText,
  type Embed,
} from '../../shared/discord/message';

const long = (n: number, unit = 'x') => unit.repeat(n);
const FAMILY = '👨‍👩‍👧‍👦';
const embedSize = (e: Embed) =>
  (e.title?.length ?? 0) +
  (e.description?.length ?? 0) +
  (e.author?.name.length ?? 0) +
  (e.footer?.text.length ?? 0) +
  (e.fields ?? []).reduce((s, f) => s + f.name.length + f.value.length, 0);

describe('fitMessage', () => {
  test('a message within the limits is unchanged, and never pings', () => {
    const embeds = [{ title: 'Push', description: '@everyone look', fields: [{ name: 'a', value: 'b' }] }];
    expect(fitMessage({ content: '@here <@&123>', embeds })).toEqual({
      content: '@here <@&123>',
      embeds,
      allowed_mentions: { parse: [] },
    });
  });

  test('every part too long is cut with an ellipsis at its own limit', () => {
    const fitted = fitMessage({
      content: long(3000),
      username: long(100),
      embeds: [
        {
          title: long(300),
          author: { name: long(300) },
          footer: { text: long(3000) },
          fields: Array.from({ length: 30 }, () => ({ name: long(300), value: long(2000) })),
        },
      ],
    });
    expect(fitted.content).toHaveLength(LIMITS.content);
    expect(fitted.content?.endsWith('…')).toBe(true);
    expect(fitted.username).toHaveLength(LIMITS.username);
    const [embed] = fitted.embeds ?? [];
    expect(embed?.title).toHaveLength(LIMITS.title);
    expect(embed?.author?.name).toHaveLength(LIMITS.author);
    expect(embed?.fields?.length).toBeLessThanOrEqual(LIMITS.fields);
    for (const field of embed?.fields ?? []) {
      expect(field.name.length).toBeLessThanOrEqual(LIMITS.fieldName);
      expect(field.value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
    }
    expect(embedSize(embed as Embed)).toBeLessThanOrEqual(LIMITS.total);
  });

  test('at most 10 embeds and 6000 characters across all of them', () => {
    const fitted = fitMessage({
      embeds: Array.from({ length: 12 }, (_, i) => ({ title: `e${i}`, description: long(4000) })),
    });
    expect(fitted.embeds).toHaveLength(LIMITS.embeds);
    expect((fitted.embeds ?? []).reduce((sum, e) => sum + embedSize(e), 0)).toBeLessThanOrEqual(LIMITS.total);
    expect(fitted.embeds?.[0]?.title).toBe('e0');
  });

  test('cuts never split an emoji; empty field parts are replaced, since Discord refuses them', () => {
    const fitted = fitMessage({ content: FAMILY.repeat(400), embeds: [{ fields: [{ name: '', value: '' }] }] });
    const kept = (fitted.content as string).slice(0, -1);
    expect(kept).toBe(FAMILY.repeat(kept.length / FAMILY.length));
    expect(fitted.embeds?.[0]?.fields?.[0]).toEqual({ name: '\u200b', value: '\u200b' });
  });
});

describe('links', () => {
  test('only http(s) links Discord accepts are kept; anything else is dropped, not sent to be refused', () => {
    const embed = (url: string) =>
      fitMessage({ embeds: [{ title: 't', url, author: { name: 'a', url, icon_url: url } }] }).embeds?.[0];
    expect(embed('https://github.com/a/b')).toEqual({
      title: 't',
      url: 'https://github.com/a/b',
      author: { name: 'a', url: 'https://github.com/a/b', icon_url: 'https://github.com/a/b' },
    });
    for (const bad of [
      'javascript:alert(1)',
      'not a url',
      '/relative/path',
      'ftp://host/file',
      `https://x.example/${'a'.repeat(LIMITS.url)}`,
    ]) {
      expect(embed(bad)).toEqual({ title: 't', author: { name: 'a' } });
    }
  });

  test('kept links are RFC 3986 URIs: the rest percent-encoded, credentials dropped', () => {
    const urlOf = (url: string) => fitMessage({ embeds: [{ title: 't', url }] }).embeds?.[0]?.url;
    expect(urlOf('https://git.example/o/r/compare/a^...b^')).toBe('https://git.example/o/r/compare/a%5E...b%5E');
    expect(urlOf('https://x.example/p|q[1]{2}`3`\\4 5?a=<b>#c d')).toBe(
      'https://x.example/p%7Cq%5B1%5D%7B2%7D%603%60/4%205?a=%3Cb%3E#c%20d',
    );
    expect(urlOf('https://user:secret@x.example/path')).toBe('https://x.example/path');
    // A fragment holds one `#`, its first character: any later one is encoded.
    expect(urlOf('https://x.example/a#b#c d')).toBe('https://x.example/a#b%23c%20d');
    // Already-encoded text and unicode stay as the WHATWG parser writes them.
    expect(urlOf('https://x.example/caf\u00e9?q=%41')).toBe('https://x.example/caf%C3%A9?q=%41');
    expect(urlOf('https://[::1]:8080/a')).toBe('https://[::1]:8080/a');
  });
});

describe('markdownLink', () => {
  test('a payload URL cannot end the link early or carry a script scheme', () => {
    expect(markdownLink('`abc`', 'https://x.example/a b)(c)<d>\\e')).toBe(
      '[`abc`](https://x.example/a%20b%29%28c%29%3Cd%3E/e)',
    );
    expect(markdownLink('label', 'javascript:alert(1)')).toBe('label');
    expect(markdownLink('label', undefined)).toBe('label');
  });
});

describe('escapeMarkdown', () => {
  test.each([
    ['**bold**', '\\*\\*bold\\*\\*'],
    ['[link](https://evil)', '\\[link\\]\\(https://evil\\)'],
    ['`code` ~~x~~ __u__ ||spoiler||', '\\`code\\` \\~\\~x\\~\\~ \\_\\_u\\_\\_ \\|\\|spoiler\\|\\|'],
    ['# heading\n> quote\n- item', '\\# heading\n\\> quote\n\\- item'],
    ['back\\slash', 'back\\\\slash'],
  ])('%j stays literal', (input, escaped) => {
    expect(escapeMarkdown(input)).toBe(escaped);
  });
});

describe('embedLine and visibleText', () => {
  test.each([
    [
      'markdown, a heading on a new line, NUL and a right-to-left override',
      HOSTILE_TITLE,
      '\\*\\*Pwn\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|spoiler\\|\\| \\# Heading',
      '**Pwn** __u__ ~~s~~ ||spoiler|| # Heading',
    ],
    [
      'a masked link, code, a quote and a list item',
      '[x](https://evil.example) `c` > q\r\n- item',
      '\\[x\\]\\(https://evil.example\\) \\`c\\` \\> q \\- item',
      '[x](https://evil.example) `c` > q - item',
    ],
    [
      'every kind of line break and tabs, each run one space',
      'a\r\n\n\tb\u2028c\u2029d\u0085e\vf\fg',
      'a b c d e f g',
      'a b c d e f g',
    ],
    ['C0 and C1 controls', 'a\u0001\u0007\u001b[31mb\u007f\u0080\u009fc', 'a\\[31mbc', 'a[31mbc'],
    [
      'bidi controls: embeddings, overrides, isolates, marks',
      'a\u202Ab\u202Bc\u202Cd\u202De\u202Ef\u2066g\u2067h\u2068i\u2069j\u200Ek\u200Fl\u061Cm',
      'abcdefghijklm',
      'abcdefghijklm',
    ],
    ['a backslash', 'back\\slash', 'back\\\\slash', 'back\\slash'],
    ['plain words and emoji', 'Build 42 passed 🙂', 'Build 42 passed 🙂', 'Build 42 passed 🙂'],
  ])('%s', (_case, input, title, footer) => {
    expect(embedLine(input, { markdown: true })).toBe(title);
    expect(embedLine(input, { markdown: false })).toBe(footer);
  });

  test('descriptions keep their lines and markdown, and lose NUL and bidi controls', () => {
    expect(visibleText('**bold**\r\n# h\n\tx\u0000\u202E\u2066y')).toBe('**bold**\r\n# h\n\txy');
  });

  test('fitMessage passes every text of an embed through them; links are left alone', () => {
    const url = 'https://example.com/a_b*c~d';
    const [embed] =
      fitMessage({
        embeds: [
          {
            title: HOSTILE_TITLE,
            url,
            description: HOSTILE_TITLE,
            author: { name: HOSTILE_TITLE, url },
            footer: { text: HOSTILE_TITLE },
            fields: [
              { name: HOSTILE_TITLE, value: HOSTILE_TITLE },
              { name: '\u0000\u202E', value: '\u0000' },
            ],
          },
        ],
      }).embeds ?? [];
    expect(embed).toEqual({
      title: embedLine(HOSTILE_TITLE, { markdown: true }),
      url,
      description: '**Pwn** __u__ ~~s~~ ||spoiler||\n# Heading',
      author: { name: '**Pwn** __u__ ~~s~~ ||spoiler|| # Heading', url },
      footer: { text: '**Pwn** __u__ ~~s~~ ||spoiler|| # Heading' },
      fields: [
        { name: embedLine(HOSTILE_TITLE, { markdown: true }), value: '**Pwn** __u__ ~~s~~ ||spoiler||\n# Heading' },
        // Nothing visible left: Discord refuses an empty name or value, so a zero-width space stands in.
        { name: '\u200b', value: '\u200b' },
      ],
    });
  });
});

test('a megabyte of non-ASCII text is cut without segmenting all of it', () => {
  const hostile = 'é🙂'.repeat(350_000);
  const started = process.hrtime.bigint();
  const message = fitMessage({
    embeds: [{ title: hostile, description: hostile, fields: [{ name: hostile, value: hostile }] }],
  });
  const embed = message.embeds?.[0];
  expect(embed?.title).toHaveLength(LIMITS.title);
  expect(embed?.title?.endsWith('…')).toBe(true);
  // Segmenting the whole string took seconds; a prefix takes milliseconds. A generous bound, not a benchmark.
  expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(2_000);
});

test('empty texts are left out, since Discord refuses a message with one', () => {
  const message = fitMessage({
    embeds: [{ title: 'Tag pushed', description: '', footer: { text: '' }, author: { name: '' }, fields: [] }],
  });
  expect(message.embeds).toEqual([{ title: 'Tag pushed' }]);
});
