import { expect, test } from '@jest/globals';
import { expectErrorEnvelope } from '../support/envelope';
import { call, rateHeaders, useTestApi } from '../support/localApi';

/** The bot routes count toward the key's per-minute quota like every /v1 route (a small one here). */
const KEY = 'bot-quota-key-0123456789';
const QUOTA = 6;
const api = useTestApi(() => {
  process.env.RATE_LIMIT_PER_MINUTE = String(QUOTA);
  return { localApiKey: KEY };
});

test('each bot read and write takes one from the quota; past it a bot route answers 429', async () => {
  const bot = '/v1/bots/300000000000000001';
  const json = (method: string, path: string, body?: unknown) =>
    call(`${api.url}${path}`, {
      key: KEY,
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const steps: [string, string, unknown?][] = [
    ['PUT', bot, { name: 'Counted' }],
    ['GET', bot],
    ['POST', `${bot}/stats`, { guilds: 3 }],
    ['PUT', `${bot}/commands`, { commands: [{ name: 'ping', description: 'Pong' }] }],
    ['GET', '/v1/bots'],
    ['GET', `${bot}/status`],
  ];
  const remaining: number[] = [];
  for (const [method, path, body] of steps) {
    const reply = await json(method, path, body);
    expect([method, path, reply.status]).toEqual([method, path, method === 'PUT' && path === bot ? 201 : 200]);
    expect(rateHeaders(reply).limit).toBe(QUOTA);
    remaining.push(rateHeaders(reply).remaining);
  }
  expect(remaining).toEqual([5, 4, 3, 2, 1, 0]);

  for (const [method, path] of [
    ['GET', `${bot}/stats`],
    ['DELETE', bot],
  ]) {
    const refused = await json(method as string, path as string);
    expectErrorEnvelope(refused, 429, 'RATE_LIMITED');
    expect(rateHeaders(refused).remaining).toBe(0);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
});
