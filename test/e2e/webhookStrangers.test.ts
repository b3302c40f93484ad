import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { githubDelivery } from '../fixtures/github/payloads';
import { discordJson, discordKnows, type DiscordReply } from '../support/fakeDiscord';
import { withinOneWindow } from '../support/fixedWindow';
import { waitFor } from '../support/queuedDeliveries';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * Anyone can post to a webhook's id with a made-up token: while Discord throttles the webhook such
 * posts must not join its queue (posted later, each a 401 from Discord), nor claim the owner's
 * delivery ids; and when the queue's retries meet a token Discord now refuses, those answers count
 * towards the brake and the pair's other queued deliveries are dropped without asking Discord.
 */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness();
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

const strangerToken = () => randomBytes(48).toString('base64url');
const ownerPosts = () => relay.discord.posted().filter((request) => request.url.includes(`/${TOKEN}`));
const strangerPosts = () => relay.discord.posted().filter((request) => !request.url.includes(`/${TOKEN}`));
/** Longer than the relay waits out inline: the delivery is queued, and retried after it. */
const THROTTLED = discordJson(
  429,
  { message: 'You are being rate limited.', retry_after: 3, global: false },
  { 'retry-after': '3' },
);
/**
 * Discord for the owner of every webhook here: a stranger's token
 * is refused; the owner's first post is throttled, as scripted.
 */
const script = (...owner: DiscordReply[]) =>
  relay.discord.script(
    ...owner.map((reply) => discordKnows(TOKEN, reply)),
    ...Array.from({ length: 50 }, () => discordKnows(TOKEN)),
  );
/** A webhook whose token Discord has taken a message from (the pair is known good). */
async function knownGoodWebhook(): Promise<string> {
  const id = relay.hookId();
  expectAnswer(await relay.star(id, 'warm-up'), 200, /^forwarded: star$/);
  relay.resetDiscord();
  return id;
}
/** Long enough for a retry the queue should not make to show up. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
const outcomes = async (id: string) =>
  Object.fromEntries(
    (await relay.stores.deliveries.listForWebhook(id)).map((record) => [record.deliveryId, record.outcome]),
  );
/** The webhook's log once settled: Discord sees a post before the relay writes down what it answered. */
async function logged(id: string) {
  await waitFor(async () => !Object.values(await outcomes(id)).includes('pending'), 5_000);
  return outcomes(id);
}

describe('while Discord throttles a webhook', () => {
  test("a stranger's posts (wrong tokens) are tried once, refused, never queued", async () => {
    const id = await knownGoodWebhook();
    script(THROTTLED);
    expectAnswer(await relay.star(id, 'owner-1'), 200, /^queued: star$/);
    for (let n = 0; n < 20; n += 1)
      expectAnswer(
        await relay.star(id, `stranger-${n}`, strangerToken()),
        401,
        /rejected the webhook token/,
        'UNAUTHORIZED',
      );
    await waitFor(() => ownerPosts().length >= 2, 10_000);
    await settle();
    // The owner's delivery: throttled, then posted by the queue; the strangers' only by their own attempts.
    expect(ownerPosts()).toHaveLength(2);
    expect(strangerPosts()).toHaveLength(20);
    expect(await logged(id)).toEqual({ 'warm-up': 'forwarded', 'owner-1': 'forwarded' });
    expect(await relay.stores.retryQueue.head(id)).toBeUndefined();
  }, 20_000);

  test("a stranger's post under the owner's next delivery id does not make that one a duplicate", async () => {
    const id = await knownGoodWebhook();
    script(THROTTLED);
    expectAnswer(await relay.star(id, 'victim-first'), 200, /^queued: star$/);
    expectAnswer(
      await relay.star(id, 'victim-next', strangerToken()),
      401,
      /rejected the webhook token/,
      'UNAUTHORIZED',
    );
    expectAnswer(await relay.star(id, 'victim-next'), 200, /^queued: star$/);
    await waitFor(() => ownerPosts().length >= 3, 10_000);
    expect(await logged(id)).toMatchObject({ 'victim-first': 'forwarded', 'victim-next': 'forwarded' });
    // A signed copy of it under a stranger's token does not shadow the owner's signature claim either.
    const signed = relay.hookId();
    expect((await relay.putSecrets(signed, { github: 'the-secret' })).status).toBe(200);
    relay.resetDiscord();
    script();
    const copy = githubDelivery('star', 'signed-next');
    const headers = {
      'X-Hub-Signature-256': `sha256=${createHmac('sha256', 'the-secret').update(copy.body).digest('hex')}`,
    };
    expectAnswer(
      await relay.send(signed, 'github', copy, { headers, token: strangerToken() }),
      401,
      /rejected the webhook token/,
      'UNAUTHORIZED',
    );
    expectAnswer(await relay.send(signed, 'github', copy, { headers }), 200, /^forwarded: star$/);
  }, 20_000);

  test('an unknown pair Discord throttles is not queued: the provider retries, no token is kept', async () => {
    const id = relay.hookId();
    relay.discord.script(THROTTLED);
    expectAnswer(await relay.star(id, 'unknown-1'), 429, /rate limiting/, 'RATE_LIMITED');
    expect(await relay.stores.retryQueue.head(id)).toBeUndefined();
    expect((await relay.stores.deliveries.listForWebhook(id)).map((record) => record.sealedToken)).toEqual([undefined]);
    // Its retry, once Discord takes it, is posted (not a duplicate).
    expectAnswer(await relay.star(id, 'unknown-1'), 200, /^forwarded: star$/);
  });
});

test("a token Discord now refuses in the queue counts towards the brake and drops the pair's queue", async () => {
  await withinOneWindow(600, 15);
  const windowStart = Math.floor(Date.now() / 1000 / 600) * 600;
  const id = await knownGoodWebhook();
  const before = await relay.stores.invalidAnswers.read(windowStart);
  // Throttled (a non-shared 429: an invalid answer too), then the token is revoked (401).
  relay.discord.script(THROTTLED, discordJson(401, { message: '401: Unauthorized', code: 0 }));
  for (const deliveryId of ['revoked-1', 'revoked-2', 'revoked-3'])
    expectAnswer(await relay.star(id, deliveryId), 200, /^queued: star$/);
  await waitFor(() => relay.discord.seen.length >= 2, 10_000);
  await settle();
  expect(relay.discord.posted()).toHaveLength(2);
  expect(await relay.stores.retryQueue.head(id)).toBeUndefined();
  expect(await logged(id)).toMatchObject({ 'revoked-1': 'rejected', 'revoked-2': 'rejected', 'revoked-3': 'rejected' });
  expect((await relay.stores.invalidAnswers.read(windowStart)) - before).toBe(2);
  // The pair is remembered refused: the owner's next delivery is answered without asking Discord.
  expectAnswer(await relay.star(id, 'revoked-4'), 401, /rejected the webhook token/, 'UNAUTHORIZED');
  expect(relay.discord.seen).toHaveLength(2);
}, 20_000);
