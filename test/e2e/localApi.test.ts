import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { XMLValidator } from 'fast-xml-parser';
import type { LocalServer } from '../../infra/local/server';
import { createApiKey } from '../../shared/access/keyAdmin';
import { createStores } from '../../shared/store';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY, rateHeaders, startTestApi } from '../support/localApi';

const KEY = 'e2e-key-0123456789';
let api: LocalServer;
let stores: ReturnType<typeof createStores>;
let rankCard: string;

beforeAll(async () => {
  api = await startTestApi({ localApiKey: KEY });
  stores = createStores();
  rankCard = `${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;
});
afterAll(async () => {
  stores.db.destroy();
  await api.close();
});

describe('authentication', () => {
  const cases: [string, Record<string, string>][] = [
    ['no key', {}],
    ['a Basic header', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer without a token', { Authorization: 'Bearer' }],
    ['a token with spaces', { Authorization: 'Bearer two words' }],
    ['an unknown key', { Authorization: 'Bearer cbk_not_a_real_key_at_all' }],
  ];
  test.each(cases)('%s -> 401 envelope with rate-limit headers', async (_name, headers) => {
    const reply = await call(rankCard, { headers });
    expectErrorEnvelope(reply, 401, 'UNAUTHORIZED');
    expect(rateHeaders(reply).limit).toBe(60);
  });

  test('unauthenticated requests are counted per source IP', async () => {
    const first = rateHeaders(await call(rankCard));
    const second = rateHeaders(await call(rankCard, { key: 'cbk_still_wrong' }));
    expect(second.remaining).toBe(Math.max(0, first.remaining - 1));
  });

  test('a revoked key -> 401 that says so', async () => {
    const { record, value } = await createApiKey(stores.apiKeys, { name: 'soon revoked' });
    await stores.apiKeys.revoke(record.id, new Date().toISOString());
    const reply = await call(rankCard, { key: value });
    expectErrorEnvelope(reply, 401, 'UNAUTHORIZED');
    expect(reply.json.error.message).toMatch(/revoked/);
    rateHeaders(reply);
  });
});

describe('rank card', () => {
  test('a valid key gets a well-formed SVG with caching and rate-limit headers', async () => {
    const reply = await call(rankCard, { key: KEY });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(reply.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(reply.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(XMLValidator.validate(reply.text)).toBe(true);
    expect(reply.text).toMatch(/^<svg [^>]*width="934" height="282" viewBox="0 0 934 282"/);
    const limits = rateHeaders(reply);
    expect(limits.limit).toBe(60);
    expect(limits.remaining).toBeLessThan(60);
    expect(limits.reset).toBeGreaterThan(Date.now() / 1000);
  });

  test('the same input gives the same bytes, and If-None-Match gives 304', async () => {
    const first = await call(rankCard, { key: KEY });
    const second = await call(rankCard, { key: KEY });
    expect(second.text).toBe(first.text);
    const etag = first.headers.get('etag') as string;
    const cached = await call(rankCard, { key: KEY, headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    expect(cached.headers.get('etag')).toBe(etag);
    expect(cached.headers.get('cache-control')).toBe('private, max-age=86400');
    rateHeaders(cached);
  });

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'a query or header named %s is just a name',
    async (name) => {
      const query = await call(`${rankCard}&${name}=1&${name}=2`, { key: KEY });
      expect(query.status).toBe(200);
      const header = await call(rankCard, { key: KEY, headers: { [name]: 'x' } });
      expect(header.status).toBe(200);
      expectErrorEnvelope(await call(`${rankCard}&${name}=1`), 401, 'UNAUTHORIZED');
      expectErrorEnvelope(await call(`${api.url}/nope`, { headers: { [name]: 'x' } }), 404, 'NOT_FOUND');
    },
  );

  test('a huge rank is written exactly, a huge level compactly', async () => {
    const reply = await call(
      `${api.url}/v1/images/rank-card?username=a&level=999999999999999&xp=1&requiredXp=2&rank=123456789`,
      { key: KEY },
    );
    expect(reply.status).toBe(200);
    // The rank exactly, the level cut to tenths (never rounded up to 1000T).
    expect(reply.text).toContain('<title>#123,456,789</title>');
    expect(reply.text).toContain('<title>999.9T</title>');
  });

  test('an answer with text beyond ASCII: its Content-Length counts UTF-8 bytes, not characters', async () => {
    const username = encodeURIComponent('Zoë 😀 Ünïcødé');
    const reply = await call(`${api.url}/v1/images/rank-card?username=${username}&level=1&xp=1&requiredXp=2&rank=1`, {
      key: KEY,
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<title>Zoë 😀 Ünïcødé: rank 1, level 1</title>');
    expect(Number(reply.headers.get('content-length'))).toBe(Buffer.byteLength(reply.text));
    expect(Buffer.byteLength(reply.text)).toBeGreaterThan(reply.text.length);
  });

  test('hostile text stays text', async () => {
    const username = encodeURIComponent('</text><script>alert(1)</script>');
    const reply = await call(`${api.url}/v1/images/rank-card?username=${username}&level=1&xp=1&requiredXp=2&rank=1`, {
      key: KEY,
    });
    expect(reply.status).toBe(200);
    expect(XMLValidator.validate(reply.text)).toBe(true);
    expect(reply.text).not.toMatch(/<script/i);
    expect(reply.text).toContain('&lt;/text&gt;&lt;script&gt;');
  });

  test('invalid parameters -> 400 envelope naming each field', async () => {
    const reply = await call(
      `${api.url}/v1/images/rank-card?username=a&level=-1&xp=x&requiredXp=0&rank=1&progressColor=red`,
      { key: KEY },
    );
    expectErrorEnvelope(reply, 400, 'INVALID_PARAMETER');
    expect(reply.json.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'level',
      'progressColor',
      'requiredXp',
      'xp',
    ]);
    rateHeaders(reply);
  });

  test('missing parameters -> 400 MISSING_PARAMETER', async () => {
    const reply = await call(`${api.url}/v1/images/rank-card`, { key: KEY });
    expectErrorEnvelope(reply, 400, 'MISSING_PARAMETER');
    expect(reply.json.error.details).toContainEqual({ field: 'username', issue: 'is required' });
  });
});

describe('gateway answers', () => {
  test('unknown path -> 404 envelope', async () => {
    for (const path of [
      '/v1',
      '/index.html',
      '/openapi.yaml',
      '/v1/images/nope',
      '/v1/images/rank-card/extra',
      '//v1/images/rank-card',
      '/webhooks/api',
    ]) {
      expectErrorEnvelope(await call(`${api.url}${path}`, { key: KEY }), 404, 'NOT_FOUND');
    }
  });

  test('wrong method on a known path -> 405 envelope with Allow', async () => {
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const reply = await call(rankCard, { method, key: KEY });
      expectErrorEnvelope(reply, 405, 'METHOD_NOT_ALLOWED');
      expect(reply.headers.get('allow')).toBe('GET');
    }
  });

  test('a body over API Gateway’s 10 MB limit -> 413 envelope, without reading the rest', async () => {
    // fetch() refuses a body on GET, so this one request goes through node:http.
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = Buffer.alloc(11 * 1024 * 1024, 97);
      const req = request(
        rankCard,
        { method: 'GET', headers: { Authorization: `Bearer ${KEY}`, 'Content-Length': body.length } },
        (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (chunk) => (body += chunk))
            .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
