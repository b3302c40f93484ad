import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { githubDelivery } from '../fixtures/github/payloads';
import { discordKnows } from '../support/fakeDiscord';
import { withinOneWindow } from '../support/fixedWindow';
import { callFrom } from '../support/fromAddress';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * Repeats of pairs Discord refused, answered from memory, count per source address too (5 a minute
 * here), apart from its new pairs (3 a minute): beyond the quota they are 429 and the webhook's
 * refused-attempt count is no longer written, so one address cannot repeat its refused pairs without
 * end nor raise a webhook's "refused in the last 24 hours" at will.
 */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness({ newPairsPerMinute: 3, refusedPerMinute: 5 });
});
afterAll(() => relay.close());

const wrongToken = () => randomBytes(48).toString('base64url');
/** A GitHub star from `address` (another loopback address is another source address). */
function starFrom(address: string, id: string, token: string) {
  const { headers, body } = githubDelivery('star', `star-${Math.random()}`);
  return callFrom(address, relay.relayUrl(id, 'github', token), { method: 'POST', headers, body });
}
const refusedLastDay = (id: string) => relay.stores.refusedAttempts.lastDay(id, new Date());
const REFUSED = /rejected the webhook token/;
const OVER = /At most 5 requests a minute from this address for webhooks Discord refused; retry in \d+ s/;

test('refused pairs repeated past 5 a minute from one address: 429, other addresses unaffected', async () => {
  await withinOneWindow(60);
  const id = relay.hookId();
  const tokens = [wrongToken(), wrongToken()];
  // Two made-up tokens for one webhook: each refused by Discord
  // once (two of the address's 3 new pairs), then remembered.
  relay.discord.script(discordKnows(TOKEN), discordKnows(TOKEN));
  for (const token of tokens) expectAnswer(await starFrom('127.0.0.3', id, token), 401, REFUSED, 'UNAUTHORIZED');
  for (let n = 0; n < 5; n += 1)
    expectAnswer(await starFrom('127.0.0.3', id, tokens[n % 2] as string), 401, REFUSED, 'UNAUTHORIZED');
  expect(await refusedLastDay(id)).toBe(7);

  const over = await Promise.all(
    Array.from({ length: 20 }, (_, n) => starFrom('127.0.0.3', id, tokens[n % 2] as string)),
  );
  for (const reply of over) {
    expectAnswer(reply, 429, OVER, 'RATE_LIMITED');
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    expect([reply.headers.get('x-ratelimit-limit'), reply.headers.get('x-ratelimit-remaining')]).toEqual(['5', '0']);
  }
  expect(await refusedLastDay(id)).toBe(7);
  expect(relay.discord.seen).toHaveLength(2);

  // Another address has a quota of its own.
  expectAnswer(await starFrom('127.0.0.4', id, tokens[0] as string), 401, REFUSED, 'UNAUTHORIZED');
  expect(await refusedLastDay(id)).toBe(8);
  // The first address's repeats spent none of its new pairs: its third is tried on Discord.
  expectAnswer(await starFrom('127.0.0.3', relay.hookId(), TOKEN), 200, /^forwarded: star$/);
  expect(relay.discord.seen).toHaveLength(3);
});
