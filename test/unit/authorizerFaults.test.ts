import { afterAll, beforeEach, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { ProvisionedThroughputExceededException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { authorize, stageWildcard } from '../../shared/access/authorizer';
import { generateKeyId, generateKeyValue, hashKey, readBearer, sameHash } from '../../shared/access/keys';
import { RateLimiter } from '../../shared/access/rateLimiter';
import { DynamoApiKeyStore } from '../../shared/store/apiKeys';
import { createDocumentClient } from '../../shared/store/client';
import { DynamoRateCounterStore } from '../../shared/store/rateCounters';
import {
  METHOD_ARN,
  MemoryApiKeyStore,
  authorizerEvent,
  keyRecord,
  memoryLimiter,
  networkError,
  timeoutError,
} from './fixtures';
import { StoreUnavailableError } from '../../shared/errors/unavailable';

const KEY = 'cbk_live-key-0123456789';
const REVOKED_KEY = 'cbk_revoked-key-9876543210';
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

const statementOf = (result: APIGatewayAuthorizerResult) =>
  result.policyDocument.Statement[0] as { Effect: string; Resource: string; Action: string };

// Every DynamoDBDocumentClient in this file is stubbed: nothing reaches a network.
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddb.reset();
});
afterAll(() => ddb.restore());

describe('authorize() when DynamoDB cannot answer', () => {
  const TABLE = 't1x';
  const db = () => createDocumentClient({ tableName: TABLE, region: 'us-east-1', endpoint: 'http://127.0.0.1:9' });

  const faults: [string, () => Error][] = [
    [
      'ProvisionedThroughputExceededException',
      () => new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }),
    ],
    ['ThrottlingException', () => new ThrottlingException({ message: 'throttled', $metadata: {} })],
    ['a TimeoutError', timeoutError],
    ['a network error', networkError],
  ];

  test.each(faults)(
    'GetItem fails with %s -> authorize rejects with StoreUnavailableError (503 at the gateway)',
    async (_name, makeError) => {
      ddb.on(GetCommand).rejects(makeError());
      const { counters, limiter } = memoryLimiter();

      const failure = await authorize(authorizerEvent(bearer(KEY)), {
        apiKeys: new DynamoApiKeyStore(db(), TABLE),
        limiter,
      }).then(
        (result) => result,
        (error: unknown) => error,
      );

      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect((failure as Error).message).toMatch(/^DynamoDB GetItem failed/);
      // Not a deny: an outage must not be turned into a 401 (and nothing is counted).
      expect(counters.calls).toHaveLength(0);
    },
  );

  test('the key lookup is one strongly consistent GetItem by hash, never by the key itself', async () => {
    ddb.on(GetCommand).resolves({});
    const { limiter } = memoryLimiter();

    await authorize(authorizerEvent(bearer(KEY)), { apiKeys: new DynamoApiKeyStore(db(), TABLE), limiter });

    const calls = ddb.commandCalls(GetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { pk: `KEY#${sha256Hex(KEY)}`, sk: 'APIKEY' },
      ConsistentRead: true,
    });
    expect(JSON.stringify(calls[0]?.args[0].input)).not.toContain(KEY);
  });

  test('a deny whose rate counter cannot be written rejects, instead of a 401 without numbers', async () => {
    ddb.on(UpdateCommand).rejects(new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }));
    const limiter = new RateLimiter(new DynamoRateCounterStore(db(), TABLE), { limit: 60 });

    await expect(authorize(authorizerEvent({}), { apiKeys: new MemoryApiKeyStore(), limiter })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });
});

