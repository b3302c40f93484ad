import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { discordHangs, discordJson, discordResets, type DiscordReply } from '../support/fakeDiscord';
import { expectAnswer, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

/**
 * Discord outages the replay suite (5xx answers) does not play: a cut connection, an answer that
 * never comes, a rate limit told only by Retry-After. The token is one Discord confirmed, as only
 * such pairs queue, and the queue's own retries wait an hour, so only the replay by hand posts.
 */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness({ retryBackoffSeconds: 3600 });
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

/**
 * `deliveries`: the delivery and the provider's retries while
 * Discord is out (the hang's retry would only cost another 5 s).
 */
const OUTAGES: { name: string; reply: DiscordReply; deliveries: number }[] = [
  { name: 'cuts the connection', reply: discordResets, deliveries: 2 },
  { name: 'hangs past the 5 s timeout', reply: discordHangs, deliveries: 1 },
  {
    name: 'rate limits for an hour (Retry-After header only)',
    reply: discordJson(429, {}, { 'retry-after': '3600' }),
    deliveries: 2,
  },
];

test.each(OUTAGES.map((outage) => [outage.name, outage] as const))(
  'Discord %s: the delivery is queued, retries are duplicates, one replay posts it once',
  async (_name, outage) => {
    const id = await relay.knownHookId();
    const deliveryId = `outage-${id}`;
    const star = () => relay.star(id, deliveryId);

    relay.discord.script(...Array.from({ length: outage.deliveries }, () => outage.reply));
    for (let attempt = 0; attempt < outage.deliveries; attempt += 1) {
      const reply = await star();
      expectAnswer(reply, 200, attempt === 0 ? /^queued: star$/ : /^duplicate: star$/);
      expect(reply.headers.get('retry-after')).toBeNull();
    }
    const attempts = relay.discord.posted().map((request) => request.body);
    expect(attempts).toHaveLength(1);
    const kept = attempts[0];

    // One record, kept with its message, and listed for a replay.
    const log = await relay.stores.deliveries.listForWebhook(id);
    expect(log).toEqual([
      expect.objectContaining({
        deliveryId,
        provider: 'github',
        event: 'star',
        outcome: 'queued',
        message: kept,
        sealedToken: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(log)).not.toContain(TOKEN);
    const listed = await relay.webhooks('list', '--failed', '--json');
    expect(JSON.parse(listed.out)).toContainEqual(
      expect.objectContaining({ deliveryId, webhookId: id, outcome: 'queued' }),
    );

    // Discord is back: one replay posts the kept message, once; nothing after it posts again.
    relay.resetDiscord();
    expect(await relay.webhooks('replay', deliveryId, '--webhook', id)).toEqual({
      code: 0,
      out: expect.stringMatching(/: forwarded$/),
    });
    expect(await relay.webhooks('replay', deliveryId, '--webhook', id)).toMatchObject({ code: 2 });
    expectAnswer(await star(), 200, /^duplicate: star$/);
    expect(relay.discord.posted()).toEqual([
      expect.objectContaining({ url: `/api/webhooks/${id}/${TOKEN}?wait=true`, body: kept }),
    ]);
    expect(await relay.stores.deliveries.listForWebhook(id)).toEqual([
      expect.objectContaining({ deliveryId, outcome: 'forwarded' }),
    ]);
    expect((await relay.stores.deliveries.listForWebhook(id))[0]).not.toHaveProperty('sealedToken');
  },
  20_000,
);
