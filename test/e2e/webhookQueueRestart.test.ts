import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { createStores } from '../../shared/store';
import { discordJson, startFakeDiscord } from '../support/fakeDiscord';
import { call, startTestApi } from '../support/localApi';
import { hookId, issue, titles, waitFor } from '../support/queuedDeliveries';
import { expectAnswer, TOKEN } from '../support/relayHarness';

/**
 * The local server's retry queue lives in its store: with DATA_DIR
 * it outlives the process (its own file: one local API per process).
 */
describe('the retry queue across a restart (DATA_DIR)', () => {
  test('a local server stopped mid-queue posts the queued messages, in order, once started again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relay-queue-'));
    const secretsKey = randomBytes(32).toString('base64');
    const discord = await startFakeDiscord();
    const options = { dataDir, secretsKey, discordApiBase: discord.apiBase, localApiKey: 'queue-key-0123456789' };
    const id = hookId();
    try {
      let api = await startTestApi(options);
      const post = (n: number) => {
        const delivery = issue(n);
        return call(`${api.url}/webhooks/${id}/${TOKEN}/github`, {
          method: 'POST',
          headers: delivery.headers,
          body: delivery.body,
        });
      };
      // Discord has taken a message with this token (only such a pair's deliveries queue).
      expectAnswer(await post(19), 200, /^forwarded: issues$/);
      discord.seen.length = 0;
      discord.script(discordJson(429, { message: 'You are being rate limited.', retry_after: 4, global: false }));
      for (let n = 20; n < 23; n += 1) expectAnswer(await post(n), 200, /^queued: issues$/);
      await api.close();
      expect(titles(discord)).toEqual(['message 20']);
      // Started again on the same data: the queue resumes when the head is due.
      api = await startTestApi(options);
      try {
        await waitFor(() => discord.posted().length >= 4, 15_000);
        expect(titles(discord)).toEqual(['message 20', 'message 20', 'message 21', 'message 22']);
        const stores = createStores({ tableName: 'e2e-table', endpoint: api.dynamoEndpoint, region: 'us-east-1' });
        // Discord sees the last post before the server logs what it answered.
        const outcomes = async () => (await stores.deliveries.listForWebhook(id)).map((record) => record.outcome);
        await waitFor(async () => !(await outcomes()).includes('pending'), 5_000);
        expect(await outcomes()).toEqual(['forwarded', 'forwarded', 'forwarded', 'forwarded']);
        expect(await stores.retryQueue.head(id)).toBeUndefined();
        stores.db.destroy();
      } finally {
        await api.close();
      }
    } finally {
      await discord.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
