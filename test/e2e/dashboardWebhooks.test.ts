import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { discordJson, discordKnows } from '../support/fakeDiscord';
import { githubDelivery, githubSignature } from '../fixtures/github/payloads';
import { tokenContext } from '../../shared/webhooks/forward';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * The dashboard's webhooks (served by the webhooks function) through the local server, its local
 * sign-in and a fake Discord: register by URL, the deliveries and their outcomes, a replay of a
 * failed one, removal; another account's webhook is none of yours.
 */
let relay: RelayHarness;
let browser: DashboardBrowser;
let csrf: string;
beforeAll(async () => {
  // The signed-in developer's own key first: the relay's key (RELAY_KEY) is then another account's.
  relay = await startRelayHarness({
    rateLimit: 100_000,
    retryBackoffSeconds: 3600,
    server: { localApiKey: 'dashboard-own-key-0123456789' },
  });
  browser = new DashboardBrowser(relay.api.url);
  expect((await browser.signIn()).status).toBe(302);
  csrf = await browser.csrf();
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

/** A GitHub star signed with the webhook's secret (X-Hub-Signature-256 over the body). */
function signedStar(id: string, deliveryId: string, secret: string) {
  const delivery = githubDelivery('star', deliveryId);
  const signature = githubSignature(delivery.body, secret);
  return relay.send(id, 'github', delivery, { headers: { 'X-Hub-Signature-256': signature } });
}
const webhookUrl = (id: string, token = TOKEN) => `https://discord.com/api/webhooks/${id}/${token}`;
const register = (id: string, body: Record<string, unknown> = {}) =>
  browser.api('POST', '/webhooks', { webhookUrl: webhookUrl(id), secrets: {}, ...body }, csrf);
const mine = async () =>
  (await browser.api('GET', '/webhooks')).json.data.webhooks as {
    webhookId: string;
    signedProviders: string[];
    refusedAttempts: number;
    deliveries: { deliveryId: string; outcome: string; replayable: boolean; discordStatus: number | null }[];
  }[];

describe('your webhooks on the dashboard', () => {
  test('register by URL (token in the body), see deliveries, replay a failed one, remove it', async () => {
    const id = relay.hookId();
    const saved = await register(id, { secrets: { github: 'a-signing-secret' } });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ webhookId: id, signedProviders: ['github'], requireSignatures: false });
    expect(saved.text).not.toContain('a-signing-secret');
    expect(relay.discord.seen[0]).toMatchObject({ method: 'GET', url: `/api/webhooks/${id}/${TOKEN}` });

    // An unsigned star is refused now (a secret is registered); a signed
    // one that Discord fails is queued (an hour away here), and replayable.
    expectAnswer(await relay.star(id, 'unsigned-1'), 401, /signature/i, 'UNAUTHORIZED');
    relay.discord.script(discordJson(500, {}));
    expectAnswer(await signedStar(id, 'failing-1', 'a-signing-secret'), 200, /^queued: star$/);
    const [listed] = (await mine()).filter((hook) => hook.webhookId === id);
    expect(listed?.signedProviders).toEqual(['github']);
    expect(listed?.deliveries).toEqual([
      expect.objectContaining({
        deliveryId: 'failing-1',
        provider: 'github',
        event: 'star',
        outcome: 'queued',
        discordStatus: 500,
        replayable: true,
      }),
      // The unsigned star before it, refused, is listed too (with no delivery read from it).
      expect.objectContaining({ provider: 'github', outcome: 'signatureRefused', count: 1, replayable: false }),
    ]);
    expect(JSON.stringify(await mine())).not.toContain(TOKEN);

    relay.discord.seen.length = 0;
    const replayed = await browser.api(
      'POST',
      `/webhooks/${id}/replay`,
      { provider: 'github', deliveryId: 'failing-1' },
      csrf,
    );
    expect(replayed.json.data).toEqual({
      webhookId: id,
      provider: 'github',
      deliveryId: 'failing-1',
      outcome: 'forwarded',
      discordStatus: 200,
    });
    expect(relay.discord.posted()).toHaveLength(1);
    expect((await mine()).find((hook) => hook.webhookId === id)?.deliveries[0]).toMatchObject({
      outcome: 'forwarded',
      replayable: false,
    });
    // Once forwarded it is not replayable again.
    expectErrorEnvelope(
      await browser.api('POST', `/webhooks/${id}/replay`, { provider: 'github', deliveryId: 'failing-1' }, csrf),
      404,
      'NOT_FOUND',
    );

    expect((await browser.api('DELETE', `/webhooks/${id}`, undefined, csrf)).json.data).toEqual({
      webhookId: id,
      removed: true,
    });
    expect((await mine()).map((hook) => hook.webhookId)).not.toContain(id);
    // Its secret went with it: an unsigned delivery is accepted again.
    expectAnswer(await relay.star(id, 'unsigned-2'), 200, /^forwarded: star$/);
  });

  test("saving one provider's secret keeps the others, and the refusal of unsigned deliveries", async () => {
    const id = relay.hookId();
    expect(
      (await register(id, { secrets: { github: 'gh-secret', stripe: 'whsec_stripe' }, requireSignatures: true })).json
        .data,
    ).toMatchObject({ signedProviders: ['github', 'stripe'], requireSignatures: true });
    // What the form sends to add GitLab's secret: one provider, and the box as the page preset it (here left out).
    const added = await register(id, { secrets: { gitlab: 'gl-token' } });
    expect(added.json.data).toMatchObject({ signedProviders: ['github', 'gitlab', 'stripe'], requireSignatures: true });
    expect((await mine()).find((hook) => hook.webhookId === id)).toMatchObject({
      signedProviders: ['github', 'gitlab', 'stripe'],
      requireSignatures: true,
    });
    // GitHub's secret still guards GitHub's deliveries, and an unsigned one of any provider is still refused.
    expectAnswer(await relay.star(id, 'unsigned-kept'), 401, /signature/i, 'UNAUTHORIZED');
    expectAnswer(await signedStar(id, 'signed-kept', 'gh-secret'), 200, /^forwarded: star$/);
    // A new GitHub secret replaces the old one only.
    await register(id, { secrets: { github: 'gh-rotated' } });
    expectAnswer(await signedStar(id, 'signed-old', 'gh-secret'), 401, /does not match/, 'UNAUTHORIZED');
    expectAnswer(await signedStar(id, 'signed-new', 'gh-rotated'), 200, /^forwarded: star$/);
    // Unticking the box, said explicitly, is kept.
    expect(
      (await register(id, { secrets: { gitlab: 'gl-token-2' }, requireSignatures: false })).json.data,
    ).toMatchObject({ signedProviders: ['github', 'gitlab', 'stripe'], requireSignatures: false });
  });

  test('two saves at once both land: neither secret is lost', async () => {
    const id = relay.hookId();
    const saves = await Promise.all(
      ['github', 'gitlab', 'stripe', 'sentry'].map((provider) =>
        register(id, { secrets: { [provider]: `${provider}-secret` } }),
      ),
    );
    expect(saves.map((save) => (save.status === 200 ? 200 : save.text))).toEqual([200, 200, 200, 200]);
    expect(Object.keys((await relay.stores.webhookSecrets.get(id))?.secrets ?? {}).sort()).toEqual([
      'github',
      'gitlab',
      'sentry',
      'stripe',
    ]);
  });

  test("another account's webhook is not listed; replaying or removing it answers 404", async () => {
    const theirs = relay.hookId();
    expect((await relay.putSecrets(theirs, { github: 'their-secret' })).status).toBe(200);
    relay.discord.script(discordJson(500, {}));
    await signedStar(theirs, 'theirs-1', 'their-secret');
    expect((await mine()).map((hook) => hook.webhookId)).not.toContain(theirs);
    const replay = await browser.api(
      'POST',
      `/webhooks/${theirs}/replay`,
      { provider: 'github', deliveryId: 'theirs-1' },
      csrf,
    );
    expectErrorEnvelope(replay, 404, 'NOT_FOUND');
    const absent = await browser.api(
      'POST',
      `/webhooks/${relay.hookId()}/replay`,
      { provider: 'github', deliveryId: 'theirs-1' },
      csrf,
    );
    expect(replay.json.error.message.replace(theirs, 'ID')).toBe(absent.json.error.message.replace(/\d{17,20}/, 'ID'));
    expectErrorEnvelope(await browser.api('DELETE', `/webhooks/${theirs}`, undefined, csrf), 404, 'NOT_FOUND');
    expect(await relay.stores.webhookSecrets.get(theirs)).toMatchObject({
      ownerAccount: 'local-2',
      secrets: { github: expect.anything() },
    });
    // Registering it from the dashboard (holding its URL) makes
    // it this account's, afresh: nothing of theirs is merged in.
    expect((await relay.putSecrets(theirs, { github: 'their-secret', gitlab: 'their-token' })).status).toBe(200);
    expect((await register(theirs, { secrets: { stripe: 'whsec_new' } })).json.data).toMatchObject({
      signedProviders: ['stripe'],
    });
    expect((await mine()).map((hook) => hook.webhookId)).toContain(theirs);
  });

  test('refused: a URL that is not a Discord webhook, a token Discord rejects, no session, no CSRF token', async () => {
    for (const url of [
      `https://evil.example/api/webhooks/123456789012345678/${TOKEN}`,
      `https://discord.com/api/webhooks/18446744073709551616/${TOKEN}`,
      'not a url',
    ]) {
      expectErrorEnvelope(
        await browser.api('POST', '/webhooks', { webhookUrl: url, secrets: {} }, csrf),
        400,
        'INVALID_BODY',
      );
    }
    const empty = await register(relay.hookId(), { secrets: { github: '' } });
    expectErrorEnvelope(empty, 400, 'INVALID_BODY');
    expect(empty.json.error.message).toMatch(/github must not be empty$/);
    relay.discord.script(discordJson(401, { message: '401: Unauthorized', code: 0 }));
    expectErrorEnvelope(await register(relay.hookId()), 403, 'FORBIDDEN');
    const stranger = new DashboardBrowser(relay.api.url);
    expectErrorEnvelope(await stranger.api('GET', '/webhooks'), 401, 'UNAUTHORIZED');
    const id = relay.hookId();
    expectErrorEnvelope(
      await browser.api('POST', '/webhooks', { webhookUrl: webhookUrl(id), secrets: {} }),
      403,
      'FORBIDDEN',
    );
    expect((await mine()).map((hook) => hook.webhookId)).not.toContain(id);
  });
});

