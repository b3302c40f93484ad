import { afterAll, afterEach, beforeAll, beforeEach, expect, jest, test } from '@jest/globals';
import { logger } from '../../shared/logging/logger';
import { RELAY_METRICS } from '../../shared/webhooks/relayMetrics';
import { discordJson } from '../support/fakeDiscord';
import { withinOneWindow } from '../support/fixedWindow';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * The global brake: once Discord's invalid answers (401, 403, 404, non-shared 429) in its 10-minute
 * window reach RELAY_BRAKE_INVALID_PER_10_MIN (3 here), unknown pairs are refused with 503 before
 * Discord is asked; known-good pairs still go through.
 */
let relay: RelayHarness;
let warn: jest.Spied<typeof logger.warn>;
beforeAll(async () => {
  relay = await startRelayHarness({ brakeAt: 3 });
});
afterAll(() => relay.close());
beforeEach(() => {
  // Tests run silent (test/setup/env.ts): the warnings are read where they are made.
  warn = jest.spyOn(logger, 'warn');
});
afterEach(() => warn.mockRestore());

const star = (id: string, token = TOKEN) => relay.star(id, undefined, token);
/** Each warning as its JSON log line would carry it: the message and its structured fields. */
const logLines = (): Record<string, unknown>[] =>
  warn.mock.calls.map(([message, fields]) => ({ message, ...(fields as object) }));

test('invalid answers past the threshold stop unknown pairs (503, metric); known-good ones pass', async () => {
  await withinOneWindow(600);
  const [known, busy] = [relay.hookId(), relay.hookId()];
  expectAnswer(await star(known), 200, /^forwarded: star$/);
  expectAnswer(await star(busy), 200, /^forwarded: star$/);
  // A shared-scope 429 is not the caller's fault and does not count (the delivery is queued).
  relay.discord.script(discordJson(429, { retry_after: 600 }, { 'x-ratelimit-scope': 'shared' }));
  expectAnswer(await star(busy), 200, /^queued: star$/);

  relay.discord.script(
    discordJson(401, { message: '401: Unauthorized', code: 0 }),
    discordJson(404, { message: 'Unknown Webhook', code: 10015 }),
  );
  expectAnswer(await star(relay.hookId()), 401, /rejected the webhook token/, 'UNAUTHORIZED');
  expectAnswer(await star(relay.hookId()), 404, /no such webhook/, 'NOT_FOUND');
  // Two invalid answers so far: a third unknown pair is still tried, and Discord's 403 is the third.
  relay.discord.script(discordJson(403, { message: 'Forbidden', code: 0 }));
  expectAnswer(await star(relay.hookId()), 401, /rejected the webhook token/, 'UNAUTHORIZED');
  expect(logLines().some((line) => /relay brake engaged/.test(String(line.message)))).toBe(true);

  relay.resetDiscord();
  const braked = await star(relay.hookId());
  expectAnswer(braked, 503, /not trying new webhooks/, 'SERVICE_UNAVAILABLE');
  const retryAfter = Number(braked.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(relay.discord.seen).toHaveLength(0);
  const metric = logLines().find((line) => line[RELAY_METRICS.brakeRefusals] === 1);
  expect(metric?._aws).toMatchObject({
    CloudWatchMetrics: [{ Namespace: RELAY_METRICS.namespace, Metrics: [{ Name: RELAY_METRICS.brakeRefusals }] }],
  });
  expect(JSON.stringify(logLines())).not.toContain(TOKEN);

  expectAnswer(await star(known), 200, /^forwarded: star$/);
  expect(relay.discord.seen).toHaveLength(1);
});
