import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { discordJson } from '../support/fakeDiscord';
import { withinOneWindow } from '../support/fixedWindow';
import { callFrom } from '../support/fromAddress';
import type { Reply } from '../support/localApi';
import { RELAY_KEY, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * Registering secrets asks Discord about a webhook as the relay does: a pair never seen valid counts
 * against RELAY_NEW_PAIRS_PER_MINUTE (3 here) per source address, per API key and per account, and
 * is not asked about at all while the brake is on. Other loopback addresses play other clients.
 */
// The first key is the dashboard's signed-in account's; the others (and RELAY_KEY) each an account of their own.
const OWN_KEY = 'limits-own-key-0123456789';
const THIRD_KEY = 'limits-third-key-0123456789';
const BRAKE_KEY = 'limits-brake-key-0123456789';
let relay: RelayHarness;
let browser: DashboardBrowser;
let csrf: string;
beforeAll(async () => {
  relay = await startRelayHarness({
    newPairsPerMinute: 3,
    brakeAt: 2,
    server: { localApiKey: `${OWN_KEY},${THIRD_KEY},${BRAKE_KEY}` },
  });
  browser = new DashboardBrowser(relay.api.url);
  expect((await browser.signIn()).status).toBe(302);
  csrf = await browser.csrf();
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

const putFrom = (address: string, key: string, id = relay.hookId()) =>
  callFrom(address, `${relay.api.url}/v1/webhooks/${id}/${TOKEN}`, {
    method: 'PUT',
    key,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ secrets: { github: 'a-signing-secret' } }),
  });
const saveOnDashboard = (id = relay.hookId()) =>
  browser.api(
    'POST',
    '/webhooks',
    { webhookUrl: `https://discord.com/api/webhooks/${id}/${TOKEN}`, secrets: {} },
    csrf,
  );
const asked = () => relay.discord.seen.filter((request) => request.method === 'GET');

function expectPaced(reply: Reply, what: RegExp): void {
  expectErrorEnvelope(reply, 429, 'RATE_LIMITED');
  expect(reply.json.error.message).toMatch(what);
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  expect([reply.headers.get('x-ratelimit-limit'), reply.headers.get('x-ratelimit-remaining')]).toEqual(['3', '0']);
}

test('secrets PUT: the 4th new webhook a minute from one address is 429, the key still limited', async () => {
  await withinOneWindow(60);
  for (let n = 0; n < 3; n += 1) expect((await putFrom('127.0.0.2', RELAY_KEY)).status).toBe(200);
  expectPaced(await putFrom('127.0.0.2', RELAY_KEY), /At most 3 new webhooks a minute from this address/);
  expectPaced(await putFrom('127.0.0.3', RELAY_KEY), /At most 3 new webhooks a minute for this API key/);
  expect(asked()).toHaveLength(3);
});

test('dashboard save: the account is bounded too, whether it asks through the dashboard or its API key', async () => {
  await withinOneWindow(60);
  for (let n = 0; n < 3; n += 1) expect((await saveOnDashboard()).status).toBe(200);
  expectPaced(await saveOnDashboard(), /At most 3 new webhooks a minute from this address/);
  // Its own key, from an address and with a key that have asked about nothing yet.
  expectPaced(await putFrom('127.0.0.4', OWN_KEY), /At most 3 new webhooks a minute for this account/);
  expect(asked()).toHaveLength(3);
});

test('a webhook Discord confirmed is not counted: it may be registered again past the limit', async () => {
  await withinOneWindow(60);
  const known = relay.hookId();
  expect((await putFrom('127.0.0.5', THIRD_KEY, known)).status).toBe(200);
  for (let n = 0; n < 2; n += 1) expect((await putFrom('127.0.0.5', THIRD_KEY)).status).toBe(200);
  expectPaced(await putFrom('127.0.0.5', THIRD_KEY), /from this address/);
  expect((await putFrom('127.0.0.5', THIRD_KEY, known)).status).toBe(200);
  expect(asked()).toHaveLength(4);
});

// Last: the brake stays on for the rest of its 10-minute window.
test('with the brake on, registering a new webhook asks Discord nothing: 503 with Retry-After', async () => {
  relay.discord.script(
    discordJson(404, { message: 'Unknown Webhook', code: 10015 }),
    discordJson(401, { message: '401: Unauthorized', code: 0 }),
  );
  expectErrorEnvelope(await putFrom('127.0.0.6', BRAKE_KEY), 404, 'NOT_FOUND');
  expectErrorEnvelope(await putFrom('127.0.0.7', BRAKE_KEY), 403, 'FORBIDDEN');
  relay.resetDiscord();
  for (const braked of [await putFrom('127.0.0.8', THIRD_KEY), await saveOnDashboard()]) {
    expectErrorEnvelope(braked, 503, 'SERVICE_UNAVAILABLE');
    expect(braked.json.error.message).toMatch(/not trying new webhooks/);
    expect(Number(braked.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  expect(relay.discord.seen).toHaveLength(0);
});