describe('authorize() with working stores', () => {
  let apiKeys: MemoryApiKeyStore;
  let deps: { apiKeys: MemoryApiKeyStore; limiter: RateLimiter };
  let counters: ReturnType<typeof memoryLimiter>['counters'];

  beforeEach(async () => {
    apiKeys = new MemoryApiKeyStore();
    await apiKeys.put(keyRecord(KEY, { id: 'key_live', owner: 'alice' }));
    await apiKeys.put(keyRecord(REVOKED_KEY, { id: 'key_gone', revokedAt: '2026-01-02T00:00:00.000Z' }));
    const made = memoryLimiter(3);
    counters = made.counters;
    deps = { apiKeys, limiter: made.limiter };
  });

  const denials: [string, Record<string, string> | null, RegExp][] = [
    ['no headers at all', null, /^Missing API key/],
    ['no Authorization header', { Accept: 'image/svg+xml' }, /^Missing API key/],
    ['a blank Authorization header', { Authorization: '   ' }, /^Missing API key/],
    ['Basic credentials', { Authorization: 'Basic abc' }, /^Malformed Authorization header/],
    ['Bearer without a token', { Authorization: 'Bearer' }, /^Malformed Authorization header/],
    ['Bearer and a space without a token', { Authorization: 'Bearer ' }, /^Malformed Authorization header/],
    ['a token with a space inside', { Authorization: 'Bearer abc def' }, /^Malformed Authorization header/],
    ['an unknown key', bearer('cbk_nobody-has-this-key'), /^Invalid API key$/],
    ['a revoked key', bearer(REVOKED_KEY), /revoked/],
  ];

  test.each(denials)(
    '%s -> Deny with an UNAUTHORIZED context and rate-limit numbers',
    async (_name, headers, message) => {
      const result = await authorize(authorizerEvent(headers), deps);

      expect(result.principalId).toBe('anonymous');
      expect(result.usageIdentifierKey).toBeUndefined();
      expect(statementOf(result)).toEqual({ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: METHOD_ARN });
      const context = result.context ?? {};
      expect(context.code).toBe('UNAUTHORIZED');
      expect(context.message).toMatch(message);
      for (const field of ['rateLimitLimit', 'rateLimitRemaining', 'rateLimitReset'] as const)
        expect(Number.isInteger(context[field])).toBe(true);
      expect(context.rateLimitLimit).toBe(3);
      expect(context.rateLimitRemaining).toBe(2);
      expect(context).not.toHaveProperty('rateLimitRetryAfter');
      // Unauthenticated attempts are counted against the caller's address.
      expect(counters.calls.map((call) => call.principal)).toEqual(['ip:198.51.100.9']);
    },
  );

  test('denials beyond the per-address quota carry rateLimitRetryAfter', async () => {
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await authorize(authorizerEvent({ Authorization: 'Basic abc' }), deps));

    expect(results.map((r) => r.context?.rateLimitRemaining)).toEqual([2, 1, 0, 0]);
    expect(results[2]?.context).not.toHaveProperty('rateLimitRetryAfter');
    const retryAfter = results[3]?.context?.rateLimitRetryAfter;
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
  });

  test('a valid key -> Allow on the whole stage, the key id as principal and its SHA-256 as usage key', async () => {
    const result = await authorize(authorizerEvent(bearer(KEY)), deps);

    expect(result.principalId).toBe('key_live');
    expect(result.usageIdentifierKey).toBe(sha256Hex(KEY));
    expect(result.usageIdentifierKey).toMatch(/^[0-9a-f]{64}$/);
    expect(statementOf(result)).toEqual({
      Action: 'execute-api:Invoke',
      Effect: 'Allow',
      Resource: 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/v1/*',
    });
    // A key from before slot indexes were recorded holds none: no quota line, it is limited per key only.
    expect(result.context).toEqual({ keyId: 'key_live', owner: 'alice', keyHash: hashKey(KEY) });
    // The per-key count happens once, in the function's middleware, not here too.
    expect(counters.calls).toHaveLength(0);
  });

  test("the quota line: the owner's slot index the key holds; none for a key holding none", async () => {
    const [slotted, unslotted] = ['slotted-key-0123456789', 'unslotted-key-0123456789'];
    await apiKeys.put(keyRecord(slotted, { id: 'key_slotted', owner: 'bob', holdsSlot: true, slot: 2 }));
    await apiKeys.put(keyRecord(unslotted, { id: 'key_unslotted', owner: 'local', holdsSlot: false }));

    expect((await authorize(authorizerEvent(bearer(slotted)), deps)).context).toEqual({
      keyId: 'key_slotted',
      owner: 'bob',
      keyHash: hashKey(slotted),
      quotaLine: 'bob#2',
    });
    expect((await authorize(authorizerEvent(bearer(unslotted)), deps)).context).toEqual({
      keyId: 'key_unslotted',
      owner: 'local',
      keyHash: hashKey(unslotted),
    });
  });

  test.each(['authorization', 'AUTHORIZATION', 'aUtHoRiZaTiOn'])('the header name %s is accepted', async (name) => {
    const result = await authorize(authorizerEvent({ [name]: `Bearer ${KEY}` }), deps);

    expect(statementOf(result).Effect).toBe('Allow');
    expect(result.principalId).toBe('key_live');
  });

  test('surrounding whitespace around the header value is tolerated', async () => {
    const result = await authorize(authorizerEvent({ Authorization: `  Bearer ${KEY}  ` }), deps);
    expect(statementOf(result).Effect).toBe('Allow');
  });

  test('every context value is a string, number or boolean, as API Gateway requires', async () => {
    const results = [
      await authorize(authorizerEvent(bearer(KEY)), deps),
      ...(await Promise.all([1, 2, 3, 4].map(() => authorize(authorizerEvent({}), deps)))),
    ];
    for (const result of results) {
      for (const value of Object.values(result.context ?? {}))
        expect(['string', 'number', 'boolean']).toContain(typeof value);
    }
  });
});

describe('keys', () => {
  test('readBearer distinguishes missing from malformed and returns the token', () => {
    expect(readBearer(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(readBearer({ authorization: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(readBearer({ Authorization: 'Token abc' })).toEqual({ ok: false, reason: 'malformed' });
    expect(readBearer({ Authorization: `Bearer ${'k'.repeat(513)}` })).toEqual({ ok: false, reason: 'malformed' });
    expect(readBearer({ Authorization: 'Bearer a\u00e9b' })).toEqual({ ok: false, reason: 'malformed' });
    expect(readBearer({ Authorization: `Bearer ${'k'.repeat(512)}` })).toEqual({ ok: true, key: 'k'.repeat(512) });
    expect(readBearer({ AUTHORIZATION: 'Bearer abc' })).toEqual({ ok: true, key: 'abc' });
    // The scheme name is case-insensitive.
    expect(readBearer({ Authorization: 'bearer abc' })).toEqual({ ok: true, key: 'abc' });
    expect(readBearer({ Authorization: 'BEARER abc' })).toEqual({ ok: true, key: 'abc' });
  });

  test('hashKey is SHA-256 in lowercase hex', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('sameHash: equal digests only, never two empty or undecodable values', () => {
    const digest = hashKey('a');
    expect(sameHash(digest, digest.toUpperCase())).toBe(true);
    expect(sameHash(digest, hashKey('b'))).toBe(false);
    expect(sameHash(digest, digest.slice(0, 62))).toBe(false);
    expect(sameHash('', '')).toBe(false);
    expect(sameHash('zz', 'zz')).toBe(false);
  });

  test('generated values and ids have their documented shapes and do not repeat', () => {
    expect(generateKeyValue()).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(generateKeyId()).toMatch(/^key_[0-9a-f]{16}$/);
    expect(generateKeyValue()).not.toBe(generateKeyValue());
  });

  test('stageWildcard keeps the api and stage and opens every method and path', () => {
    expect(stageWildcard('arn:aws:execute-api:eu-west-1:1:api/prod/POST/v1/bots/*/stats')).toBe(
      'arn:aws:execute-api:eu-west-1:1:api/prod/*',
    );
  });
});
