import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startEmbeddedDynamo, type EmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import type { LocalServer } from '../../infra/local/server';
import { secretBoxFromEnv } from '../../shared/crypto/secretBox';
import { expectErrorEnvelope } from '../support/envelope';
import { startFakeDiscord, type FakeDiscord } from '../support/fakeDiscord';
import { call, RANK_CARD_QUERY, type Reply } from '../support/localApi';
import { startSilentPeer, type SilentPeer } from '../support/silentPeer';
import { startTestApi } from '../support/localApi';
import { StoreUnavailableError } from '../../shared/errors/unavailable';

/**
 * DynamoDB and KMS endpoints that accept the connection and then never answer (a stalled
 * service, not a refused port): every request still ends within 3 s, as a 503 with Retry-After.
 */
const KEY = 'silent-aws-key-0123456789';
const WITHIN_MS = 3_000;
const AWS_ENV = ['SECRETS_KMS_KEY_ID', 'AWS_ENDPOINT_URL_KMS', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
const saved = Object.fromEntries(AWS_ENV.map((name) => [name, process.env[name]]));

let dynamo: EmbeddedDynamo;
let store: SilentPeer;
let kms: SilentPeer;
let discord: FakeDiscord;
let api: LocalServer;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  store = await startSilentPeer(dynamo.endpoint);
  kms = await startSilentPeer();
  discord = await startFakeDiscord();
  // The functions seal with "KMS" at the silent peer, as a Lambda does with the stack's key.
  Object.assign(process.env, {
    SECRETS_KMS_KEY_ID: 'alias/silent',
    AWS_ENDPOINT_URL_KMS: kms.endpoint,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
  });
  api = await startTestApi({ localApiKey: KEY, dynamoEndpoint: store.endpoint, discordApiBase: discord.apiBase });
}, 30_000);
afterAll(async () => {
  for (const name of AWS_ENV)
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  await api?.close();
  await Promise.all([store?.close(), kms?.close(), discord?.close(), dynamo?.close()]);
});

/** A request, and how long its answer took. */
async function timed(url: string, init: Parameters<typeof call>[1] = {}): Promise<{ reply: Reply; ms: number }> {
  const started = performance.now();
  const reply = await call(url, init);
  return { reply, ms: performance.now() - started };
}

function expectFastOutage({ reply, ms }: { reply: Reply; ms: number }) {
  expectErrorEnvelope(reply, 503, 'SERVICE_UNAVAILABLE');
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(ms).toBeLessThan(WITHIN_MS);
}

test('KMS that accepts and never answers: PUT of webhook secrets is a 503 within 3 s', async () => {
  const reply = await timed(`${api.url}/v1/webhooks/123456789012345678/${'t'.repeat(68)}`, {
    method: 'PUT',
    key: KEY,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ secrets: { github: 'a-signing-secret' } }),
  });
  expectFastOutage(reply);
  expect(kms.accepted()).toBeGreaterThan(0);
});

test('the secret box alone: sealing at a silent KMS fails as an outage within 3 s', async () => {
  const started = performance.now();
  await expect(secretBoxFromEnv().seal('x', { purpose: 'test' })).rejects.toBeInstanceOf(StoreUnavailableError);
  expect(performance.now() - started).toBeLessThan(WITHIN_MS);
});

test('DynamoDB that never answers: keyed, unkeyed and cached-key requests are 503s within 3 s', async () => {
  const rankCard = `${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;
  expect((await call(rankCard, { key: KEY })).status).toBe(200); // the key's allow is now cached
  store.silence();
  const outcomes = await Promise.all([
    timed(`${api.url}/openapi.json`),
    timed(rankCard, { key: KEY }),
    timed(rankCard, { key: 'a-key-nobody-has-0123456789' }),
  ]);
  for (const outcome of outcomes) expectFastOutage(outcome);
}, 15_000);
