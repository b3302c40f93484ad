import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { call } from '../support/localApi';
import { expectAnswer, startRelayHarness, type RelayHarness } from '../support/relayHarness';
import { githubDelivery } from '../fixtures/github/payloads';

/** The relay URL's `events` parameter, through the local server to a fake Discord. */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness();
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

const send = async (id: string, events: string, event: string, payload?: unknown) => {
  const delivery = githubDelivery(event, `d-${Math.random()}`, payload);
  return call(`${relay.relayUrl(id, 'github')}?events=${encodeURIComponent(events)}`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
};

describe('relay URL ?events=', () => {
  test('only the named events are posted; the rest are answered "filtered" and stored nowhere', async () => {
    const id = relay.hookId();
    expectAnswer(await send(id, 'push,pull_request.opened', 'push'), 200, /^forwarded: push$/);
    expectAnswer(await send(id, 'push,pull_request.opened', 'star'), 200, /^filtered: star\.created$/);
    const pr = JSON.parse(githubDelivery('pull_request').body);
    expectAnswer(
      await send(id, 'push,pull_request.opened', 'pull_request', { ...pr, action: 'opened' }),
      200,
      /^forwarded: pull_request$/,
    );
    expectAnswer(
      await send(id, 'push,pull_request.opened', 'pull_request', { ...pr, action: 'labeled' }),
      200,
      /^filtered: pull_request\.labeled$/,
    );
    expect(relay.discord.posted()).toHaveLength(2);
  });

  test('"-" turns noisy actions off and lets the rest through', async () => {
    const id = relay.hookId();
    const pr = JSON.parse(githubDelivery('pull_request').body);
    expectAnswer(
      await send(id, '-pull_request.labeled,-pull_request.synchronize', 'pull_request', {
        ...pr,
        action: 'synchronize',
      }),
      200,
      /^filtered: /,
    );
    expectAnswer(
      await send(id, '-pull_request.labeled,-pull_request.synchronize', 'pull_request', { ...pr, action: 'closed' }),
      200,
      /^forwarded: /,
    );
    expect(relay.discord.posted()).toHaveLength(1);
  });

  test("a filter naming none of the provider's events is a 400 listing them, after the signature", async () => {
    const reply = await send(relay.hookId(), 'pushh', 'push');
    expectAnswer(
      reply,
      400,
      /^events names pushh, which is not one of GitHub's events \(ping, push, /,
      'INVALID_PARAMETER',
    );
    const id = relay.hookId();
    expect((await relay.putSecrets(id, { github: 'shared secret 123' })).status).toBe(200);
    expectAnswer(await send(id, 'push', 'star'), 401, /Missing the X-Hub-Signature-256 header/, 'UNAUTHORIZED');
    expect(relay.discord.posted()).toHaveLength(0);
  });
});
