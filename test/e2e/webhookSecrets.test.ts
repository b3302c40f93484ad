import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { sha256Hex } from '../../shared/crypto/hash';
import type { Stores } from '../../shared/store';
import { replayDelivery } from '../../shared/webhooks/replay';
import { githubDelivery, githubSignature } from '../fixtures/github/payloads';
import { gitlabDelivery } from '../fixtures/gitlab/payloads';
import { fixtureDeliveries } from '../fixtures/deliveries';
import type { FixtureDelivery } from '../fixtures/delivery';
import { discordHangs, discordJson } from '../support/fakeDiscord';
import { call } from '../support/localApi';
import { expectAnswer, RELAY_KEY, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/** Signature secrets end to end: registered with an API key after Discord confirms the token, then enforced. */
let relay: RelayHarness;
let stores: Stores;
beforeAll(async () => {
  relay = await startRelayHarness();
  ({ stores } = relay);
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

const GITHUB_SECRET = 'It’s a Secret to Everybody';
const GITLAB_SECRET = 'gitlab-token-7f3a';
const { body } = githubDelivery('ping');
const sign = (secret: string, text = body) => githubSignature(text, secret);
const ping = (id: string, headers: Record<string, string> = {}, deliveryId = `ping-${Math.random()}`) =>
  relay.send(id, 'github', githubDelivery('ping', deliveryId), { headers });
const gitlabPush = (id: string, headers: Record<string, string> = {}) =>
  relay.send(id, 'gitlab', gitlabDelivery('Push Hook'), { headers });

describe('PUT /v1/webhooks/{id}/{token}', () => {
  test('registers secrets after checking the token with Discord; stores no secret in the clear', async () => {
    const id = relay.hookId();
    const reply = await relay.putSecrets(id, { github: GITHUB_SECRET, gitlab: GITLAB_SECRET });
    expect(reply.status).toBe(200);
    expect(reply.json.data).toEqual({
      webhookId: id,
      // No name given: the first provider's and the end of the id.
      name: `GitHub …${id.slice(-4)}`,
      signedProviders: ['github', 'gitlab'],
      requireSignatures: false,
      updatedAt: expect.any(String),
    });
    expect(reply.text).not.toContain(GITHUB_SECRET);
    expect(relay.discord.seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `GET /api/webhooks/${id}/${TOKEN}`,
    ]);
    const { Item } = await stores.db.send(
      new GetCommand({ TableName: 'e2e-table', Key: { pk: `HOOK#${id}`, sk: 'SECRETS' } }),
    );
    const stored = JSON.stringify(Item);
    expect(stored).not.toContain(GITHUB_SECRET);
    expect(stored).not.toContain(GITLAB_SECRET);
    expect(Item?.secrets).toMatchObject({
      github: { kind: 'hmac', sealed: expect.stringMatching(/^v1\.local\./) },
      gitlab: { kind: 'token', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  test.each<[string, ReturnType<typeof discordJson>, number, string, RegExp]>([
    [
      'a token Discord rejects',
      discordJson(401, { message: '401: Unauthorized' }),
      403,
      'FORBIDDEN',
      /Discord rejected the webhook token/,
    ],
    ['a webhook Discord does not know', discordJson(404, { code: 10015 }), 404, 'NOT_FOUND', /no such webhook/],
    ['Discord failing', discordJson(500, {}), 502, 'UPSTREAM_ERROR', /could not confirm/],
    [
      'Discord refusing the request otherwise',
      discordJson(400, { code: 50035 }),
      502,
      'UPSTREAM_ERROR',
      /could not confirm the webhook \(400: 50035\)/,
    ],
  ])('%s: refused, and nothing is registered', async (_name, reply, status, code, message) => {
    const id = relay.hookId();
    relay.discord.script(reply);
    const answer = await relay.putSecrets(id, { github: GITHUB_SECRET });
    expect(answer.status).toBe(status);
    expect(answer.json.error).toMatchObject({ code, message: expect.stringMatching(message) });
    // No secret guards the webhook (another token: a refused one is remembered for the relay too).
    const other = `${TOKEN.slice(0, -1)}Y`;
    expectAnswer(
      await relay.send(id, 'github', githubDelivery('ping', `other-${id}`), { token: other }),
      200,
      /^forwarded: ping$/,
    );
  });

  test.each<[string, ReturnType<typeof discordJson>, number, string]>([
    ['a token Discord rejected', discordJson(401, { message: '401: Unauthorized' }), 403, 'FORBIDDEN'],
    ['a webhook Discord did not know', discordJson(404, { code: 10015 }), 404, 'NOT_FOUND'],
  ])(
    '%s is refused again from memory, as the relay answers it: Discord is asked once',
    async (_name, reply, status, code) => {
      const id = relay.hookId();
      relay.discord.script(reply);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await relay.putSecrets(id, { github: GITHUB_SECRET });
        expect([answer.status, answer.json.error?.code]).toEqual([status, code]);
      }
      expect(relay.discord.seen).toHaveLength(1);
    },
  );

  test.each<[string, unknown, RegExp, string]>([
    [
      'an unknown provider',
      { nosuchprovider: 'x' },
      /body\.secrets\.nosuchprovider is not a provider \(one of github, gitlab/,
      'body.secrets.nosuchprovider',
    ],
    ['an empty secret', { github: '' }, /must not be empty/, 'body.secrets.github'],
    ['a secret with control characters', { github: 'a\u0000b' }, /control characters/, 'body.secrets.github'],
    ['a secret that is not a string', { github: 42 }, /must be a string/, 'body.secrets.github'],
    ['a secret over 256 characters', { github: 'x'.repeat(257) }, /at most 256/, 'body.secrets.github'],
  ])('%s -> 400 INVALID_BODY naming the field; Discord is not asked', async (_name, secrets, message, field) => {
    const reply = await relay.putSecrets(relay.hookId(), secrets as Record<string, unknown>);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ code: 'INVALID_BODY', message: expect.stringMatching(message) });
    expect(reply.json.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(relay.discord.seen).toHaveLength(0);
  });

  test('needs an API key, a JSON body with only "secrets", and a valid webhook id and token', async () => {
    const id = relay.hookId();
    const noKey = await call(`${relay.api.url}/v1/webhooks/${id}/${TOKEN}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"secrets":{}}',
    });
    expect(noKey.status).toBe(401);
    const extra = await call(`${relay.api.url}/v1/webhooks/${id}/${TOKEN}`, {
      method: 'PUT',
      key: 'relay-owner-key-0123456789',
      headers: { 'Content-Type': 'application/json' },
      body: '{"secrets":{},"owner":"me"}',
    });
    expect(extra.status).toBe(400);
    expect((await relay.putSecrets('123', {})).json.error).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: expect.stringMatching(/^id must be a Discord webhook id/),
    });
    expect((await relay.putSecrets(id, {}, 'short')).status).toBe(400);
    expect(relay.discord.seen).toHaveLength(0);
  });
});

describe('unknown keys and requireSignatures', () => {
  test('{"__proto__": ...} is a 400 naming the field, and the registered secrets stay', async () => {
    const id = relay.hookId();
    expect((await relay.putSecrets(id, { github: GITHUB_SECRET })).status).toBe(200);
    for (const raw of [
      '{"secrets":{"__proto__":"x"}}',
      '{"secrets":{"constructor":"x"}}',
      '{"secrets":{"github":"s","__proto__":{"gitlab":"y"}}}',
    ]) {
      const reply = await call(`${relay.api.url}/v1/webhooks/${id}/${TOKEN}`, {
        method: 'PUT',
        key: RELAY_KEY,
        headers: { 'Content-Type': 'application/json' },
        body: raw,
      });
      expect(reply.status).toBe(400);
      expect(reply.json.error).toMatchObject({
        code: 'INVALID_BODY',
        message: expect.stringMatching(/is not a provider/),
      });
      expect(reply.json.error.details).toEqual([
        expect.objectContaining({ field: expect.stringMatching(/^body\.secrets\.(__proto__|constructor)$/) }),
      ]);
    }
    expectAnswer(await ping(id), 401, /Missing the X-Hub-Signature-256 header/, 'UNAUTHORIZED');
  });

  test('requireSignatures refuses deliveries of providers without a secret (401); signed ones pass', async () => {
    const id = relay.hookId();
    const reply = await relay.putSecrets(id, { github: GITHUB_SECRET }, TOKEN, { requireSignatures: true });
    expect(reply.json.data).toMatchObject({ signedProviders: ['github'], requireSignatures: true });
    expectAnswer(await gitlabPush(id), 401, /accepts signed deliveries only, and has no GitLab secret/, 'UNAUTHORIZED');
    expectAnswer(
      await relay.deliver(id, 'dockerhub', { 'Content-Type': 'application/json' }, '{}'),
      401,
      /signed deliveries only/,
      'UNAUTHORIZED',
    );
    expectAnswer(await ping(id, { 'X-Hub-Signature-256': sign(GITHUB_SECRET) }), 200, /^forwarded: ping$/);
    expect(relay.discord.posted()).toHaveLength(1);
    // Replacing the secrets without the flag lifts it.
    expect((await relay.putSecrets(id, { github: GITHUB_SECRET })).json.data.requireSignatures).toBe(false);
    expectAnswer(await gitlabPush(id), 200, /^forwarded: Push Hook$/);
  });

  test('requireSignatures without any secret, or not a boolean, is a 400', async () => {
    const none = await relay.putSecrets(relay.hookId(), {}, TOKEN, { requireSignatures: true });
    expect(none.status).toBe(400);
    expect(none.json.error.details).toEqual([
      expect.objectContaining({ field: 'body.requireSignatures', issue: expect.stringMatching(/at least one secret/) }),
    ]);
    expect((await relay.putSecrets(relay.hookId(), { github: 's' }, TOKEN, { requireSignatures: 'yes' })).status).toBe(
      400,
    );
    expect(relay.discord.seen).toHaveLength(0);
  });
});

describe('signed deliveries', () => {
  test("GitHub: X-Hub-Signature-256 is the body's HMAC; missing or wrong -> 401, right -> forwarded", async () => {
    const id = relay.hookId();
    expect((await relay.putSecrets(id, { github: GITHUB_SECRET })).status).toBe(200);
    relay.discord.seen.length = 0;
    expectAnswer(await ping(id), 401, /Missing the X-Hub-Signature-256 header/, 'UNAUTHORIZED');
    expectAnswer(
      await ping(id, { 'X-Hub-Signature-256': sign('not the secret') }),
      401,
      /does not match the registered secret/,
      'UNAUTHORIZED',
    );
    expectAnswer(
      await ping(id, { 'X-Hub-Signature-256': sign(GITHUB_SECRET, `${body} `) }),
      401,
      /does not match/,
      'UNAUTHORIZED',
    );
    expectAnswer(
      await ping(id, { 'X-Hub-Signature-256': sign(GITHUB_SECRET).toUpperCase() }),
      401,
      /does not match/,
      'UNAUTHORIZED',
    );
    expect(relay.discord.posted()).toHaveLength(0);
    expectAnswer(await ping(id, { 'X-Hub-Signature-256': sign(GITHUB_SECRET) }), 200, /^forwarded: ping$/);
    expect(relay.discord.posted()).toHaveLength(1);
  });

  test('GitLab: X-Gitlab-Token must equal the registered token', async () => {
    const id = relay.hookId();
    expect((await relay.putSecrets(id, { gitlab: GITLAB_SECRET })).status).toBe(200);
    expectAnswer(await gitlabPush(id), 401, /Missing the X-Gitlab-Token header/, 'UNAUTHORIZED');
    expectAnswer(
      await gitlabPush(id, { 'X-Gitlab-Token': `${GITLAB_SECRET}x` }),
      401,
      /does not match/,
      'UNAUTHORIZED',
    );
    expectAnswer(await gitlabPush(id, { 'X-Gitlab-Token': GITLAB_SECRET }), 200, /^forwarded: Push Hook$/);
    // A secret for one provider says nothing about another: unsigned GitHub deliveries still pass.
    expectAnswer(await ping(id), 200, /^forwarded: ping$/);
  });

  test('a forged delivery claims nothing: the genuine one with the same delivery id is still forwarded', async () => {
    const id = relay.hookId();
    await relay.putSecrets(id, { github: GITHUB_SECRET });
    expectAnswer(
      await ping(id, { 'X-Hub-Signature-256': sign('forger') }, 'contested-id'),
      401,
      /does not match/,
      'UNAUTHORIZED',
    );
    expectAnswer(
      await ping(id, { 'X-Hub-Signature-256': sign(GITHUB_SECRET) }, 'contested-id'),
      200,
      /^forwarded: ping$/,
    );
  });

  test('rotating replaces the secret at once; {} removes every secret', async () => {
    const id = relay.hookId();
    await relay.putSecrets(id, { github: 'first secret' });
    await relay.putSecrets(id, { github: 'second secret' });
    expectAnswer(
      await ping(id, { 'X-Hub-Signature-256': sign('first secret') }),
      401,
      /does not match/,
      'UNAUTHORIZED',
    );
    expectAnswer(await ping(id, { 'X-Hub-Signature-256': sign('second secret') }), 200, /^forwarded: ping$/);
    const cleared = await relay.putSecrets(id, {});
    expect(cleared.json.data.signedProviders).toEqual([]);
    expectAnswer(await ping(id), 200, /^forwarded: ping$/);
  });

  test('a secret sealed for one webhook does not open for another (copied records are refused)', async () => {
    const [a, b] = [relay.hookId(), relay.hookId()];
    await relay.putSecrets(a, { github: GITHUB_SECRET });
    await relay.putSecrets(b, { github: 'other' });
    const { Item } = await stores.db.send(
      new GetCommand({ TableName: 'e2e-table', Key: { pk: `HOOK#${a}`, sk: 'SECRETS' } }),
    );
    await stores.webhookSecrets.replace({
      webhookId: b,
      secrets: Item?.secrets,
      keyId: 'copied',
      updatedAt: new Date().toISOString(),
    });
    const reply = await ping(b, { 'X-Hub-Signature-256': sign(GITHUB_SECRET) });
    expect(reply.status).toBe(401);
    expect(relay.discord.posted()).toHaveLength(0);
  });
});

describe('de-duplication of signed deliveries', () => {
  const signedPing = (id: string, deliveryId: string) =>
    ping(id, { 'X-Hub-Signature-256': sign(GITHUB_SECRET) }, deliveryId);
  /** A webhook with a GitHub secret whose first signed delivery Discord failed (500); returns its id. */
  async function failedFirstDelivery(deliveryId: string): Promise<string> {
    const id = relay.hookId();
    await relay.putSecrets(id, { github: GITHUB_SECRET });
    relay.discord.seen.length = 0;
    relay.discord.script(discordJson(500, {}));
    expectAnswer(await signedPing(id, deliveryId), 200, /^queued: ping$/);
    return id;
  }

  test('a signed delivery re-sent under a new id is a duplicate, also while queued after a failure', async () => {
    const id = await failedFirstDelivery('original-id');
    expectAnswer(await signedPing(id, 'original-id'), 200, /^duplicate: ping$/);
    for (const replayedAs of ['new-id-1', 'new-id-2'])
      expectAnswer(await signedPing(id, replayedAs), 200, /^duplicate: ping$/);
    expect(relay.discord.posted()).toHaveLength(1);
    // Keyed by the hash of the HMAC, not the signature (and the token's, as the delivery).
    const { Items } = await stores.db.send(
      new QueryCommand({
        TableName: 'e2e-table',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :signed)',
        ExpressionAttributeValues: { ':pk': `HOOK#${id}`, ':signed': 'SIGNED#' },
      }),
    );
    expect(Items?.map((item) => item.sk)).toEqual([
      `SIGNED#github#${sha256Hex(sign(GITHUB_SECRET).slice('sha256='.length))}#${relay.tokenHash()}`,
    ]);
  });

  test('a copy whose header spells the same signature differently is a duplicate too', async () => {
    const id = relay.hookId();
    await relay.putSecrets(id, { github: GITHUB_SECRET });
    const signature = sign(GITHUB_SECRET);
    expectAnswer(await ping(id, { 'X-Hub-Signature-256': signature }, 'first'), 200, /^forwarded: ping$/);
    for (const spelled of [
      `sha256=${signature.slice(7).toUpperCase()}`,
      `${signature}zz`,
      `${signature}, x`,
      `v0=x, ${signature}`,
    ]) {
      expectAnswer(
        await ping(id, { 'X-Hub-Signature-256': spelled }, `copy-${spelled.length}-${spelled.slice(-2)}`),
        200,
        /^duplicate: ping$/,
      );
    }
    expect(relay.discord.posted()).toHaveLength(1);
  });

  test('a delivery replayed after a Discord failure: a later copy under a new id is a duplicate', async () => {
    const id = await failedFirstDelivery('before-replay');
    expect(
      await replayDelivery(
        { webhookId: id, provider: 'github', deliveryId: 'before-replay', tokenHash: relay.tokenHash() },
        relay.replayDeps,
      ),
    ).toEqual({ kind: 'replayed', outcome: expect.objectContaining({ kind: 'delivered' }) });
    expectAnswer(await signedPing(id, 'after-replay'), 200, /^duplicate: ping$/);
    expect(relay.discord.posted()).toHaveLength(2);
  });

  test('Buildkite and Zendesk signatures carry a time: a day old is refused, a sooner copy a duplicate', async () => {
    const id = relay.hookId();
    await relay.putSecrets(id, { buildkite: 'bk-secret', zendesk: 'zd-secret' });
    const [buildkite] = fixtureDeliveries.buildkite as [FixtureDelivery];
    const hmac = (secret: string, text: string, encoding: 'hex' | 'base64' = 'hex') =>
      createHmac('sha256', secret).update(text).digest(encoding);
    // Signed at a moment fixed once: copies sent a second later still carry the same signature.
    const ago = (seconds: number) => String(Math.floor(Date.now() / 1000) - seconds);
    const buildkiteAt = (at: string, spell = (t: string, s: string) => `timestamp=${t},signature=${s}`) =>
      relay.send(id, 'buildkite', buildkite, {
        headers: { 'X-Buildkite-Signature': spell(at, hmac('bk-secret', `${at}.${buildkite.body}`)) },
      });
    expectAnswer(await buildkiteAt(ago(2 * 86400)), 401, /too old/, 'UNAUTHORIZED');
    const minuteAgo = ago(60);
    expectAnswer(await buildkiteAt(minuteAgo), 200, /^forwarded: /);
    for (const spell of [
      (t: string, s: string) => `signature=${s},timestamp=${t}`,
      (t: string, s: string) => `timestamp=${t}, signature=${s}`,
    ]) {
      expectAnswer(await buildkiteAt(minuteAgo, spell), 200, /^duplicate: /);
    }
    const [zendesk] = fixtureDeliveries.zendesk as [FixtureDelivery];
    const zendeskAt = (at: string) =>
      relay.send(id, 'zendesk', zendesk, {
        headers: {
          'X-Zendesk-Webhook-Signature': hmac('zd-secret', `${at}${zendesk.body}`, 'base64'),
          'X-Zendesk-Webhook-Signature-Timestamp': at,
        },
      });
    expectAnswer(await zendeskAt('2020-01-01T00:00:00Z'), 401, /too old/, 'UNAUTHORIZED');
    expectAnswer(await zendeskAt(new Date().toISOString()), 200, /^(forwarded|ignored): /);
  });

  test('a token header (GitLab) is the same on every delivery: it is not de-duplicated on', async () => {
    const id = relay.hookId();
    await relay.putSecrets(id, { gitlab: GITLAB_SECRET });
    expectAnswer(await gitlabPush(id, { 'X-Gitlab-Token': GITLAB_SECRET }), 200, /^forwarded: Push Hook$/);
    expectAnswer(await gitlabPush(id, { 'X-Gitlab-Token': GITLAB_SECRET }), 200, /^forwarded: Push Hook$/);
  });
});

test('a Discord that hangs: the relay gives up after 5 s and queues the delivery, never hangs', async () => {
  const id = await relay.knownHookId();
  relay.discord.script(discordHangs);
  const started = Date.now();
  expectAnswer(await ping(id), 200, /^queued: ping$/);
  expect(Date.now() - started).toBeLessThan(9_000);
}, 15_000);
