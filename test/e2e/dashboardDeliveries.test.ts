import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { discordJson } from '../support/fakeDiscord';
import { githubDelivery, githubPayloads, githubSignature } from '../fixtures/github/payloads';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * Every attempt at a webhook of yours on the dashboard, through the local server and a fake
 * Discord: forwarded, queued, refused by Discord, a forged signature and a duplicate, each with
 * its outcome and time and filterable by it; a webhook's name, and its relay token kept for a copy.
 */
let relay: RelayHarness;
let browser: DashboardBrowser;
let csrf: string;
beforeAll(async () => {
  relay = await startRelayHarness({
    rateLimit: 100_000,
    retryBackoffSeconds: 3600,
    server: { localApiKey: 'dashboard-deliveries-key-0123' },
  });
  browser = new DashboardBrowser(relay.api.url);
  expect((await browser.signIn()).status).toBe(302);
  csrf = await browser.csrf();
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

const SECRET = 'deliveries-signing-secret';
/** A GitHub star of its own body (one signature is one delivery), as `deliveryId`. */
const star = (deliveryId: string) =>
  githubDelivery('star', deliveryId, { ...(githubPayloads.star as object), relayTest: deliveryId });
/** A GitHub star, signed with `secret` (a forged one with another). */
function signedStar(id: string, deliveryId: string, secret = SECRET) {
  const delivery = star(deliveryId);
  return relay.send(id, 'github', delivery, {
    headers: { 'X-Hub-Signature-256': githubSignature(delivery.body, secret) },
  });
}
const register = (id: string, body: Record<string, unknown> = {}) =>
  browser.api(
    'POST',
    '/webhooks',
    { webhookUrl: `https://discord.com/api/webhooks/${id}/${TOKEN}`, secrets: { github: SECRET }, ...body },
    csrf,
  );

interface Row {
  deliveryId: string;
  event: string;
  outcome: string;
  count: number;
  receivedAt: string;
  replayable: boolean;
}
interface Listed {
  webhookId: string;
  name: string;
  tokenEnd: string | null;
  deliveries: Row[];
}
async function listed(id: string, outcome?: string): Promise<Listed | undefined> {
  const reply = await browser.api('GET', `/webhooks${outcome ? `?outcome=${outcome}` : ''}`);
  expect(reply.status).toBe(200);
  return (reply.json.data.webhooks as Listed[]).find((hook) => hook.webhookId === id);
}

describe('every attempt is listed with its outcome', () => {
  test('forwarded, duplicate, forged signature, queued and refused by Discord; each filter lists its own', async () => {
    const id = relay.hookId();
    expect((await register(id)).status).toBe(200);
    expectAnswer(await signedStar(id, 'first'), 200, /^forwarded: star$/);
    expectAnswer(await signedStar(id, 'first'), 200, /^duplicate: star$/);
    expectAnswer(await signedStar(id, 'forged', 'not-the-secret'), 401, /does not match/, 'UNAUTHORIZED');
    // Refused as invalid before the failure: a delivery after a queued one waits behind it.
    relay.discord.script(discordJson(400, { code: 50035, message: 'Invalid Form Body' }));
    expectAnswer(await signedStar(id, 'invalid'), 400, /refused the message as invalid/, 'INVALID_BODY');
    relay.discord.script(discordJson(500, {}));
    expectAnswer(await signedStar(id, 'failing'), 200, /^queued: star$/);

    const rows = (await listed(id))?.deliveries ?? [];
    // Newest first; a refused signature's delivery is not read, so it names none.
    expect(rows.map(({ outcome, deliveryId, event, count }) => [outcome, deliveryId, event, count])).toEqual([
      ['queued', 'failing', 'star', 1],
      ['rejected', 'invalid', 'star', 1],
      ['signatureRefused', '', '', 1],
      ['duplicate', 'first', 'star', 1],
      ['forwarded', 'first', 'star', 1],
    ]);
    for (const row of rows) expect(Date.parse(row.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    for (const outcome of ['forwarded', 'duplicate', 'signatureRefused', 'queued', 'rejected'])
      expect((await listed(id, outcome))?.deliveries.map((row) => row.outcome)).toEqual([outcome]);
    expect((await listed(id, 'failed'))?.deliveries).toEqual([]);
    expectErrorEnvelope(await browser.api('GET', '/webhooks?outcome=exploded'), 400, 'INVALID_PARAMETER');

    // Nothing secret is listed: not the signing secret, the token, or a signature sent.
    const text = (await browser.api('GET', '/webhooks')).text;
    const forged = githubSignature(star('forged').body, 'not-the-secret').slice(7);
    for (const secret of [SECRET, TOKEN, forged, githubSignature(star('first').body, SECRET).slice(7)])
      expect(text).not.toContain(secret);
  });

  test('a flood of forged signatures is one row a minute, counting them all, and does not hide the rest', async () => {
    const id = relay.hookId();
    expect((await register(id)).status).toBe(200);
    expectAnswer(await signedStar(id, 'before-the-flood'), 200, /^forwarded: star$/);
    for (let n = 0; n < 40; n += 1)
      expectAnswer(await signedStar(id, `forged-${n}`, 'guessed'), 401, /does not match/, 'UNAUTHORIZED');
    const refused = (await listed(id, 'signatureRefused'))?.deliveries ?? [];
    // One row, or two when the flood straddled a minute.
    expect(refused.length).toBeLessThanOrEqual(2);
    expect(refused.reduce((total, row) => total + row.count, 0)).toBe(40);
    expect((await listed(id))?.deliveries.map((row) => row.outcome)).toContain('forwarded');
  });
});

describe("a webhook's name and relay URL", () => {
  test('named when saved (or by default), renamed, kept by later saves; names are checked', async () => {
    const id = relay.hookId();
    expect((await register(id)).json.data.name).toBe(`GitHub …${id.slice(-4)}`);
    const renamed = await browser.api('PUT', `/webhooks/${id}/name`, { name: '  Releases of the API  ' }, csrf);
    expect(renamed.json.data).toEqual({ webhookId: id, name: 'Releases of the API' });
    expect((await listed(id))?.name).toBe('Releases of the API');
    // A later save without a name keeps it; one with a name sets it.
    expect((await register(id, { secrets: { gitlab: 'gl-token' } })).json.data.name).toBe('Releases of the API');
    expect((await register(id, { name: 'Deploys' })).json.data.name).toBe('Deploys');
    for (const name of ['   ', 'x'.repeat(101), 'tab\there', ''])
      expectErrorEnvelope(await browser.api('PUT', `/webhooks/${id}/name`, { name }, csrf), 400, 'INVALID_BODY');
    expect((await listed(id))?.name).toBe('Deploys');
    // Not yours: as for no webhook at all.
    const stranger = relay.hookId();
    expectErrorEnvelope(await browser.api('PUT', `/webhooks/${stranger}/name`, { name: 'x' }, csrf), 404, 'NOT_FOUND');
    expectErrorEnvelope(await browser.api('PUT', `/webhooks/${id}/name`, { name: 'no csrf' }), 403, 'FORBIDDEN');
  });

  test('the relay token is kept sealed: its end is listed, the whole token only asked for', async () => {
    const id = relay.hookId();
    expect((await register(id)).status).toBe(200);
    const hook = await listed(id);
    expect(hook?.tokenEnd).toBe(TOKEN.slice(-4));
    expect(JSON.stringify(hook)).not.toContain(TOKEN);
    expect(JSON.stringify(await relay.stores.webhookSecrets.get(id))).not.toContain(TOKEN);
    expect((await browser.api('GET', `/webhooks/${id}/relay-token`)).json.data).toEqual({
      webhookId: id,
      token: TOKEN,
    });

    // A webhook saved before tokens were kept: its URL cannot be shown again.
    const saved = await relay.stores.webhookSecrets.get(id);
    if (!saved) throw new Error('the webhook was not saved');
    const { sealedToken: _sealed, tokenEnd: _end, ...before } = saved;
    await relay.stores.webhookSecrets.replace(before);
    expect((await listed(id))?.tokenEnd).toBeNull();
    const missing = await browser.api('GET', `/webhooks/${id}/relay-token`);
    expectErrorEnvelope(missing, 404, 'NOT_FOUND');
    expect(missing.json.error.message).toMatch(/save it again/);
    expectErrorEnvelope(await browser.api('GET', `/webhooks/${relay.hookId()}/relay-token`), 404, 'NOT_FOUND');
  });
});
