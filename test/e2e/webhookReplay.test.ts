import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { runWebhooksCommand } from '../../infra/cli/webhooksCommand';
import { LocalSecretBox } from '../../shared/crypto/secretBox';
import { githubDelivery } from '../fixtures/github/payloads';
import { discordJson } from '../support/fakeDiscord';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * Failed deliveries (of a token Discord confirmed: only those are kept) are kept and replayed
 * exactly once, through the `webhooks` command. They are queued too
 * (webhookQueue.test.ts): the queue's first retry is set an hour away here, so what
 * these tests see is the replay by hand.
 */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness({ retryBackoffSeconds: 3600 });
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

const star = (id: string, deliveryId: string) => relay.star(id, deliveryId);
/** `npm run webhooks -- <argv>` over the server's own store and secret key. */
const webhooks: RelayHarness['webhooks'] = (...argv) => relay.webhooks(...argv);

describe('failed deliveries', () => {
  test('a Discord outage leaves the delivery listed with its message; replay posts that message once', async () => {
    const id = await relay.knownHookId();
    relay.discord.script(discordJson(500, {}));
    expectAnswer(await star(id, 'outage-1'), 200, /^queued: star$/);
    const attempted = relay.discord.posted()[0]?.body;

    const listed = await webhooks('list', '--failed', '--json');
    expect(listed.code).toBe(0);
    const entry = JSON.parse(listed.out).find((r: { deliveryId: string }) => r.deliveryId === 'outage-1');
    expect(entry).toMatchObject({
      webhookId: id,
      provider: 'github',
      event: 'star',
      outcome: 'queued',
      discordStatus: 500,
    });
    // Listings never show the kept message or token.
    expect(listed.out).not.toContain(TOKEN);
    expect(entry).not.toHaveProperty('sealedToken');

    relay.discord.seen.length = 0;
    const replay = await webhooks('replay', 'outage-1');
    expect(replay).toEqual({
      code: 0,
      out: expect.stringMatching(/outage-1 \(github star -> webhook \d+\): forwarded/),
    });
    expect(relay.discord.posted()).toHaveLength(1);
    expect(relay.discord.posted()[0]).toMatchObject({ url: `/api/webhooks/${id}/${TOKEN}?wait=true`, body: attempted });

    // Done: not listed, not replayable again, and the provider's redelivery is a duplicate.
    expect(
      JSON.parse((await webhooks('list', '--failed', '--json')).out).map((r: { deliveryId: string }) => r.deliveryId),
    ).not.toContain('outage-1');
    expect(await webhooks('replay', 'outage-1')).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^no failed delivery outage-1/),
    });
    expectAnswer(await star(id, 'outage-1'), 200, /^duplicate: star$/);
    expect(relay.discord.posted()).toHaveLength(1);
  });

  test('concurrent replays of one delivery post it exactly once', async () => {
    const id = await relay.knownHookId();
    relay.discord.script(discordJson(503, {}));
    await star(id, 'race-1');
    relay.discord.seen.length = 0;
    const results = await Promise.all([1, 2, 3, 4].map(() => webhooks('replay', 'race-1')));
    expect(relay.discord.posted()).toHaveLength(1);
    expect(results.filter((r) => /: forwarded$/.test(r.out))).toHaveLength(1);
  });

  test('a delivery without a provider id is kept too; a replay that fails again stays replayable', async () => {
    const id = await relay.knownHookId();
    relay.discord.script(discordJson(429, { retry_after: 60 }));
    expectAnswer(await relay.send(id, 'github', githubDelivery('watch')), 200, /^queued: watch$/);
    const [kept] = JSON.parse((await webhooks('list', '--webhook', id, '--json')).out);
    expect(kept).toMatchObject({ deliveryId: expect.stringMatching(/^relay-/), outcome: 'queued', event: 'watch' });

    relay.discord.script(discordJson(502, {}));
    expect(await webhooks('replay', kept.deliveryId)).toMatchObject({
      code: 1,
      out: expect.stringMatching(/Discord failed again .*still replayable/),
    });
    expect(await webhooks('replay', kept.deliveryId, '--webhook', id)).toMatchObject({
      code: 0,
      out: expect.stringMatching(/forwarded$/),
    });
    expect(relay.discord.posted()).toHaveLength(3);
  });

  test('a token rejected or a webhook deleted is not kept: replaying could never succeed', async () => {
    const id = relay.hookId();
    relay.discord.script(discordJson(404, { code: 10015 }));
    expectAnswer(await star(id, 'gone-1'), 404, /no such webhook/, 'NOT_FOUND');
    expect(await webhooks('replay', 'gone-1')).toMatchObject({ code: 2 });
  });

  test('one delivery id in two webhooks asks which; --all replays everything listed', async () => {
    const [a, b] = [await relay.knownHookId(), await relay.knownHookId()];
    relay.discord.script(discordJson(500, {}), discordJson(500, {}));
    await star(a, 'shared-id');
    await star(b, 'shared-id');
    expect(await webhooks('replay', 'shared-id')).toMatchObject({
      code: 2,
      out: expect.stringMatching(/add --webhook <id>/),
    });
    relay.discord.seen.length = 0;
    const all = await webhooks('replay', '--all');
    expect(all.code).toBe(0);
    expect(
      relay.discord
        .posted()
        .map((r) => r.url)
        .sort(),
    ).toEqual([`/api/webhooks/${a}/${TOKEN}?wait=true`, `/api/webhooks/${b}/${TOKEN}?wait=true`].sort());
    expect((await webhooks('list', '--failed')).out).toBe('no deliveries');
  });

  test('a token sealed under another key is reported and left replayable', async () => {
    const id = await relay.knownHookId();
    relay.discord.script(discordJson(500, {}));
    await star(id, 'other-key');
    const wrongKey = { ...relay.replayDeps, secretBox: new LocalSecretBox(Buffer.alloc(32, 7)) };
    const lines: string[] = [];
    expect(await runWebhooksCommand(['replay', 'other-key'], wrongKey, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toMatch(/cannot be opened with this secret key/);
    expect(await webhooks('replay', 'other-key')).toMatchObject({ code: 0 });
  });

  test('usage errors exit 2 with the usage text', async () => {
    expect(await webhooks('list')).toMatchObject({
      code: 2,
      out: expect.stringMatching(/list needs --failed or --webhook/),
    });
    expect(await webhooks('replay')).toMatchObject({ code: 2, out: expect.stringMatching(/usage: npm run webhooks/) });
    expect(await webhooks('bogus')).toMatchObject({ code: 2, out: expect.stringMatching(/unknown command bogus/) });
  });
});

test('`npm run webhooks` finds the running local store and its key', async () => {
  const id = await relay.knownHookId();
  relay.discord.script(discordJson(500, {}));
  await star(id, 'via-npm');
  const env = {
    ...process.env,
    DYNAMODB_ENDPOINT: relay.api.dynamoEndpoint,
    TABLE_NAME: 'e2e-table',
    DISCORD_API_BASE: relay.discord.apiBase,
  };
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'webhooks', '--', 'list', '--failed'], {
    env,
    timeout: 60_000,
  });
  expect(stdout).toMatch(new RegExp(`via-npm\\t${id}\\tgithub\\tstar\\tqueued\\t500`));
  relay.discord.seen.length = 0;
  const replay = await promisify(execFile)('npm', ['run', '--silent', 'webhooks', '--', 'replay', 'via-npm'], {
    env,
    timeout: 60_000,
  });
  expect(replay.stdout).toMatch(/via-npm .*: forwarded/);
  expect(relay.discord.posted()).toHaveLength(1);
}, 90_000);
