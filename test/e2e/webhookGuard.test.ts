import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { sha256Hex } from '../../shared/crypto/hash';
import { LocalSecretBox } from '../../shared/crypto/secretBox';
import { escapeMarkdown } from '../../shared/discord/message';
import { githubDelivery, githubPayloads } from '../fixtures/github/payloads';
import { discordJson } from '../support/fakeDiscord';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * What the relay remembers of webhook ids and tokens, and what
 * it stores (or not) for them: end to end, against dynalite.
 */
let relay: RelayHarness;
beforeAll(async () => {
  // The queue's retries an hour away: what is sealed is what the first attempt kept.
  relay = await startRelayHarness({ retryBackoffSeconds: 3600 });
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

/** Every item the server stored under a webhook. */
async function itemsOf(id: string): Promise<Record<string, unknown>[]> {
  const { Items } = await relay.stores.db.send(
    new QueryCommand({
      TableName: 'e2e-table',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `HOOK#${id}` },
    }),
  );
  return Items ?? [];
}

const star: RelayHarness['star'] = (...args) => relay.star(...args);

describe('Discord refusals are remembered for the id and token hash', () => {
  test.each<[string, number, RegExp, string]>([
    ['a wrong token (401)', 401, /rejected the webhook token/, 'UNAUTHORIZED'],
    ['an unknown webhook (404)', 404, /no such webhook/, 'NOT_FOUND'],
  ])('%s: the same pair again gets the same answer without reaching Discord', async (_name, status, message, code) => {
    const id = relay.hookId();
    relay.discord.script(discordJson(status, { message: 'refused', code: 0 }));
    expectAnswer(await star(id), status, message, code);
    expectAnswer(await star(id), status, message, code);
    expectAnswer(await star(id), status, message, code);
    expect(relay.discord.seen).toHaveLength(1);
    // Kept by the token's hash, never the token.
    const items = await itemsOf(id);
    expect(items.find((item) => item.sk === `PAIR#${sha256Hex(TOKEN)}`)).toMatchObject({
      verdict: 'refused',
      status,
      expiresAt: expect.any(Number),
    });
    expect(JSON.stringify(items)).not.toContain(TOKEN);
  });

  test('another token for the same id is still tried', async () => {
    const id = relay.hookId();
    relay.discord.script(discordJson(401, { message: '401: Unauthorized', code: 0 }));
    expectAnswer(await star(id), 401, /rejected the webhook token/, 'UNAUTHORIZED');
    expectAnswer(await star(id, undefined, `${TOKEN.slice(0, -1)}Q`), 200, /^forwarded: star$/);
    expect(relay.discord.seen).toHaveLength(2);
  });

  test('a pair Discord accepted is remembered good, by hash; a later 404 (webhook deleted) replaces that', async () => {
    const id = relay.hookId();
    expectAnswer(await star(id), 200, /^forwarded: star$/);
    expect((await itemsOf(id)).find((item) => item.sk === `PAIR#${sha256Hex(TOKEN)}`)).toMatchObject({
      verdict: 'good',
    });
    relay.discord.script(discordJson(404, { message: 'Unknown Webhook', code: 10015 }));
    expectAnswer(await star(id), 404, /no such webhook/, 'NOT_FOUND');
    expectAnswer(await star(id), 404, /no such webhook/, 'NOT_FOUND');
    expect(relay.discord.seen).toHaveLength(2);
  });
});

test('registering secrets teaches the relay which tokens are good and which refused', async () => {
  const [confirmed, refused] = [relay.hookId(), relay.hookId()];
  expect((await relay.putSecrets(confirmed, {})).status).toBe(200);
  expect((await itemsOf(confirmed)).find((item) => item.sk === `PAIR#${sha256Hex(TOKEN)}`)).toMatchObject({
    verdict: 'good',
  });
  relay.discord.script(discordJson(401, { message: '401: Unauthorized', code: 0 }));
  expect((await relay.putSecrets(refused, {})).status).toBe(403);
  relay.resetDiscord();
  expectAnswer(await star(refused), 401, /rejected the webhook token/, 'UNAUTHORIZED');
  expect(relay.discord.seen).toHaveLength(0);
});

describe('what is stored, and sealed', () => {
  let seal: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    seal = jest.spyOn(LocalSecretBox.prototype, 'seal');
  });
  afterEach(() => seal.mockRestore());

  test('an ignored event for a pair never seen valid stores nothing and calls no one', async () => {
    const id = relay.hookId();
    const reply = await relay.send(id, 'github', githubDelivery('installation', 'ignored-1', {}));
    expectAnswer(reply, 200, /^ignored: installation$/);
    expect(await itemsOf(id)).toEqual([]);
    expect(relay.discord.seen).toHaveLength(0);
    expect(seal).not.toHaveBeenCalled();
  });

  test('an ignored event for a known-good pair is logged (and de-duplicated) as before', async () => {
    const id = relay.hookId();
    await star(id);
    const ignored = githubDelivery('installation', 'ignored-2', {});
    expectAnswer(await relay.send(id, 'github', ignored), 200, /^ignored: installation$/);
    expectAnswer(await relay.send(id, 'github', ignored), 200, /^duplicate: installation$/);
    expect(
      (await itemsOf(id)).find((item) => item.sk === `DELIVERY#github#ignored-2#${relay.tokenHash()}`),
    ).toMatchObject({ outcome: 'ignored' });
  });

  test('a delivered message seals nothing; a failed one seals its token once for queue and replay', async () => {
    const id = relay.hookId();
    expectAnswer(await star(id, 'sealed-not'), 200, /^forwarded: star$/);
    expect(seal).not.toHaveBeenCalled();
    relay.discord.script(discordJson(503, {}));
    expectAnswer(await star(id, 'sealed-once'), 200, /^queued: star$/);
    expect(seal).toHaveBeenCalledTimes(1);
    const items = await itemsOf(id);
    expect(items.find((item) => item.sk === `DELIVERY#github#sealed-not#${relay.tokenHash()}`)).not.toHaveProperty(
      'sealedToken',
    );
    expect(items.find((item) => item.sk === `DELIVERY#github#sealed-once#${relay.tokenHash()}`)).toMatchObject({
      outcome: 'queued',
      sealedToken: expect.stringMatching(/^v1\.local\./),
      message: expect.any(Object),
    });
    expect(JSON.stringify(items)).not.toContain(TOKEN);
    // And the replay still delivers it.
    expect((await relay.webhooks('replay', 'sealed-once')).out).toMatch(/forwarded/);
    expect(relay.discord.posted().at(-1)?.body.embeds?.[0]?.title).toContain(
      escapeMarkdown((githubPayloads.star as { repository: { full_name: string } }).repository.full_name),
    );
  });
});
