import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { LocalServer } from '../../infra/local/server';
import { discordJson, discordResets, startFakeDiscord, type FakeDiscord } from '../support/fakeDiscord';
import { hookId, issue, titles, waitFor } from '../support/queuedDeliveries';
import { call, startTestApi } from '../support/localApi';
import { expectAnswer, TOKEN } from '../support/relayHarness';

/**
 * Nothing lost: deliveries Discord refuses for a while are queued and posted again, each once,
 * in order per webhook, honouring Retry-After; the local server's queue survives a restart (DATA_DIR).
 */
describe('the retry queue (local server)', () => {
  let discord: FakeDiscord;
  let api: LocalServer;
  beforeAll(async () => {
    discord = await startFakeDiscord();
    api = await startTestApi({ discordApiBase: discord.apiBase, localApiKey: 'queue-key-0123456789' });
  });
  afterAll(async () => {
    await api.close();
    await discord.close();
  });
  const send = (id: string, n: number) => {
    const delivery = issue(n);
    return call(`${api.url}/webhooks/${id}/${TOKEN}/github`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
  };
  /** A fresh webhook whose token Discord has taken a message from: only such a pair's deliveries queue. */
  const knownHookId = async () => {
    const id = hookId();
    expectAnswer(await send(id, 99), 200, /^forwarded: issues$/);
    discord.seen.length = 0;
    return id;
  };

  test('a burst into a webhook Discord throttles for a few seconds: every message arrives once, in order', async () => {
    const id = await knownHookId();
    // The first post is refused for 3 s (longer than the relay waits
    // inline); the webhook's later deliveries queue behind it.
    discord.script(
      discordJson(
        429,
        { message: 'You are being rate limited.', retry_after: 3, global: false },
        { 'retry-after': '3' },
      ),
    );
    const answers = [];
    for (let n = 0; n < 6; n += 1) answers.push((await send(id, n)).json.message);
    expect(answers).toEqual(Array.from({ length: 6 }, () => 'queued: issues'));
    expect(titles(discord)).toEqual(['message 0']);
    await waitFor(() => discord.posted().length >= 7, 15_000);
    // The refused attempt, then each message once, in the order it came.
    expect(titles(discord)).toEqual([
      'message 0',
      'message 0',
      'message 1',
      'message 2',
      'message 3',
      'message 4',
      'message 5',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(discord.posted()).toHaveLength(7);
    // Once the queue is empty the webhook is posted to directly again.
    expectAnswer(await send(id, 6), 200, /^forwarded: issues$/);
  }, 30_000);

  test('Discord failing (a dropped connection) is retried after a backoff; other webhooks go on', async () => {
    const [slow, other] = [await knownHookId(), hookId()];
    discord.script(discordResets);
    expectAnswer(await send(slow, 10), 200, /^queued: issues$/);
    // The other webhook's delivery is posted at once.
    expectAnswer(await send(other, 11), 200, /^forwarded: issues$/);
    await waitFor(() => titles(discord).filter((t) => t === 'message 10').length >= 2, 10_000);
    expect(titles(discord)).toEqual(['message 10', 'message 11', 'message 10']);
  }, 20_000);
});
