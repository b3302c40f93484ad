import fc from 'fast-check';
import type { RouteEntry } from '../../shared/routes/table';
import { HOSTILE_TEXT } from './hostileText';
import { queryFields } from './routeCases';
import { exampleQuery } from './routeExamples';

/** Ready-to-send requests, malformed in the ways clients and attackers malform them. */

const WEIRD = [
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\u202E',
  '\uD800',
  '\uDFFF',
  'e\u0301\u0301\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦',
  '漢字',
  'مرحبا',
  ...HOSTILE_TEXT,
  '{{7*7}}',
  '../../etc/passwd',
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '-0',
  '+5',
  '1e9',
  'NaN',
  'Infinity',
  '0x10',
  '007',
  '1.5',
  '.5',
  '99999999999999999999',
  '-1',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'PNG',
  'svg',
  'png',
  'gif',
];

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/**
 * Picture URLs that never leave the machine: the allowed test
 * host, private addresses (refused before connecting), nonsense.
 */
export const pictureUrls = (allowed: string) =>
  fc.oneof(
    fc.constantFrom(`${allowed}/cat.png`, `${allowed}/missing.png`, `${allowed}/page.html`),
    fc.constantFrom(
      'http://127.0.0.1:1/x.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x.png',
      'http://[::ffff:127.0.0.1]/x',
      'http://0x7f.1/x',
      'http://2130706433/x',
      'http://0177.0.0.1/x',
      'http://0.0.0.0/x',
      'http://10.0.0.1/a.png',
      'https://[fd00::1]/a',
      'http://localhost/x.png',
      'ftp://example.invalid/y',
      'javascript:alert(1)',
      'http://user:pw@127.0.0.1/x',
      'data:image/png;base64,AAAA',
      'http://',
      'https:///x',
    ),
    hostileText,
  );

/** How a value lands in the URL: properly percent-encoded, as raw bytes, or raw but keeping the request line intact. */
type Encoding = 'encoded' | 'raw' | 'framed';
const encoding = fc.constantFrom<Encoding>('encoded', 'encoded', 'framed', 'raw');

function encode(value: string, how: Encoding): string {
  const bytes = Buffer.from(value, 'utf8');
  if (how === 'raw') return bytes.toString('latin1');
  const keep = how === 'encoded' ? /[A-Za-z0-9\-._~]/ : /[^ \r\n#\u0000-\u001f\u007f-\u00ff]/;
  return [...bytes]
    .map((b) =>
      keep.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const queryNames = (route: RouteEntry): string[] => [
  ...queryFields(route),
  ...(route.response === 'svg' ? ['format'] : []),
];

export interface HostileRequest {
  method: string;
  target: string;
  headers: [string, string][];
  body: Buffer;
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/);

function bodies(route: RouteEntry) {
  const example = route.example.body === undefined ? '' : JSON.stringify(route.example.body);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(Buffer.from(example)) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 4 }).map((json) => Buffer.from(json)) },
    {
      weight: 3,
      // The example with fields replaced by anything at all.
      arbitrary: fc.tuple(fc.anything({ maxDepth: 2 }), fc.nat(20)).map(([value, at]) => {
        const object =
          typeof route.example.body === 'object' && route.example.body
            ? { ...(route.example.body as Record<string, unknown>) }
            : {};
        const keys = Object.keys(object);
        if (keys.length) object[keys[at % keys.length] as string] = value;
        else object.anything = value;
        return Buffer.from(JSON.stringify(object) ?? 'null');
      }),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        Buffer.from([0xff, 0xfe, 0x7b]),
        Buffer.from('{"name":"\ud800"}'),
        Buffer.from('['.repeat(5000) + ']'.repeat(5000)),
        Buffer.from(`{"name":"${'x'.repeat(300_000)}"}`),
        Buffer.alloc(0),
      ),
    },
  );
}

/** A signed-in dashboard browser's credentials: its session cookie and CSRF token. */
export interface HostileSession {
  cookie: string;
  csrf: string;
}

/**
 * A request to `route`, mostly well aimed (its method and path, a valid key, or on the dashboard's
 * API a live session and its CSRF token) with hostile parts.
 */
