import { afterAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  ThrottlingException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { APIGatewayProxyResult } from 'aws-lambda';
import {
  RateLimiter,
  ipPrincipal,
  keyPrincipal,
  rateLimitFromEnv,
  rateLimitHeaders,
  USAGE_KEPT_SECONDS,
} from '../../shared/access/rateLimiter';
import { svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/runtime/groupKit';
import { routes, type Routes } from '../../shared/routes/table';
import { createDocumentClient } from '../../shared/store/client';
import { guarded } from '../../shared/store/errors';
import { DynamoRateCounterStore, room } from '../../shared/store/rateCounters';
import {
  INTEGER,
  MemoryRateCounterStore,
  envelopeOf,
  header,
  lambdaContext,
  manualClock,
  networkError,
  proxyEvent,
  allServices,
  timeoutError,
  wrapRoute,
} from './fixtures';
import { StoreUnavailableError, UNAVAILABLE_RETRY_AFTER } from '../../shared/errors/unavailable';

const TABLE = 't1x';
/** A minute boundary: 1_800_000_000 is a multiple of 60. */
const T0 = 1_800_000_000;
const at = (seconds: number) => seconds * 1000;

const dynamoStore = () =>
  new DynamoRateCounterStore(
    createDocumentClient({ tableName: TABLE, region: 'us-east-1', endpoint: 'http://127.0.0.1:9' }),
    TABLE,
  );

// One mock for the whole file: every DynamoDBDocumentClient's send() is stubbed, so no test here
// can reach a network, and each test states the answer it wants.
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddb.reset();
});
afterAll(() => ddb.restore());

const faults: [string, () => Error][] = [
  [
    'ProvisionedThroughputExceededException',
    () => new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }),
  ],
  [
    'ThrottlingException',
    () => new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput', $metadata: {} }),
  ],
  ['a TimeoutError', timeoutError],
  ['a network error', networkError],
];