describe("strangers posting to your webhook's id", () => {
  test('deliveries with tokens Discord refuses are counted, not logged: your list still shows your own', async () => {
    const id = relay.hookId();
    // Listed once it has a secret (Stripe's here: GitHub's deliveries stay unsigned).
    expect((await register(id, { secrets: { stripe: 'whsec_listed' } })).status).toBe(200);
    for (const n of [1, 2, 3]) expectAnswer(await relay.star(id, `own-${n}`), 200, /^forwarded: star$/);
    // 200 made-up tokens, each refused by Discord once, then 100 more posts with some of them (answered from memory).
    relay.discord.script(...Array.from({ length: 200 }, () => discordKnows(TOKEN)));
    const tokens = Array.from({ length: 200 }, () => randomBytes(48).toString('base64url'));
    for (let batch = 0; batch < 300; batch += 20) {
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, n) => relay.star(id, `flood-${batch + n}`, tokens[(batch + n) % tokens.length])),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 401));
    }
    expect(relay.discord.posted().filter((request) => !request.url.includes(TOKEN))).toHaveLength(200);
    const listed = (await mine()).find((hook) => hook.webhookId === id);
    expect(listed?.deliveries.map((delivery) => delivery.deliveryId)).toEqual(['own-3', 'own-2', 'own-1']);
    expect(listed?.refusedAttempts).toBe(300);
    expect((await relay.stores.deliveries.listForWebhook(id)).map((record) => record.deliveryId).sort()).toEqual([
      'own-1',
      'own-2',
      'own-3',
    ]);
  }, 30_000);

  test('a failed delivery logged before tokens keyed the log is still replayed, once', async () => {
    const id = relay.hookId();
    // Yours once it has a secret (Stripe's: GitHub's deliveries stay unsigned).
    expect((await register(id, { secrets: { stripe: 'whsec_before' } })).status).toBe(200);
    // As the relay logged it then: its key without the token's hash, its message and sealed token kept.
    const key = { webhookId: id, provider: 'github', deliveryId: 'from-before-1' };
    const kept = {
      message: { content: 'from before', allowed_mentions: { parse: [] } },
      sealedToken: await relay.replayDeps.secretBox.seal(TOKEN, tokenContext(id)),
    };
    await relay.stores.deliveries.claim(key, 'star', new Date(), kept);
    await relay.stores.deliveries.finish(key, 'failed', new Date(), { discordStatus: 500, kept });
    relay.resetDiscord();
    const replayed = await browser.api(
      'POST',
      `/webhooks/${id}/replay`,
      { provider: 'github', deliveryId: 'from-before-1' },
      csrf,
    );
    expect(replayed.json.data).toEqual({
      webhookId: id,
      provider: 'github',
      deliveryId: 'from-before-1',
      outcome: 'forwarded',
      discordStatus: 200,
    });
    expectErrorEnvelope(
      await browser.api('POST', `/webhooks/${id}/replay`, { provider: 'github', deliveryId: 'from-before-1' }, csrf),
      404,
      'NOT_FOUND',
    );
    expect(relay.discord.posted().map((request) => request.body.content)).toEqual(['from before']);
    expect(await relay.stores.deliveries.get(key)).toMatchObject({ outcome: 'forwarded' });
  });

  test("a webhook's list reads at most 20 items per Query (log, refused signatures, duplicates)", async () => {
    const id = relay.hookId();
    // Listed once it has a secret (Stripe's here: GitHub's deliveries stay unsigned).
    expect((await register(id, { secrets: { stripe: 'whsec_listed' } })).status).toBe(200);
    for (let n = 0; n < 30; n += 1)
      expectAnswer(await relay.star(id, `many-${String(n).padStart(2, '0')}`), 200, /^forwarded: star$/);
    // Every Query the server sends for this webhook's log, and how many items each read.
    const send = jest.spyOn(DynamoDBDocumentClient.prototype, 'send');
    try {
      const listed = (await mine()).find((hook) => hook.webhookId === id);
      expect(listed?.deliveries.map((delivery) => delivery.deliveryId)).toEqual(
        Array.from({ length: 20 }, (_, n) => `many-${String(29 - n).padStart(2, '0')}`),
      );
      const queries = send.mock.calls
        .map((call, n) => ({ command: call[0], result: send.mock.results[n]?.value }))
        .filter(({ command }) => command instanceof QueryCommand && JSON.stringify(command.input).includes(id));
      const logQueries = queries.filter(({ command }) => !JSON.stringify(command.input).includes('ATTEMPTS#'));
      const partitions = logQueries.map(
        ({ command }) => (command as QueryCommand).input.ExpressionAttributeValues?.[':pk'],
      );
      expect(partitions).toEqual([`HOOK#${id}#LOG`, `HOOK#${id}#LOG#signatureRefused`, `HOOK#${id}#LOG#duplicate`]);
      for (const { result } of logQueries)
        expect(((await result) as { ScannedCount?: number } | undefined)?.ScannedCount).toBeLessThanOrEqual(20);
    } finally {
      send.mockRestore();
    }
  });
});