export function hostileRequest(
  route: RouteEntry,
  context: { key: string; pictureHost: string; session?: HostileSession; path?: Record<string, string> },
): fc.Arbitrary<HostileRequest> {
  const names = queryNames(route);
  const example = exampleQuery(route, `${context.pictureHost}/cat.png`);
  const value = (name: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(example[name] ?? '') },
      { weight: 2, arbitrary: pictureUrls(context.pictureHost) },
      { weight: 3, arbitrary: hostileText },
    );
  const pair = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...(names.length ? names : ['q']))
        .chain((name) => fc.tuple(fc.constant(name), value(name))),
    },
    { weight: 1, arbitrary: fc.tuple(hostileText, hostileText) },
  );
  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(context.path?.[name] ?? route.example.path?.[name] ?? 'x') },
      { weight: 1, arbitrary: fc.bigInt({ min: 10n ** 16n, max: 2n ** 64n + 5n }).map(String) },
      { weight: 3, arbitrary: hostileText.filter((text) => text !== '') },
    );
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
      ),
      path: fc
        .tuple(...pathNames.map((name) => fc.tuple(pathValue(name), encoding)))
        .map((values) =>
          values.reduce(
            (path, [text, how], i) => path.replace(`{${pathNames[i]}}`, encode(text, how === 'raw' ? 'framed' : how)),
            route.path,
          ),
        ),
      // Example parameters kept, dropped or replaced; more added, some twice.
      query: fc.tuple(
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(Object.entries(example)) },
          { weight: 3, arbitrary: fc.subarray(Object.entries(example)) },
        ),
        fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 3, arbitrary: fc.array(pair, { maxLength: 6 }) }),
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(Array<Encoding>(12).fill('encoded')) },
          { weight: 2, arbitrary: fc.array(encoding, { minLength: 12, maxLength: 12 }) },
        ),
      ),
      authorization: fc.oneof(
        { weight: 6, arbitrary: fc.constant(`Bearer ${context.key}`) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: printable.map((junk) => `Bearer ${junk}`) },
      ),
      session: credentials(context.session),
      accept: fc.option(
        fc.constantFrom(
          'image/png',
          'image/svg+xml',
          '*/*',
          'text/html',
          'application/json',
          'image/png;q=0, */*;q=0.1',
          'garbage;;;q=x',
        ),
        { nil: undefined },
      ),
      contentType: fc.option(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          ';;',
        ),
        { nil: undefined },
      ),
      ifNoneMatch: fc.option(fc.oneof(fc.constant('*'), printable), { nil: undefined }),
      extra: fc.array(
        fc.tuple(
          headerName,
          fc.oneof(
            { weight: 5, arbitrary: printable },
            { weight: 1, arbitrary: fc.constantFrom('\u0000', 'a\rb', '\u00ff\u00fe') },
          ),
        ),
        { maxLength: 3 },
      ),
      body:
        route.method === 'GET' || route.method === 'DELETE'
          ? fc.oneof({ weight: 5, arbitrary: fc.constant(Buffer.alloc(0)) }, { weight: 1, arbitrary: bodies(route) })
          : bodies(route),
    })
    .map(({ method, path, query, authorization, session, accept, contentType, ifNoneMatch, extra, body }) => {
      const [kept, added, encodings] = query;
      const pairs = [...kept, ...added];
      const search = pairs
        .map(
          ([name, text], i) =>
            `${encode(name, encodings[i % 12] as Encoding)}=${encode(text, encodings[(i + 6) % 12] as Encoding)}`,
        )
        .join('&');
      const headers: [string, string][] = [
        ...(authorization !== undefined ? [['Authorization', authorization] as [string, string]] : []),
        ...session,
        ...(accept !== undefined ? [['Accept', accept] as [string, string]] : []),
        ...(contentType !== undefined ? [['Content-Type', contentType] as [string, string]] : []),
        ...(ifNoneMatch !== undefined ? [['If-None-Match', ifNoneMatch] as [string, string]] : []),
        ...extra,
      ];
      return { method, target: search ? `${path}?${search}` : path, headers, body };
    });
}

/** The session's cookie and CSRF header, each mostly right, sometimes missing or junk. */
function credentials(session: HostileSession | undefined): fc.Arbitrary<[string, string][]> {
  if (!session) return fc.constant([]);
  const pick = (name: string, good: string) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant([[name, good]] as [string, string][]) },
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 2, arbitrary: printable.map((junk) => [[name, junk]] as [string, string][]) },
    );
  return fc
    .tuple(pick('Cookie', `cbk_session=${session.cookie}`), pick('X-CSRF-Token', session.csrf))
    .map(([cookie, csrf]) => [...cookie, ...csrf]);
}

export function requestBytes(request: HostileRequest): Buffer {
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...request.headers.map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${request.body.length}`,
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), request.body]);
}