describe('RateLimiter arithmetic (in-memory sliding window)', () => {
  test('first hit: remaining = limit - 1, reset when its second leaves the window, no retryAfter', async () => {
    const counters = new MemoryRateCounterStore();
    const limiter = new RateLimiter(counters, { limit: 3, now: () => at(T0 + 15) + 500 });

    const decision = await limiter.hit('key:a');

    expect(decision).toEqual({ allowed: true, limit: 3, remaining: 2, reset: T0 + 15 + 61 });
    // A key's counts are its usage, kept 31 days, with its last use; an address's go with their hour.
    expect(counters.calls[0]).toMatchObject({
      principal: 'key:a',
      limit: 3,
      keepUntil: T0 + 15 + USAGE_KEPT_SECONDS,
      recordLastUse: true,
    });
    await limiter.hit('ip:192.0.2.1');
    expect(counters.calls[1]).toMatchObject({ principal: 'ip:192.0.2.1', keepUntil: 0, recordLastUse: false });
  });

  test('the limit-th hit is allowed with 0 remaining; the next waits for the oldest second to leave', async () => {
    const clock = manualClock(at(T0 + 15));
    const limiter = new RateLimiter(new MemoryRateCounterStore(), { limit: 3, now: clock.now });

    const decisions = [];
    for (const seconds of [0, 10, 20, 30, 40]) {
      clock.ms = at(T0 + 15 + seconds);
      decisions.push(await limiter.hit('key:a'));
    }

    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(decisions[2]).toMatchObject({ reset: T0 + 15 + 61 });
    expect(decisions[2]).not.toHaveProperty('retryAfter');
    expect(decisions[3]).toMatchObject({ reset: T0 + 76, retryAfter: 31 });
    expect(decisions[4]).toMatchObject({ reset: T0 + 76, retryAfter: 21 });
  });

  test('when several seconds must leave, retryAfter waits for the last of them', async () => {
    const clock = manualClock(at(T0));
    const limiter = new RateLimiter(new MemoryRateCounterStore(), { limit: 4, now: clock.now });
    for (const seconds of [0, 0, 5, 9]) {
      clock.ms = at(T0 + seconds);
      await limiter.hit('key:a');
    }
    clock.ms = at(T0 + 12);
    // Four counted: room comes back when second 0 leaves (two go), at T0 + 61.
    expect(await limiter.hit('key:a')).toMatchObject({ allowed: false, reset: T0 + 61, retryAfter: 49 });
    clock.ms = at(T0 + 61);
    expect(await limiter.hit('key:a')).toMatchObject({ allowed: true, remaining: 1, reset: T0 + 66 });
    expect(await limiter.hit('key:a')).toMatchObject({ allowed: true, remaining: 0, reset: T0 + 66 });
    expect(await limiter.hit('key:a')).toMatchObject({ allowed: false, retryAfter: 5 });
  });

  test('retryAfter is never below 1, even in the last fraction of a second', async () => {
    const clock = manualClock(at(T0) + 100);
    const limiter = new RateLimiter(new MemoryRateCounterStore(), { limit: 1, now: clock.now });
    await limiter.hit('ip:1.2.3.4');
    clock.ms = at(T0 + 60) + 999;

    const refused = await limiter.hit('ip:1.2.3.4');

    expect(refused).toMatchObject({ allowed: false, retryAfter: 1, reset: T0 + 61 });
    clock.ms = at(T0 + 61);
    expect((await limiter.hit('ip:1.2.3.4')).allowed).toBe(true);
  });

  test('principals are counted separately; a refused hit is counted as refused, not against the window', async () => {
    const counters = new MemoryRateCounterStore();
    const limiter = new RateLimiter(counters, { limit: 1, now: () => at(T0) });

    await limiter.hit(keyPrincipal('a'));
    await limiter.hit(keyPrincipal('a'));
    const other = await limiter.hit(ipPrincipal('10.0.0.1'));

    expect(other.allowed).toBe(true);
    expect(counters.minutes.get('key:a|')).toEqual(new Map([[T0, { counted: 1, refused: 1 }]]));
    expect(counters.windows.get('key:a')?.total).toBe(1);
  });

  test('principal names distinguish keys from addresses', () => {
    expect(keyPrincipal('key_1')).toBe('key:key_1');
    expect(ipPrincipal('203.0.113.7')).toBe('ip:203.0.113.7');
  });

  test.each([
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', 'ip:2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', '2001:db8:1:2::2', 'ip:2001:db8:1:2::/64'],
    ['::ffff:203.0.113.7', '203.0.113.7', 'ip:203.0.113.7'],
  ])('IPv6 callers are one principal per /64 (%s and %s), so walking a subnet resets no quota', (a, b, principal) => {
    expect([ipPrincipal(a), ipPrincipal(b)]).toEqual([principal, principal]);
    expect(ipPrincipal('2001:db8:1:3::1')).not.toBe(principal);
  });

  test('unavailable() is the conservative answer: nothing left, retry shortly', () => {
    const limiter = new RateLimiter(new MemoryRateCounterStore(), { limit: 60, now: () => at(T0 + 10) + 400 });

    expect(limiter.unavailable()).toEqual({
      allowed: false,
      limit: 60,
      remaining: 0,
      reset: T0 + 10 + UNAVAILABLE_RETRY_AFTER,
      retryAfter: UNAVAILABLE_RETRY_AFTER,
    });
  });

  test('rateLimitHeaders: integer strings, Retry-After only on a refusal', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 60, remaining: 59, reset: T0 + 60 })).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
      'X-RateLimit-Reset': String(T0 + 60),
    });
    expect(rateLimitHeaders({ allowed: false, limit: 60, remaining: 0, reset: T0 + 60, retryAfter: 12 })).toMatchObject(
      { 'Retry-After': '12' },
    );
  });

  test('rateLimitFromEnv: defaults to 60 and refuses anything but a positive integer', () => {
    expect(rateLimitFromEnv({})).toBe(60);
    expect(rateLimitFromEnv({ RATE_LIMIT_PER_MINUTE: '5' })).toBe(5);
    for (const bad of ['0', '-1', '1.5', 'abc'])
      expect(() => rateLimitFromEnv({ RATE_LIMIT_PER_MINUTE: bad })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});

describe('DynamoRateCounterStore over a mocked document client', () => {
  test("one conditional UpdateItem per hit on the hour's item, once it is seeded", async () => {
    // The item after a write: 7 let through, this window's first second before the 4th.
    ddb.on(UpdateCommand).resolves({ Attributes: { n: 7, d: -3, s160: 3, w60: 7, expiresAt: 1 } });
    const limiter = new RateLimiter(dynamoStore(), { limit: 10, now: () => at(T0 + 100) });

    const decision = await limiter.hit('key:k1');

    // A process that has not seen the item tries the seeding write first (mid-hour: nothing to carry over).
    expect(decision).toMatchObject({ allowed: true, remaining: 9, reset: T0 + 100 + 61 });
    const calls = ddb.commandCalls(UpdateCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toMatchObject({
      TableName: TABLE,
      Key: { pk: 'RATE#key:k1', sk: `HOUR#${T0}` },
      ConditionExpression: 'attribute_not_exists(#d) AND attribute_not_exists(#sealed)',
      ExpressionAttributeNames: expect.objectContaining({ '#count': 'w60' }),
      ExpressionAttributeValues: expect.objectContaining({ ':keep': T0 + 100 + USAGE_KEPT_SECONDS }),
    });
    // Then the usual write, its answer read from the item it returns. Having seen the window, the
    // process checks only the seconds that may have changed since, up to the mark it knows.
    expect(await limiter.hit('key:k1')).toMatchObject({ allowed: true, remaining: 6 });
    const next = ddb.commandCalls(UpdateCommand)[1]?.args[0].input;
    expect(next?.ConditionExpression).toBe(
      'attribute_exists(#d) AND attribute_not_exists(#sealed) AND (attribute_not_exists(s158) OR #d < s158) AND ' +
        '(attribute_not_exists(s159) OR #d < s159) AND (attribute_not_exists(s160) OR #d < s160)',
    );
  });

  test('a process new to an existing window reads it once, then checks only the mark that binds', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { n: 7, d: -3, s160: 3, w60: 7, expiresAt: 1 } });
    ddb.on(GetCommand).resolves({ Item: { n: 6, d: -4, s130: 1, s150: 3, w60: 6 } });
    ddb
      .on(UpdateCommand, { ConditionExpression: 'attribute_not_exists(#d) AND attribute_not_exists(#sealed)' })
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    const limiter = new RateLimiter(dynamoStore(), { limit: 10, now: () => at(T0 + 100) });

    // Seven let through since second 70's first (the total before it was 1): 4 left.
    expect(await limiter.hit('key:k1')).toMatchObject({ allowed: true, remaining: 4, reset: T0 + 70 + 61 });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
    expect(ddb.commandCalls(UpdateCommand)[1]?.args[0].input.ConditionExpression).toBe(
      'attribute_not_exists(#sealed) AND #d < s130',
    );
    // The second's mark is made: the next request in it only adds, the cheapest write there is.
    await limiter.hit('key:k1');
    expect(ddb.commandCalls(UpdateCommand)[2]?.args[0].input.UpdateExpression).toBe(
      'SET lastAt = :second ADD #count :one, #n :one, #d :one',
    );
  });

  test("the whole window's condition (a process that knows nothing of it) stays within DynamoDB's 4 KB", () => {
    const everySecond = Array.from({ length: 61 }, (_, i) => T0 + 3599 - 60 + i);
    expect(room(everySecond, T0).match(/\(attribute_not_exists\(s\d+\) OR #d < s\d+\)/g)).toHaveLength(61);
    expect(`attribute_exists(#d) AND attribute_not_exists(#sealed) AND ${room(everySecond, T0)}`.length).toBeLessThan(
      4096,
    );
  });

  test.each(faults)(
    '%s from UpdateItem -> the limiter rejects with StoreUnavailableError',
    async (_name, makeError) => {
      const cause = makeError();
      ddb.on(UpdateCommand).rejects(cause);
      const limiter = new RateLimiter(dynamoStore(), { limit: 10 });

      const failure = await limiter.hit('key:k1').then(
        () => undefined,
        (error: unknown) => error,
      );

      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect((failure as Error).message).toMatch(/^DynamoDB UpdateItem failed: /);
      expect((failure as Error).cause).toBe(cause);
    },
  );

  test('guarded() lets a failed condition through unchanged: it is an answer, not an outage', async () => {
    const conditionFailed = new ConditionalCheckFailedException({
      message: 'The conditional request failed',
      $metadata: {},
    });
    await expect(guarded('PutItem', () => Promise.reject(conditionFailed))).rejects.toBe(conditionFailed);
  });
});

describe('the Middy stack when the counter store fails', () => {
  const invoke = async (makeError: () => Error) => {
    ddb.on(UpdateCommand).rejects(makeError());
    const handler = jest.fn<RouteHandler<Routes['rankCard']>>(async () => svgResponse('<svg/>'));
    const limiter = new RateLimiter(dynamoStore(), { limit: 60 });
    const lambda = wrapRoute(routes.rankCard, handler, allServices(limiter));
    const result: APIGatewayProxyResult = await lambda(
      proxyEvent({ requestId: 'req-503', sourceIp: '203.0.113.7' }),
      lambdaContext(),
    );
    return { result, handler };
  };

  test.each(faults)(
    '%s -> 503 SERVICE_UNAVAILABLE envelope, Retry-After, rate headers, handler not called',
    async (_name, makeError) => {
      const { result, handler } = await invoke(makeError);

      expect(result.statusCode).toBe(503);
      expect(handler).not.toHaveBeenCalled();
      const body = envelopeOf(result);
      expect(body).toMatchObject({
        success: false,
        error: { code: 'SERVICE_UNAVAILABLE' },
        meta: { requestId: 'req-503' },
      });
      expect(typeof body.error.message).toBe('string');
      expect(new Date(body.meta.generatedAt).toISOString()).toBe(body.meta.generatedAt);
      // Nothing about the infrastructure leaks to the client.
      expect(result.body).not.toMatch(/UpdateItem|ECONNREFUSED|Throughput|stack/i);

      expect(header(result, 'Retry-After')).toMatch(INTEGER);
      expect(Number(header(result, 'Retry-After'))).toBeGreaterThanOrEqual(1);
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
        expect(header(result, name)).toMatch(INTEGER);
      expect(header(result, 'X-RateLimit-Limit')).toBe('60');
      expect(header(result, 'X-RateLimit-Remaining')).toBe('0');
      expect(header(result, 'X-Request-Id')).toBe('req-503');
      expect(header(result, 'Content-Type')).toMatch(/^application\/json/);
    },
  );

  test('the key principal from the authorizer context is the one counted', async () => {
    await invoke(networkError);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input.Key).toMatchObject({ pk: 'RATE#key:key_x' });
  });
});
