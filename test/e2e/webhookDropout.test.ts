import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { PayloadError } from '../../shared/webhooks/provider';
import { providers } from '../../shared/webhooks/providers/index';
import { toProviderDelivery } from '../fixtures/delivery';
import { fixtureDeliveries } from '../fixtures/deliveries';
import { expectWithinDiscordLimits } from '../support/discordLimits';
import { anyMutation, describeMutation, pathsOf, withMutation } from '../support/fieldMutations';
import { codecOf } from '../support/fixtureCodec';
import { startRelayHarness, type RelayHarness } from '../support/relayHarness';

/**
 * The tolerant reader over HTTP: for every provider, a rendered fixture with one field
 * removed, null or of another type is answered 200 and forwarded as a message Discord accepts.
 * test/unit/fieldDropout.test.ts tries every field of every fixture; this samples each provider
 * through the local server and a fake Discord.
 */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness();
});
afterAll(() => relay.close());

const cases = providers.flatMap((provider) => {
  const fixture = (fixtureDeliveries[provider.name] ?? []).find(
    (candidate) => codecOf(candidate).typed && provider.read(toProviderDelivery(candidate)).kind === 'message',
  );
  return fixture ? [[provider.name, provider, fixture] as const] : [];
});

test('every provider has a typed (JSON) fixture it renders, to mutate', () => {
  expect(
    providers.filter((provider) => !cases.some(([name]) => name === provider.name)).map((provider) => provider.name),
  ).toEqual([]);
});

describe.each(cases)('%s', (name, provider, fixture) => {
  test('a fixture with any one field removed, null or retyped is forwarded within Discord limits', async () => {
    const codec = codecOf(fixture);
    const payload = codec.decode(fixture.body);
    await fc.assert(
      fc.asyncProperty(anyMutation(payload, pathsOf(payload)), async (mutation) => {
        const body = withMutation(payload, mutation, codec.encode);
        let event: string | undefined;
        try {
          event = provider.read({ ...toProviderDelivery(fixture), body }).event;
        } catch (error) {
          // What names the event was changed: that delivery is another question (the relay answers it below 500).
          if (!(error instanceof PayloadError && error.about === 'event')) throw error;
        }
        relay.resetDiscord();
        const reply = await relay.deliver(relay.hookId(), name, fixture.headers, body);
        if (event !== fixture.event) return expect(reply.status).toBeLessThan(500);
        expect({ mutation: describeMutation(mutation), status: reply.status, message: reply.json.message }).toEqual({
          mutation: describeMutation(mutation),
          status: 200,
          message: `forwarded: ${fixture.event}`,
        });
        const [posted] = relay.discord.posted();
        expectWithinDiscordLimits(posted?.body);
      }),
      { numRuns: 4 },
    );
  });
});
