import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startEmbeddedDynamo, type EmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import type { LocalServer } from '../../infra/local/server';
import { routeList, type RouteEntry, type RouteId } from '../../shared/routes/table';
import { UNAVAILABLE_RETRY_AFTER } from '../../shared/errors/unavailable';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY, startTestApi, type Reply } from '../support/localApi';
import { exampleRequest } from '../support/routeExamples';
import { startSilentPeer, type SilentPeer } from '../support/silentPeer';

/**
 * One time budget per request (shared/aws/requestBudget.ts): a store that accepts connections and
 * never answers makes every route a 503 within 3 s, however many store calls the route would make
 * in turn (a signed-in route reads its session, then counts the request). The budget is 2.5 s, so
 * 3 s leaves half a second for a loaded machine; before it, each call had 2.5 s of its own and a
 * dashboard call took 5 s.
 */
const KEY = 'request-budget-key-0123456789';
const WITHIN_MS = 3_000;

let dynamo: EmbeddedDynamo;
let store: SilentPeer;
let api: LocalServer;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  store = await startSilentPeer(dynamo.endpoint);
  api = await startTestApi({ localApiKey: KEY, dynamoEndpoint: store.endpoint });
}, 30_000);
afterAll(async () => {
  await api?.close();
  await Promise.all([store?.close(), dynamo?.close()]);
});

/** The request, and how long its answer took. */
async function timed(name: string, send: () => Promise<Reply>): Promise<{ name: string; reply: Reply; ms: number }> {
  const started = performance.now();
  const reply = await send();
  return { name, reply, ms: performance.now() - started };
}

test('a store that accepts and never answers: every dashboard API route, and an image, a bots and the relay route, answer 503 within 3 s', async () => {
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
      return timed(`${method} ${route.path}`, () => browser.send(`${api.url}${path}`, { method, headers: { ...headers, 'X-CSRF-Token': csrf }, body }));
    });
  const byId = (id: RouteId) => routeList.find((route) => route.id === id) as RouteEntry;
  const keyed = [byId('rankCard'), byId('getBot')].map((route) => {
    const { method, path } = exampleRequest(route);
    return timed(`${method} ${route.path}`, () => call(`${api.url}${path}`, { method, key: KEY }));
  });
  const relay = exampleRequest(byId('relayWebhook'));
  // The relay's answers are its own {message, code}; a 503 all the same.
  const outcomes = await Promise.all([
    ...dashboard,
    ...keyed,
    timed('relay', () => call(`${api.url}${relay.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'ping' }, body: '{}' })),
  ]);

  expect(outcomes.length).toBeGreaterThanOrEqual(14);
  for (const { name, reply } of outcomes) {
    expect([name, reply.status, reply.headers.get('retry-after')]).toEqual([name, 503, String(UNAVAILABLE_RETRY_AFTER)]);
    if (name !== 'relay') expectErrorEnvelope(reply, 503, 'SERVICE_UNAVAILABLE');
  }
  const slow = outcomes.filter(({ ms }) => ms >= WITHIN_MS).map(({ name, ms }) => `${name}: ${Math.round(ms)} ms`);
  expect(slow).toEqual([]);
}, 20_000);
