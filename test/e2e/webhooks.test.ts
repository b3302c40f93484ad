import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalServer } from '../../infra/local/server';
import { RELAY_PAGE_SCRIPT } from '../../functions/webhooks/generated/relayPageScript';
import { logger } from '../../shared/logging/logger';
import { RELAY_METRICS } from '../../shared/webhooks/relayMetrics';
import { providers } from '../../shared/webhooks/providers/index';
import { githubDelivery, githubPayloads } from '../fixtures/github/payloads';
import { gitlabDelivery } from '../fixtures/gitlab/payloads';
import { discordJson, type FakeDiscord } from '../support/fakeDiscord';
import { withinOneWindow } from '../support/fixedWindow';
import { call, type Reply } from '../support/localApi';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/** The relay end to end: no key, a provider delivery in, a Discord message out to a fake Discord. */
let relay: RelayHarness;
let api: LocalServer;
let discord: FakeDiscord;
const hookId = () => relay.hookId();
const deliver: RelayHarness['deliver'] = (...args) => relay.deliver(...args);

beforeAll(async () => {
  relay = await startRelayHarness();
  ({ api, discord } = relay);
});
afterAll(async () => {
  await relay.close();
});
beforeEach(() => {
  discord.seen.length = 0;
  discord.script();
});

const github = (id: string, event: string, payload: unknown = githubPayloads[event], deliveryId = `d-${event}`) =>
  relay.send(id, 'github', githubDelivery(event, deliveryId, payload));

