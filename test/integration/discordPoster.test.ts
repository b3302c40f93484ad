import { afterEach, describe, expect, test } from '@jest/globals';
import { fitMessage } from '../../shared/discord/message';
import { checkWebhook, postToDiscord } from '../../shared/discord/poster';
import {
  discordHangs,
  discordJson,
  startFakeDiscord,
  type DiscordReply,
  type FakeDiscord,
} from '../support/fakeDiscord';

const fakes: FakeDiscord[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fakeDiscord(...replies: DiscordReply[]) {
  const fake = await startFakeDiscord();
  fake.script(...replies);
  fakes.push(fake);
  return fake;
}
const json = discordJson;
const MESSAGE = fitMessage({ content: 'hello @everyone', embeds: [{ title: 'Push' }] });

describe('postToDiscord against a fake Discord', () => {
  test('delivers with ?wait=true, JSON, no-ping mentions, and reads the message id', async () => {
    const discord = await fakeDiscord(json(200, { id: '1234' }));
    expect(await postToDiscord('111', 'tok-en', MESSAGE, { apiBase: discord.apiBase })).toEqual({
      kind: 'delivered',
      status: 200,
      messageId: '1234',
    });
    expect(discord.seen).toEqual([
      {
        method: 'POST',
        url: '/api/webhooks/111/tok-en?wait=true',
        contentType: 'application/json',
        body: { ...MESSAGE },
      },
    ]);
    expect(discord.seen[0]?.body?.allowed_mentions).toEqual({ parse: [] });
  });

  test.each<[number, string]>([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'notFound'],
    [400, 'invalid'],
  ])('Discord %i -> rejected (%s)', async (status, reason) => {
    const discord = await fakeDiscord(json(status, { message: 'nope', code: 10015 }));
    // Only a request Discord finds invalid keeps what it said (the others' answers say no more than their status).
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: discord.apiBase })).toEqual({
      kind: 'rejected',
      status,
      reason,
      ...(reason === 'invalid' ? { error: '10015 nope' } : {}),
    });
  });

  test('a short 429 is waited out and retried once', async () => {
    const discord = await fakeDiscord(json(429, { retry_after: 0.05, global: false }), json(200, { id: '9' }));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: discord.apiBase })).toMatchObject({
      kind: 'delivered',
      messageId: '9',
    });
    expect(discord.seen).toHaveLength(2);
  });

  test('a long 429, or a second one, is reported with its wait (at least 1 s)', async () => {
    const long = await fakeDiscord(json(429, { retry_after: 30 }));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: long.apiBase })).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: 30,
    });
    expect(long.seen).toHaveLength(1);
    const twice = await fakeDiscord(json(429, { retry_after: 0.01 }), json(429, {}, { 'retry-after': '0.2' }));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: twice.apiBase })).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: 1,
    });
  });

  test('a 5xx, a timeout and an unreachable Discord are failures that say which', async () => {
    const broken = await fakeDiscord(json(502, {}), json(502, {}));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: broken.apiBase })).toEqual({
      kind: 'failed',
      status: 502,
      reason: 'Discord answered 502',
    });

    const silent = await fakeDiscord(discordHangs);
    const started = Date.now();
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: silent.apiBase, timeoutMs: 200 })).toEqual({
      kind: 'failed',
      reason: 'Discord did not answer within 0.2 s',
    });
    expect(Date.now() - started).toBeLessThan(2000);

    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: 'http://127.0.0.1:9/api' })).toEqual({
      kind: 'failed',
      reason: 'Discord could not be reached',
    });
  });
});

describe('checkWebhook against a fake Discord', () => {
  test('GET /webhooks/{id}/{token}: the webhook is confirmed only when Discord answers for that id', async () => {
    const discord = await fakeDiscord(json(200, { id: '111', type: 1 }), json(200, { id: '222', type: 1 }));
    expect(await checkWebhook('111', 'tok', { apiBase: discord.apiBase })).toEqual({ kind: 'delivered', status: 200 });
    expect(await checkWebhook('111', 'tok', { apiBase: discord.apiBase })).toMatchObject({
      kind: 'failed',
      reason: 'Discord answered for another webhook',
    });
    expect(discord.seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/webhooks/111/tok',
      'GET /api/webhooks/111/tok',
    ]);
  });

  test.each<[string, DiscordReply, Record<string, unknown>]>([
    ['a wrong token', json(401, { message: '401: Unauthorized' }), { kind: 'rejected', reason: 'unauthorized' }],
    ['an unknown webhook', json(404, { code: 10015 }), { kind: 'rejected', reason: 'notFound' }],
    ['a rate limit', json(429, { retry_after: 2.5 }), { kind: 'rateLimited', retryAfterSeconds: 3 }],
    ['an outage', json(500, {}), { kind: 'failed', status: 500 }],
    ['a hang', discordHangs, { kind: 'failed', reason: 'Discord did not answer within 0.2 s' }],
  ])('%s is reported, never thrown', async (_name, reply, expected) => {
    const discord = await fakeDiscord(reply);
    expect(await checkWebhook('111', 'tok', { apiBase: discord.apiBase, timeoutMs: 200 })).toMatchObject(expected);
  });
});
