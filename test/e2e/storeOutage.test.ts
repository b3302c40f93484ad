import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startEmbeddedDynamo, type EmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import type { LocalServer } from '../../infra/local/server';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY, rateHeaders, startTestApi } from '../support/localApi';

// The store is started separately so the test can stop it under the running API.
const KEY = 'outage-key-0123456789';
let dynamo: EmbeddedDynamo;
let api: LocalServer;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  api = await startTestApi({ localApiKey: KEY, dynamoEndpoint: dynamo.endpoint });
});
afterAll(async () => {
  await api.close();
});

test('DynamoDB unreachable -> 503 envelopes with Retry-After, never a 500', async () => {
  const url = `${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;
  expect((await call(url, { key: KEY })).status).toBe(200); // the key's allow is now cached
  await dynamo.close();

  // Cached key: the authorizer is skipped, and the limiter cannot count -> fails closed.
  const limited = await call(url, { key: KEY });
  expectErrorEnvelope(limited, 503, 'SERVICE_UNAVAILABLE');
  expect(limited.headers.get('retry-after')).toBe('5');
  expect(rateHeaders(limited).remaining).toBe(0);

  // Unknown key: the authorizer itself cannot read the key store.
  const unauthorized = await call(url, { key: 'never-seen-key-123' });
  expectErrorEnvelope(unauthorized, 503, 'SERVICE_UNAVAILABLE');
  expect(unauthorized.headers.get('retry-after')).toBe('5');
  expect(rateHeaders(unauthorized)).toMatchObject({ limit: 60, remaining: 0 });
});