describe('relay', () => {
  test('a GitHub push is forwarded to the Discord webhook as an embed that pings nobody', async () => {
    const id = hookId();
    expectAnswer(await github(id, 'push'), 200, /^forwarded: push$/);
    expect(discord.seen).toHaveLength(1);
    expect(discord.seen[0]?.url).toBe(`/api/webhooks/${id}/${TOKEN}?wait=true`);
    expect(discord.seen[0]?.body).toMatchObject({
      username: 'GitHub',
      allowed_mentions: { parse: [] },
      embeds: [{ title: expect.stringContaining('1 new commit') }],
    });
  });

  test('form-encoded GitHub deliveries and GitLab deliveries are forwarded too', async () => {
    const form = new URLSearchParams({ payload: JSON.stringify(githubPayloads.star) }).toString();
    expectAnswer(
      await deliver(
        hookId(),
        'github',
        { 'Content-Type': 'application/x-www-form-urlencoded', 'X-GitHub-Event': 'star' },
        form,
      ),
      200,
      /^forwarded: star$/,
    );
    expectAnswer(await relay.send(hookId(), 'gitlab', gitlabDelivery('Push Hook')), 200, /^forwarded: Push Hook$/);
    expect(discord.seen).toHaveLength(2);
  });

  test('a push without commits (a tag push, a deleted branch) is forwarded without an empty description', async () => {
    expectAnswer(
      await github(hookId(), 'push', {
        ...(githubPayloads.push as object),
        ref: 'refs/tags/v2',
        created: true,
        commits: [],
      }),
      200,
      /^forwarded: push$/,
    );
    const [embed] = discord.seen[0]?.body?.embeds ?? [];
    // Titles are plain text: their markdown characters are escaped
    // (Discord shows `[baxterthehacker/public-repo] Tag v2 created`).
    expect(embed?.title).toBe('\\[baxterthehacker/public\\-repo\\] Tag v2 created');
    expect(embed).not.toHaveProperty('description');
  });

  test('half a character (a lone surrogate, as a \\u escape) is drawn as U+FFFD and forwarded', async () => {
    // JSON.stringify writes the lone surrogate as the escape \\ud800, as a provider cutting text short might.
    expectAnswer(
      await github(hookId(), 'push', {
        ...(githubPayloads.push as object),
        ref: 'refs/heads/fix-\ud800',
        created: true,
        commits: [],
      }),
      200,
      /^forwarded: push$/,
    );
    const [embed] = discord.seen[0]?.body?.embeds ?? [];
    expect(embed?.title).toContain('fix\\-\ufffd');
    expect(embed?.title?.isWellFormed()).toBe(true);
  });

  test('an event not rendered is 200 "ignored" and not forwarded', async () => {
    expectAnswer(await github(hookId(), 'installation', { any: 1 }), 200, /^ignored: installation$/);
    expect(discord.seen).toHaveLength(0);
  });

  // Issue 32: a payload of a known event missing what it usually carries
  // was refused (400); it is read tolerantly and said with what it has.
  test('a push with nothing but its ref is forwarded as what it is', async () => {
    expectAnswer(await github(hookId(), 'push', { ref: 'x' }), 200, /^forwarded: push$/);
    expect(discord.seen[0]?.body).toMatchObject({ embeds: [{ title: 'Branch x updated' }] });
  });

  test.each<[string, () => Promise<Reply>, number, RegExp, string]>([
    [
      'an unknown provider (with the list)',
      () => deliver(hookId(), 'nosuchprovider', { 'Content-Type': 'application/json' }, '{}'),
      400,
      /provider must be one of github, gitlab, /,
      'INVALID_PARAMETER',
    ],
    [
      'a malformed id',
      () => deliver('12345', 'github', { 'Content-Type': 'application/json', 'X-GitHub-Event': 'ping' }, '{}'),
      400,
      /^id must be a Discord webhook id/,
      'INVALID_PARAMETER',
    ],
    [
      'a malformed token',
      () => deliver(hookId(), 'github', { 'X-GitHub-Event': 'ping' }, '{}', 'short'),
      400,
      /^token must be a Discord webhook token/,
      'INVALID_PARAMETER',
    ],
    [
      'malformed JSON',
      () => deliver(hookId(), 'github', { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push' }, '{"ref":'),
      400,
      /not valid JSON/,
      'INVALID_BODY',
    ],
    [
      'a body over 1 MB',
      () =>
        deliver(
          hookId(),
          'github',
          { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push' },
          'x'.repeat(1024 * 1024 + 1),
        ),
      413,
      /exceeds 1048576 bytes/,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('%s', async (_name, send, status, message, code) => {
    expectAnswer(await send(), status, message, code);
    expect(discord.seen).toHaveLength(0);
  });

  test.each<[string, ReturnType<typeof discordJson>[], number, RegExp, string]>([
    [
      'Discord rejects the token',
      [discordJson(401, { message: '401: Unauthorized', code: 0 })],
      401,
      /rejected the webhook token/,
      'UNAUTHORIZED',
    ],
    [
      'the webhook does not exist',
      [discordJson(404, { message: 'Unknown Webhook', code: 10015 })],
      404,
      /no such webhook/,
      'NOT_FOUND',
    ],
  ])('%s', async (_name, replies, status, message, code) => {
    discord.script(...replies);
    expectAnswer(await github(hookId(), 'ping'), status, message, code);
  });

  test('a message Discord refuses as invalid (50035) is a 400 naming it, logged and counted', async () => {
    const warn = jest.spyOn(logger, 'warn');
    try {
      discord.script(
        discordJson(400, {
          code: 50035,
          message: 'Invalid Form Body',
          errors: {
            embeds: {
              0: {
                description: {
                  _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 4096 or fewer in length.' }],
                },
              },
            },
          },
        }),
      );
      const id = hookId();
      expectAnswer(
        await github(id, 'ping', undefined, 'refused-ping'),
        400,
        /^Discord refused the message as invalid \(400: 50035 Invalid Form Body\)$/,
        'INVALID_BODY',
      );
      expect(await relay.stores.deliveries.listForWebhook(id)).toEqual([
        expect.objectContaining({
          deliveryId: 'refused-ping',
          outcome: 'rejected',
          discordStatus: 400,
          discordError: '50035 Invalid Form Body',
        }),
      ]);
      const metric = warn.mock.calls
        .map(([, fields]) => fields as Record<string, unknown>)
        .find((fields) => fields?.[RELAY_METRICS.invalidMessages] === 1);
      expect(metric).toMatchObject({
        webhookId: id,
        discordStatus: 400,
        discordError: '50035 Invalid Form Body',
        _aws: {
          CloudWatchMetrics: [
            { Namespace: RELAY_METRICS.namespace, Metrics: [{ Name: RELAY_METRICS.invalidMessages }] },
          ],
        },
      });
      expect(await relay.stores.retryQueue.head(id)).toBeUndefined();
    } finally {
      warn.mockRestore();
    }
  });

  test.each<[string, ReturnType<typeof discordJson>, number]>([
    ['Discord keeps answering 429', discordJson(429, { retry_after: 12.3 }), 13],
    ['Discord fails', discordJson(503, {}), 5],
  ])('%s: the delivery is queued for a retry (at Retry-After, or after a backoff)', async (_name, reply, wait) => {
    const id = await relay.knownHookId();
    discord.script(reply);
    const before = Date.now();
    expectAnswer(await github(id, 'ping', undefined, 'queued-ping'), 200, /^queued: ping$/);
    const [record] = await relay.stores.deliveries.listForWebhook(id);
    expect(record).toMatchObject({
      outcome: 'queued',
      attempts: 1,
      message: expect.any(Object),
      sealedToken: expect.any(String),
    });
    expect(Date.parse(record?.retryAt ?? '') - before).toBeGreaterThanOrEqual(wait * 1000 - 1000);
    expect(await relay.stores.retryQueue.head(id)).toMatchObject({
      key: { webhookId: id, provider: 'github', deliveryId: 'queued-ping' },
    });
  });

  test('a short Discord 429 is retried once and the message goes through', async () => {
    discord.script(discordJson(429, { retry_after: 0.05 }));
    expectAnswer(await github(hookId(), 'ping'), 200, /^forwarded: ping$/);
    expect(discord.seen).toHaveLength(2);
  });

  test('over 60 deliveries a minute to one webhook id -> 429 with Retry-After; other ids unaffected', async () => {
    // The burst counts against one minute's window: not sent across the end of one.
    await withinOneWindow(60, 3);
    const id = hookId();
    const replies = await Promise.all(Array.from({ length: 61 }, () => github(id, 'installation', {})));
    const limited = replies.filter((reply) => reply.status === 429);
    expect(limited).toHaveLength(1);
    expectAnswer(limited[0] as Reply, 429, /Rate limit of 60 requests per minute/, 'RATE_LIMITED');
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await github(hookId(), 'installation', {})).status).toBe(200);
  });

  test('the quota is per webhook id and token: 61 wrong-token posts leave the real token its quota', async () => {
    await withinOneWindow(60, 3);
    const id = hookId();
    const wrong = `${TOKEN.slice(0, -4)}XXXX`;
    const replies = await Promise.all(
      Array.from({ length: 61 }, () =>
        deliver(id, 'github', { 'Content-Type': 'application/json', 'X-GitHub-Event': 'installation' }, '{}', wrong),
      ),
    );
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(1);
    expectAnswer(await github(id, 'star'), 200, /^forwarded: star$/);
  });
});

describe('duplicates', () => {
  test('a redelivery of a forwarded delivery answers "duplicate" and is not forwarded twice', async () => {
    const id = hookId();
    const sameStar = githubDelivery('star', 'same-delivery-1');
    expectAnswer(await relay.send(id, 'github', sameStar), 200, /^forwarded: star$/);
    const again = await Promise.all([1, 2, 3].map(() => relay.send(id, 'github', sameStar)));
    for (const reply of again) expectAnswer(reply, 200, /^duplicate: star$/);
    expect(discord.seen).toHaveLength(1);
    // The same provider id for another Discord webhook is another delivery.
    expectAnswer(await relay.send(hookId(), 'github', sameStar), 200, /^forwarded: star$/);
  });

  test('concurrent copies of one new delivery are forwarded once', async () => {
    const id = hookId();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => relay.send(id, 'github', githubDelivery('watch', 'racing-delivery'))),
    );
    // A copy that meets the first one still in flight is told to come
    // back (it could still fail), one that comes after it is a duplicate.
    const [forwarded, ...others] = replies.sort((a, b) => a.status - b.status);
    expectAnswer(forwarded as Reply, 200, /^forwarded: watch$/);
    for (const reply of others) {
      if (reply.status === 200) expectAnswer(reply, 200, /^duplicate: watch$/);
      else expectAnswer(reply, 503, /^in flight: watch /, 'SERVICE_UNAVAILABLE');
    }
    expect(discord.seen).toHaveLength(1);
  });

  test("a retry meeting a dead attempt's claim is 503 until the claim is stale, then forwarded once", async () => {
    const id = hookId();
    const star = githubDelivery('star', 'died-midway');
    // What an attempt that crashed (or timed out) between its claim and Discord leaves: a pending claim.
    const key = { webhookId: id, provider: 'github', deliveryId: 'died-midway', tokenHash: relay.tokenHash() };
    await relay.stores.deliveries.claim(key, 'star', new Date());
    const retried = await relay.send(id, 'github', star);
    expectAnswer(
      retried,
      503,
      /^in flight: star is being forwarded by an earlier attempt; retry in \d+ s$/,
      'SERVICE_UNAVAILABLE',
    );
    expect(Number(retried.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(Number(retried.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(discord.seen).toHaveLength(0);
    // A minute on, the claim is stale: the provider's next retry forwards it, and the one after is a duplicate.
    const aMinuteAgo = new Date(Date.now() - 61_000).toISOString();
    await relay.stores.db.send(
      new UpdateCommand({
        TableName: 'e2e-table',
        Key: { pk: `HOOK#${id}`, sk: `DELIVERY#github#died-midway#${relay.tokenHash()}` },
        UpdateExpression: 'SET updatedAt = :then',
        ExpressionAttributeValues: { ':then': aMinuteAgo },
      }),
    );
    expectAnswer(await relay.send(id, 'github', star), 200, /^forwarded: star$/);
    expectAnswer(await relay.send(id, 'github', star), 200, /^duplicate: star$/);
    expect(discord.posted()).toHaveLength(1);
  });

  test("a delivery Discord failed is the queue's to post: the provider's retry of it is a duplicate", async () => {
    const id = await relay.knownHookId();
    const fork = githubDelivery('fork', 'retry-me');
    discord.script(discordJson(500, {}));
    expectAnswer(await relay.send(id, 'github', fork), 200, /^queued: fork$/);
    expectAnswer(await relay.send(id, 'github', fork), 200, /^duplicate: fork$/);
    expect(discord.seen).toHaveLength(1);
  });
});

describe('GET /webhooks', () => {
  test('lists every provider with description, docs link, events and how it signs, without a key', async () => {
    const reply = await call(`${api.url}/webhooks`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('vary')).toMatch(/Accept/);
    const listed = reply.json.data.providers;
    // How a relay URL chooses its events is said there too.
    expect(reply.json.data.events).toMatch(
      /^Which events a relay URL forwards, in its events parameter.*pull_request\.opened.*-pull_request\.labeled/,
    );
    expect(listed.map((p: { name: string }) => p.name)).toEqual(providers.map((p) => p.name));
    expect(listed.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['github', 'gitlab', 'bitbucket', 'doppler', 'circleci', 'dockerhub', 'sentry', 'heroku']),
    );
    // Providers that cannot sign list no scheme (Docker Hub among them); the others list theirs.
    const unsigned = new Set(providers.filter((p) => !p.signature).map((p) => p.name));
    expect(unsigned).toContain('dockerhub');
    for (const entry of listed) {
      expect(entry).toEqual({
        name: expect.stringMatching(/^[a-z]+$/),
        displayName: expect.any(String),
        description: expect.stringMatching(/\S/),
        docs: expect.stringMatching(/^https:\/\//),
        events: expect.arrayContaining([expect.any(String)]),
        signature: providers.find((p) => p.name === entry.name)?.signature
          ? {
              header: expect.any(String),
              kind: expect.stringMatching(/^(hmac|token)$/),
              scheme: expect.stringMatching(/^(HMAC-SHA-(1|256|512)|HMAC-MD5) of .* in |^the secret itself in /),
            }
          : null,
      });
    }
    expect(listed.find((p: { name: string }) => p.name === 'github').events).toContain('workflow_run');
  });

  test('a browser gets one self-contained page whose only script is pinned by the CSP', async () => {
    const reply = await call(`${api.url}/webhooks`, {
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = reply.text;
    expect(html).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8">/);
    // Nothing is loaded from elsewhere: no external scripts, styles, fonts or images.
    expect(html).not.toMatch(/<script[^>]+src|<link|@import|url\(|<img|<iframe/i);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    // Exactly the source we wrote, with no compiler helper it would need at run time.
    expect(scripts[0]).toBe(RELAY_PAGE_SCRIPT);
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(reply.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash(scripts[0] ?? '')}'; style-src 'sha256-${hash(style)}'; ` +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    for (const provider of providers) {
      expect(html).toContain(`<input data-provider="${provider.name}" data-relay="{id}/{token}/${provider.name}"`);
      expect(html).toContain(`href="${provider.docs}"`);
    }
    // The page's script, run against a minimal document: a Discord URL in, relay URLs out.
    const page = runRelayScript(scripts[0] ?? '', `${api.url}/webhooks?from=test#top`);
    page.type('https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz_-0123');
    expect(page.problem()).toBe('');
    expect(page.output('github')).toBe(
      `${api.url}/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz_-0123/github`,
    );
    expect(page.output('heroku')).toMatch(/\/heroku$/);
    page.type('https://evil.example/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz');
    expect(page.problem()).toMatch(/not a Discord webhook URL/);
    expect(page.output('github')).toBe('');
  });

  test('GET /webhooks/api is gone (404)', async () => {
    expect((await call(`${api.url}/webhooks/api`)).status).toBe(404);
  });
});

/**
 * Runs the relay page's script with just the DOM it touches, so its URL
 * building is tested here (a browser test comes with the docs page).
 */
function runRelayScript(script: string, href: string) {
  // The page's outputs, with the relay path below the page that its HTML gives each one.
  const outputs = new Map(
    providers.map((p) => [p.name, { value: '', dataset: { provider: p.name, relay: `{id}/{token}/${p.name}` } }]),
  );
  const input = {
    value: '',
    listeners: [] as (() => void)[],
    addEventListener(_: string, listener: () => void) {
      this.listeners.push(listener);
    },
  };
  const problem = { textContent: '' };
  const document = {
    getElementById: (id: string) => (id === 'discord-url' ? input : id === 'problem' ? problem : null),
    querySelectorAll: (selector: string) => (selector.startsWith('input[data-provider]') ? [...outputs.values()] : []),
    querySelector: () => null,
    addEventListener: () => undefined,
  };
  new Function('document', 'window', 'navigator', script)(document, { location: { href } }, {});
  return {
    type(value: string) {
      input.value = value;
      for (const listener of input.listeners) listener();
    },
    problem: () => problem.textContent,
    output: (name: string) => outputs.get(name)?.value,
  };
}
