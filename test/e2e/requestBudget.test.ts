import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startEmbeddedDynamo, type EmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import type { LocalServer } from '../../infra/local/server';
import { routeList, type RouteEntry, type RouteId } from '../../shared/routes/table';
import { UNAVAILABLE_RETRY_AFTER } from '../../shared/errors/unavailable';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY, startTestApi, type Reply } from '../support/localApi';
import { exampleRequest } from '../support/routeExamples';
import { startFakeDiscord, type FakeDiscord } from '../support/fakeDiscord';
import { startSilentPeer, type SilentPeer } from '../support/silentPeer';

/**
 * One time budget per request (shared/aws/requestBudget.ts): with a store that accepts connections
 * and never answers, every route answers 503 within 3 s however many store calls it makes, the
 * budget being 2.5 s. Key routes share the budget from the gateway's key check to the function's
 * last call (docs/design.md, "The request budget").
 */
const KEY = 'request-budget-key-0123456789';
/** Seeded and never used before the store slows down: the authorizer has to read it. */
const UNCACHED_KEY = 'request-budget-key-uncached-0123';
const WITHIN_MS = 3_000;
/** Slow, not stalled: each call answers within the SDK's 1 s per attempt, and two or three in turn pass the budget. */
const SLOW_ANSWER_MS = 900;

let dynamo: EmbeddedDynamo;
let store: SilentPeer;
let discord: FakeDiscord;
let api: LocalServer;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  store = await startSilentPeer(dynamo.endpoint);
  discord = await startFakeDiscord();
  api = await startTestApi({
    localApiKey: `${KEY},${UNCACHED_KEY}`,
    dynamoEndpoint: store.endpoint,
    discordApiBase: discord.apiBase,
  });
}, 30_000);
afterAll(async () => {
  await api?.close();
  await Promise.all([store?.close(), dynamo?.close(), discord?.close()]);
});

const byId = (id: RouteId) => routeList.find((route) => route.id === id) as RouteEntry;

/** The request, and how long its answer took. */
async function timed(name: string, send: () => Promise<Reply>): Promise<{ name: string; reply: Reply; ms: number }> {
  const started = performance.now();
  const reply = await send();
  return { name, reply, ms: performance.now() - started };
}

// First: the stalled store of the next test leaves its connections silent for good.
test('a slow store: key routes answer (or 503) within 3 s, all steps sharing one budget', async () => {
  // KEY's allow cached and both groups loaded (as warm Lambdas are) while the store answers at once.
  expect((await call(`${api.url}/v1/bots`, { key: KEY })).status).toBe(200);
  expect((await call(`${api.url}/webhooks`)).status).toBe(200);
  const secrets = exampleRequest(byId('putWebhookSecrets'));
  const putSecrets = (key: string) => () =>
    call(`${api.url}${secrets.path}`, { method: 'PUT', key, headers: secrets.headers, body: secrets.body });
  // Each with its normal answer, which a request gives when its calls fit the budget. The PUT makes
  // four calls or more in turn (count, key check, the pair's record, ...): before, 3.4 s either way.
  const requests: [name: string, normal: number, send: () => Promise<Reply>][] = [
    ['PUT /v1/webhooks/{id}/{token}, key cached', 200, putSecrets(KEY)],
    ['PUT /v1/webhooks/{id}/{token}, key not cached', 200, putSecrets(UNCACHED_KEY)],
    ['GET /v1/bots, key cached', 200, () => call(`${api.url}/v1/bots`, { key: KEY })],
    ['GET /v1/bots, key unknown', 401, () => call(`${api.url}/v1/bots`, { key: 'request-budget-key-unknown-0123' })],
  ];
  store.answerAfter(SLOW_ANSWER_MS);
  let outcomes: { name: string; reply: Reply; ms: number; normal: number }[];
  try {
    outcomes = await Promise.all(
      requests.map(async ([name, normal, send]) => ({ ...(await timed(name, send)), normal })),
    );
  } finally {
    store.answerAfter(0);
  }
  const unexpected = outcomes.filter(
    ({ reply, normal }) =>
      reply.status !== normal &&
      (reply.status !== 503 || reply.headers.get('retry-after') !== String(UNAVAILABLE_RETRY_AFTER)),
  );
  expect(unexpected.map(({ name, reply }) => `${name}: ${reply.status} ${reply.text}`)).toEqual([]);
  const slow = outcomes
    .filter(({ ms }) => ms >= WITHIN_MS)
    .map(({ name, reply, ms }) => `${name}: ${reply.status} in ${Math.round(ms)} ms`);
  expect(slow).toEqual([]);
}, 20_000);

test('a store that never answers: dashboard, image, bots and relay routes answer 503 within 3 s', async () => {
  // Signed in, the key's allow cached and every group loaded (as a warm Lambda is) while the store still answers.
  const browser = new DashboardBrowser(api.url);
  await browser.signIn();
  const csrf = await browser.csrf();
  expect((await call(`${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`, { key: KEY })).status).toBe(200);
  expect((await call(`${api.url}/v1/bots`, { key: KEY })).status).toBe(200);
  expect((await browser.api('GET', '/webhooks')).status).toBe(200);
  store.silence();

  const dashboard = routeList
    .filter((route) => route.path.startsWith('/dashboard/api/'))
    .map((route) => {
      const { method, path, headers, body } = exampleRequest(route);
      return timed(`${method} ${route.path}`, () =>
        browser.send(`${api.url}${path}`, { method, headers: { ...headers, 'X-CSRF-Token': csrf }, body }),
      );
    });
  const keyed = [byId('rankCard'), byId('getBot')].map((route) => {
    const { method, path } = exampleRequest(route);
    return timed(`${method} ${route.path}`, () => call(`${api.url}${path}`, { method, key: KEY }));
  });
  const relay = exampleRequest(byId('relayWebhook'));
  // The relay's answers are its own {message, code}; a 503 all the same.
  const outcomes = await Promise.all([
    ...dashboard,
    ...keyed,
    timed('relay', () =>
      call(`${api.url}${relay.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'ping' },
        body: '{}',
      }),
    ),
  ]);

  expect(outcomes.length).toBeGreaterThanOrEqual(14);
  for (const { name, reply } of outcomes) {
    expect([name, reply.status, reply.headers.get('retry-after')]).toEqual([
      name,
      503,
      String(UNAVAILABLE_RETRY_AFTER),
    ]);
    if (name !== 'relay') expectErrorEnvelope(reply, 503, 'SERVICE_UNAVAILABLE');
  }
  const slow = outcomes.filter(({ ms }) => ms >= WITHIN_MS).map(({ name, ms }) => `${name}: ${Math.round(ms)} ms`);
  expect(slow).toEqual([]);
}, 20_000);
