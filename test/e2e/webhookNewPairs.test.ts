import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { githubDelivery } from '../fixtures/github/payloads';
import { withinOneWindow } from '../support/fixedWindow';
import { callFrom } from '../support/fromAddress';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/** Pairs never seen valid are tried on Discord at most 20 a minute per source address; known-good pairs never count. */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness({ newPairsPerMinute: 20 });
});
afterAll(() => relay.close());

const star = (id: string, token = TOKEN) => relay.star(id, undefined, token);

test('the 21st new pair a minute from one address is 429 before Discord; known-good pairs pass', async () => {
  await withinOneWindow(60);
  const known = relay.hookId();
  expectAnswer(await star(known), 200, /^forwarded: star$/);
  // The same id with another token is another pair.
  const fresh = [...Array.from({ length: 18 }, () => [relay.hookId(), TOKEN]), [known, `${TOKEN.slice(0, -1)}Z`]] as [
    string,
    string,
  ][];
  for (const reply of await Promise.all(fresh.map(([id, token]) => star(id, token))))
    expectAnswer(reply, 200, /^forwarded: star$/);
  expect(relay.discord.posted()).toHaveLength(20);

  const over = await star(relay.hookId());
  expectAnswer(over, 429, /At most 20 new webhooks a minute from this address/, 'RATE_LIMITED');
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  expect([over.headers.get('x-ratelimit-limit'), over.headers.get('x-ratelimit-remaining')]).toEqual(['20', '0']);
  expect(relay.discord.posted()).toHaveLength(20);

  // Pairs Discord accepted are not limited by address (providers send from shared addresses).
  for (let i = 0; i < 3; i += 1) expectAnswer(await star(known), 200, /^forwarded: star$/);
  expect(relay.discord.posted()).toHaveLength(23);
});

test('unknown pairs count even unsent: past 20 a minute, ignored and filtered events are 429 too', async () => {
  await withinOneWindow(60);
  relay.resetDiscord();
  // Another loopback address: the test above spent 127.0.0.1's quota.
  const from = (id: string, event: string, query = '') => {
    const { headers, body } = githubDelivery(event, `${event}-${id}`, event === 'star' ? undefined : {});
    return callFrom('127.0.0.2', `${relay.relayUrl(id, 'github')}${query}`, { method: 'POST', headers, body });
  };
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      n % 2 ? from(relay.hookId(), 'installation') : from(relay.hookId(), 'star', '?events=push'),
    ),
  );
  for (const reply of replies) expectAnswer(reply, 200, /^(ignored: installation|filtered: star\.created)$/);
  expectAnswer(
    await from(relay.hookId(), 'installation'),
    429,
    /At most 20 new webhooks a minute from this address/,
    'RATE_LIMITED',
  );
  expectAnswer(
    await from(relay.hookId(), 'star', '?events=push'),
    429,
    /At most 20 new webhooks a minute from this address/,
    'RATE_LIMITED',
  );
  expect(relay.discord.seen).toHaveLength(0);
});
