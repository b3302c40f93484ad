import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import type { APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod/mini';
import type { RateLimiter } from '../../shared/access/rateLimiter';
import { ApiError } from '../../shared/errors/apiError';
import { logger } from '../../shared/logging/logger';
import { jsonResponse, MAX_RESPONSE_BYTES, refuseOversizedSvg, svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/runtime/groupKit';
import { routes, type Routes } from '../../shared/routes/table';
import { defineRoute } from '../../shared/routes/types';
import type { ApiKeyRecord } from '../../shared/store';
import {
  EVENT_KEY,
  INTEGER,
  RANK_CARD_QUERY,
  envelopeOf,
  header,
  keysHolding,
  lambdaContext,
  memoryLimiter,
  proxyEvent,
  allServices,
  wrapRoute,
  type ProxyEventOptions,
} from './fixtures';

type RankCardHandler = RouteHandler<Routes['rankCard']>;

/** Echoes the parsed query into a deterministic SVG, so equal input gives an equal ETag. */
const echoSvg: RankCardHandler = async ({ query }) =>
  svgResponse(`<svg xmlns="http://www.w3.org/2000/svg">${JSON.stringify(query)}</svg>`);

let limiter: RateLimiter;
let handler: jest.Mock<RankCardHandler>;

beforeEach(() => {
  limiter = memoryLimiter(60).limiter;
  handler = jest.fn(echoSvg);
});

const rankCard = (options: ProxyEventOptions = {}) =>
  wrapRoute(routes.rankCard, handler, allServices(limiter))(proxyEvent(options), lambdaContext());
const withQuery = (changes: Record<string, string | undefined>) => {
  const query = Object.fromEntries(
    Object.entries({ ...RANK_CARD_QUERY, ...changes }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;
  return rankCard({ query });
};
const parsedQuery = () => handler.mock.calls[0]?.[0].query;

describe('validation', () => {
  test('no query at all -> 400 MISSING_PARAMETER with one detail per required field, handler not called', async () => {
    const result = await rankCard({ query: null });

    expect(result.statusCode).toBe(400);
    const { error } = envelopeOf(result);
    expect(error.code).toBe('MISSING_PARAMETER');
    expect(error.details).toEqual(
      ['username', 'level', 'xp', 'requiredXp', 'rank'].map((field) => ({ field, issue: 'is required' })),
    );
    expect(error.message).toBe('username is required');
    expect(handler).not.toHaveBeenCalled();
  });

  test('one missing field is named in the message', async () => {
    const { error } = envelopeOf(await withQuery({ rank: undefined }));
    expect(error).toEqual({
      code: 'MISSING_PARAMETER',
      message: 'rank is required',
      details: [{ field: 'rank', issue: 'is required' }],
    });
  });

  test.each([
    ['level', 'abc'],
    ['level', '-1'],
    ['level', '1.5'],
    ['xp', '1e3'],
    ['xp', ''],
    ['requiredXp', '0'],
    ['rank', '0'],
    ['rank', '9'.repeat(16)],
    ['username', ''],
    ['username', 'x'.repeat(33)],
    ['progressColor', 'red'],
    ['progressColor', '#12345'],
    ['progressColor', 'javascript:alert(1)'],
    ['avatar', 'javascript:alert(1)'],
    ['avatar', 'data:image/png;base64,AAAA'],
    ['avatar', 'ftp://example.com/a.png'],
    ['avatar', 'not a url'],
    ['avatar', 'https://user:secret@example.com/a.png'],
    ['avatar', 'https://user@example.com/a.png'],
    ['status', 'away'],
    ['theme', 'neon'],
  ])('%s=%j -> 400 INVALID_PARAMETER naming the field', async (field, value) => {
    const result = await withQuery({ [field]: value });

    expect(result.statusCode).toBe(400);
    const { error } = envelopeOf(result);
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message.startsWith(`${field} `)).toBe(true);
    expect(error.details?.map((d) => d.field)).toEqual([field]);
    expect(handler).not.toHaveBeenCalled();
  });

  test('the message says what was expected', async () => {
    const messages = await Promise.all(
      [
        { level: '-1' },
        { requiredXp: '0' },
        { avatar: 'javascript:alert(1)' },
        { avatar: 'https://u:p@example.com/' },
        { status: 'away' },
      ].map(async (change) => envelopeOf(await withQuery(change)).error.message),
    );
    expect(messages).toEqual([
      'level must be an integer >= 0',
      'requiredXp must be an integer >= 1',
      'avatar must be an http or https URL',
      'avatar must not contain credentials',
      'status must be one of online, idle, dnd, offline, streaming',
    ]);
  });

  test('a missing and an invalid field together -> INVALID_PARAMETER listing both', async () => {
    const { error } = envelopeOf(await withQuery({ username: undefined, level: 'x' }));
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.details?.map((d) => d.field)).toEqual(['username', 'level']);
  });

  test('valid input reaches the handler typed, with defaults applied', async () => {
    const result = await rankCard();

    expect(result.statusCode).toBe(200);
    expect(parsedQuery()).toEqual({
      username: 'a',
      level: 1,
      xp: 1,
      requiredXp: 10,
      rank: 1,
      status: 'offline',
      theme: 'dark',
    });
  });

  test('status and theme are case-insensitive, colours canonical, URLs kept', async () => {
    const result = await withQuery({
      status: 'ONLINE',
      theme: 'Light',
      progressColor: 'ABC',
      avatar: 'https://cdn.example.com/a.png?size=64',
    });

    expect(result.statusCode).toBe(200);
    expect(parsedQuery()).toMatchObject({
      status: 'online',
      theme: 'light',
      progressColor: '#aabbcc',
      avatar: 'https://cdn.example.com/a.png?size=64',
    });
  });

  test('username length counts characters as people do: 32 emoji are accepted', async () => {
    const result = await withQuery({ username: '😀'.repeat(32) });
    expect(result.statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  test('over the limit -> 429 RATE_LIMITED with Retry-After and 0 remaining; the handler is not called', async () => {
    limiter = memoryLimiter(2).limiter;

    const first = await rankCard();
    await rankCard();
    const third = await rankCard();

    expect(header(first, 'X-RateLimit-Limit')).toBe('2');
    expect(header(first, 'X-RateLimit-Remaining')).toBe('1');
    expect(header(first, 'X-RateLimit-Reset')).toMatch(INTEGER);
    expect(header(first, 'Retry-After')).toBeUndefined();

    expect(third.statusCode).toBe(429);
    expect(envelopeOf(third).error.code).toBe('RATE_LIMITED');
    expect(header(third, 'Retry-After')).toMatch(INTEGER);
    expect(Number(header(third, 'Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(Number(header(third, 'Retry-After'))).toBeLessThanOrEqual(61);
    expect(header(third, 'X-RateLimit-Remaining')).toBe('0');
    expect(handler).toHaveBeenCalledTimes(2);
  });

  test('counted per key, and per source address when there is no key', async () => {
    limiter = memoryLimiter(1).limiter;

    expect((await rankCard({ keyId: 'key_a' })).statusCode).toBe(200);
    expect((await rankCard({ keyId: 'key_b' })).statusCode).toBe(200);
    expect((await rankCard({ keyId: null, sourceIp: '192.0.2.1' })).statusCode).toBe(200);
    expect((await rankCard({ keyId: null, sourceIp: '192.0.2.2' })).statusCode).toBe(200);
    expect((await rankCard({ keyId: 'key_a' })).statusCode).toBe(429);
    expect((await rankCard({ keyId: null, sourceIp: '192.0.2.1' })).statusCode).toBe(429);
  });

  test('validation errors carry the rate-limit headers too', async () => {
    const result = await rankCard({ query: null });
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
      expect(header(result, name)).toMatch(INTEGER);
  });
});

describe('errors and request ids', () => {
  test('a handler throwing a plain Error -> 500 INTERNAL_ERROR envelope that leaks nothing', async () => {
    handler.mockImplementation(async () => {
      throw new Error('connection string postgres://admin:hunter2@db.internal failed');
    });

    const result = await rankCard({ requestId: 'req-500' });

    expect(result.statusCode).toBe(500);
    const body = envelopeOf(result);
    expect(body).toMatchObject({ success: false, error: { code: 'INTERNAL_ERROR' }, meta: { requestId: 'req-500' } });
    expect(body.error).not.toHaveProperty('details');
    expect(result.body).not.toMatch(/hunter2|db\.internal|stack|at \w+ \(|\.ts:\d+/);
    expect(header(result, 'Content-Type')).toMatch(/^application\/json/);
  });

  test('a handler throwing a non-Error value -> 500 envelope with rate-limit headers, not a crash', async () => {
    handler.mockImplementation(async () => {
      throw 'boom';
    });
    const result = await rankCard({ requestId: 'req-string' });
    expect(result.statusCode).toBe(500);
    expect(envelopeOf(result)).toMatchObject({ error: { code: 'INTERNAL_ERROR' }, meta: { requestId: 'req-string' } });
    expect(header(result, 'X-RateLimit-Limit')).toBe('60');
  });

  test('an event without headers (API Gateway console test) is served', async () => {
    const event = { ...proxyEvent(), headers: null } as unknown as ReturnType<typeof proxyEvent>;
    const result = await wrapRoute(routes.rankCard, handler, allServices(limiter))(event, lambdaContext());
    expect(result.statusCode).toBe(200);
  });

  test('an ApiError thrown by a handler keeps its status, code and headers', async () => {
    handler.mockImplementation(async () => {
      throw new ApiError('FORBIDDEN', 'Not your bot', undefined, { 'X-Extra': 'yes' });
    });

    const result = await rankCard();

    expect(result.statusCode).toBe(403);
    expect(envelopeOf(result).error).toEqual({ code: 'FORBIDDEN', message: 'Not your bot' });
    expect(header(result, 'X-Extra')).toBe('yes');
  });

  test('every response carries X-Request-Id, equal to meta.requestId in envelopes', async () => {
    limiter = memoryLimiter(3).limiter;
    const responses: APIGatewayProxyResult[] = [];
    responses.push(await rankCard({ requestId: 'r-ok' }));
    responses.push(await rankCard({ requestId: 'r-bad', query: null }));
    handler.mockImplementation(async () => {
      throw new Error('boom');
    });
    responses.push(await rankCard({ requestId: 'r-boom' }));
    responses.push(await rankCard({ requestId: 'r-limited' }));

    expect(responses.map((r) => r.statusCode)).toEqual([200, 400, 500, 429]);
    expect(responses.map((r) => header(r, 'X-Request-Id'))).toEqual(['r-ok', 'r-bad', 'r-boom', 'r-limited']);
    for (const response of responses.slice(1))
      expect(envelopeOf(response).meta.requestId).toBe(header(response, 'X-Request-Id'));
  });

  test("each request's log line names that request, though another one under way shares the logger", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    handler.mockImplementation(async (input, context, services) => {
      if (context.requestId === 'r-first') await held;
      return echoSvg(input, context, services);
    });
    // The line as the request asks for it (the tests' logger is silent): what it names, whatever the logger holds.
    const info = jest.spyOn(logger, 'info');
    let requestLines: Record<string, unknown>[];
    try {
      // The first waits inside its handler while the second comes and goes, as on the local server.
      const first = rankCard({ requestId: 'r-first' });
      await rankCard({ requestId: 'r-second' });
      release();
      await first;
      requestLines = info.mock.calls
        .filter(([message]) => message === 'request')
        .map(([, fields]) => fields as Record<string, unknown>);
    } finally {
      info.mockRestore();
    }
    expect(requestLines.map(({ requestId, route, method }) => ({ requestId, route, method }))).toEqual([
      { requestId: 'r-second', route: '/v1/images/rank-card', method: 'GET' },
      { requestId: 'r-first', route: '/v1/images/rank-card', method: 'GET' },
    ]);
  });

  test('without an API Gateway request id the Lambda request id is used', async () => {
    const result = await rankCard({ requestId: '', query: null });
    expect(header(result, 'X-Request-Id')).toBe('lambda-req-1');
    expect(envelopeOf(result).meta.requestId).toBe('lambda-req-1');
  });
});

describe('conditional GET', () => {
  const etagOfFirst = async () => {
    const first = await rankCard();
    expect(first.statusCode).toBe(200);
    const etag = header(first, 'ETag');
    expect(etag).toMatch(/^"[^"]+"$/);
    return etag as string;
  };

  test('If-None-Match with the ETag of a previous 200 -> 304 with an empty body and the same ETag', async () => {
    const etag = await etagOfFirst();

    const again = await rankCard({ headers: { 'If-None-Match': etag } });

    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(header(again, 'ETag')).toBe(etag);
    expect(header(again, 'Content-Type')).toBeUndefined();
    expect(header(again, 'X-RateLimit-Remaining')).toBe('58');
    expect(header(again, 'X-Request-Id')).toBe('req-1');
  });

  test.each([
    ['a weak validator', (etag: string) => `W/${etag}`],
    ['one of a list', (etag: string) => `"other", ${etag}`],
    ['the wildcard', () => '*'],
  ])('If-None-Match with %s -> 304', async (_name, value) => {
    const etag = await etagOfFirst();
    expect((await rankCard({ headers: { 'if-none-match': value(etag) } })).statusCode).toBe(304);
  });

  test('a different ETag, or a different query, -> a full 200', async () => {
    const etag = await etagOfFirst();

    const stale = await rankCard({ headers: { 'If-None-Match': '"something-else"' } });
    const changed = await rankCard({ headers: { 'If-None-Match': etag }, query: { ...RANK_CARD_QUERY, level: '2' } });

    expect(stale.statusCode).toBe(200);
    expect(stale.body).not.toBe('');
    expect(changed.statusCode).toBe(200);
    expect(header(changed, 'ETag')).not.toBe(etag);
  });

  test('errors are never turned into 304', async () => {
    const result = await rankCard({ headers: { 'If-None-Match': '*' }, query: null });
    expect(result.statusCode).toBe(400);
    expect(envelopeOf(result).error.code).toBe('MISSING_PARAMETER');
  });
});

describe('a route with a JSON body', () => {
  const echoRoute = defineRoute({
    method: 'POST',
    path: '/v1/test/echo',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'test-only echo',
    schemas: { body: z.object({ name: z.string().check(z.minLength(1)) }) },
    example: { body: { name: 'Ada' } },
    maxBodyBytes: 100,
  });
  const echo: RouteHandler<typeof echoRoute> = async ({ body }, context) =>
    jsonResponse({ name: body.name }, context.requestId);

  const post = (body: string | null, contentType: string | null = 'application/json', base64 = false) => {
    const event = proxyEvent({
      resource: echoRoute.path,
      method: 'POST',
      query: null,
      body,
      headers: contentType === null ? {} : { 'Content-Type': contentType },
    });
    event.isBase64Encoded = base64;
    return wrapRoute(echoRoute, echo, allServices(limiter))(event, lambdaContext());
  };
  /** A JSON body of exactly `bytes` UTF-8 bytes. */
  const bodyOfBytes = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes - '{"name":""}'.length) });

  test('a valid body -> 200 success envelope with the parsed data', async () => {
    const result = await post('{"name":"Ada"}', 'application/json; charset=utf-8');

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({
      success: true,
      data: { name: 'Ada' },
      meta: { requestId: 'req-1' },
    });
  });

  test("zod's own messages keep the English of its classic build (zod/mini loads no locale)", async () => {
    const result = await post('{"name":1}');

    expect(result.statusCode).toBe(400);
    expect(envelopeOf(result).error).toMatchObject({
      code: 'INVALID_BODY',
      message: 'body.name Invalid input: expected string, received number',
    });
  });

  test('a body of exactly maxBodyBytes is accepted; one byte more -> 413', async () => {
    expect(Buffer.byteLength(bodyOfBytes(100))).toBe(100);
    expect((await post(bodyOfBytes(100))).statusCode).toBe(200);

    const tooBig = await post(bodyOfBytes(101));
    expect(tooBig.statusCode).toBe(413);
    expect(envelopeOf(tooBig).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('the size limit counts bytes, not characters', async () => {
    const body = JSON.stringify({ name: 'é'.repeat(50) });
    expect(body.length).toBeLessThan(100);
    expect((await post(body)).statusCode).toBe(413);
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp'])(
    'Content-Type %s -> 415',
    async (type) => {
      const result = await post('{"name":"Ada"}', type);
      expect(result.statusCode).toBe(415);
      expect(envelopeOf(result).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    },
  );

  test('no Content-Type -> 415', async () => {
    expect((await post('{"name":"Ada"}', null)).statusCode).toBe(415);
  });

  test.each([
    ['malformed JSON', '{"name":'],
    ['an empty body', null],
  ])('%s -> 400 INVALID_BODY', async (_name, body) => {
    const result = await post(body);
    expect(result.statusCode).toBe(400);
    expect(envelopeOf(result).error.code).toBe('INVALID_BODY');
  });

  test('bytes that are not UTF-8 -> 400 INVALID_BODY', async () => {
    const result = await post(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64'), 'application/json', true);
    expect(envelopeOf(result).error.code).toBe('INVALID_BODY');
  });

  test('a lone surrogate (\\u escape) in a value or key -> 400 INVALID_BODY; a whole pair passes', async () => {
    for (const body of ['{"name":"Ada\\ud800"}', '{"name":"\\udc00x"}', '{"name":"Ada","\\ud83d":1}']) {
      const result = await post(body);
      expect([body, result.statusCode, envelopeOf(result).error.code, envelopeOf(result).error.message]).toEqual([
        body,
        400,
        'INVALID_BODY',
        expect.stringContaining('lone surrogate'),
      ]);
    }
    const whole = await post('{"name":"Ada \\ud83d\\ude00"}');
    expect(JSON.parse(whole.body).data).toEqual({ name: 'Ada 😀' });
  });

  test('a base64-encoded body is decoded', async () => {
    const result = await post(Buffer.from('{"name":"B64"}').toString('base64'), 'application/json', true);
    expect(JSON.parse(result.body).data).toEqual({ name: 'B64' });
  });

  test('a body that breaks the schema -> 400 naming body.<field>', async () => {
    const result = await post('{"name":""}');
    expect(result.statusCode).toBe(400);
    expect(envelopeOf(result).error.code).toBe('INVALID_BODY');
    expect(envelopeOf(result).error.details?.map((d) => d.field)).toEqual(['body.name']);
    expect(envelopeOf(result).error.message.startsWith('body.name ')).toBe(true);
  });

  test.each<[string, ApiKeyRecord[], string]>([
    [
      'revoked a moment ago',
      [{ ...EVENT_KEY, revokedAt: '2026-11-23T00:00:00.000Z' }],
      'This API key has been revoked; get a key at /dashboard',
    ],
    ['gone from the store', [], 'Invalid API key; get a key at /dashboard'],
    ['another key under that hash', [{ ...EVENT_KEY, id: 'key_other' }], 'Invalid API key; get a key at /dashboard'],
  ])(
    'a write whose key was %s -> 401 before anything runs, whatever the authorizer cached',
    async (_name, records, message) => {
      const handler = jest.fn(echo);
      const event = proxyEvent({
        resource: echoRoute.path,
        method: 'POST',
        query: null,
        body: '{"name":"Ada"}',
        headers: { 'Content-Type': 'application/json' },
      });
      const result = await wrapRoute(
        echoRoute,
        handler,
        allServices(limiter, keysHolding(...records)),
      )(event, lambdaContext());
      expect(result.statusCode).toBe(401);
      expect(envelopeOf(result).error).toMatchObject({ code: 'UNAUTHORIZED', message });
      expect(handler).not.toHaveBeenCalled();
    },
  );

  test('reads do not read the key again: the gateway vouches for them', async () => {
    const getRoute = { ...echoRoute, method: 'GET' as const, schemas: {} };
    const result = await wrapRoute(
      getRoute,
      async (_input, context) => jsonResponse({}, context.requestId),
      allServices(limiter, keysHolding()),
    )(proxyEvent({ resource: echoRoute.path, query: null }), lambdaContext());
    expect(result.statusCode).toBe(200);
  });
});

describe('the size an SVG answer may have', () => {
  test('counted as the JSON a Lambda answer travels in: each quote or backslash is one byte more', () => {
    const quotes = Math.ceil(MAX_RESPONSE_BYTES / 2);
    expect(() => refuseOversizedSvg('"'.repeat(quotes - 1))).not.toThrow();
    expect(() => refuseOversizedSvg(`${'\\'.repeat(quotes - 1)}x`)).not.toThrow();
    expect(() => refuseOversizedSvg('"'.repeat(quotes + 1))).toThrow(/too large to inline/);
    expect(() => refuseOversizedSvg('x'.repeat(MAX_RESPONSE_BYTES))).not.toThrow();
    expect(() => refuseOversizedSvg('é'.repeat(MAX_RESPONSE_BYTES / 2 + 1))).toThrow(/too large to inline/);
  });
});
