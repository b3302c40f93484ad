import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { call } from '../support/localApi';
import { expectAnswer, RELAY_KEY, startRelayHarness, type RelayHarness } from '../support/relayHarness';

/** Webhook and bot ids are snowflakes with one spelling each: 17–20 digits, no leading zero, at most 2^64 − 1. */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness();
});
afterAll(async () => {
  await relay.close();
});

const LARGEST = '18446744073709551615';
const refused: [string, string][] = [
  ['16 digits', '1234567890123456'],
  ['a leading zero', '01234567890123456789'],
  ['2^64', '18446744073709551616'],
  ['21 digits', '123456789012345678901'],
];
const accepted: [string, string][] = [
  ['17 digits', '12345678901234567'],
  ['2^64 - 1', LARGEST],
];

describe('webhook ids', () => {
  test.each(refused)('%s: the relay answers 400 and calls no one', async (_name, id) => {
    relay.resetDiscord();
    expectAnswer(await relay.star(id, 'snowflake-1'), 400, /^id must be a Discord webhook id/, 'INVALID_PARAMETER');
    expect(relay.discord.seen).toHaveLength(0);
  });

  test.each(accepted)('%s: forwarded', async (_name, id) => {
    relay.resetDiscord();
    expectAnswer(await relay.star(id, 'snowflake-2'), 200, /^forwarded: star$/);
  });

  test.each(refused)('%s: PUT /v1/webhooks answers the 400 envelope', async (_name, id) => {
    const reply = await relay.putSecrets(id, {});
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ code: 'INVALID_PARAMETER' });
  });
});

describe('bot client ids', () => {
  const getBot = (id: string) => call(`${relay.api.url}/v1/bots/${id}`, { key: RELAY_KEY });

  test.each(refused)('%s: 400 envelope naming clientId', async (_name, id) => {
    const reply = await getBot(id);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: [expect.objectContaining({ field: 'clientId' })],
    });
  });

  test.each(accepted)('%s: a well-formed id (404: no such bot)', async (_name, id) => {
    expect((await getBot(id)).status).toBe(404);
  });
});
