import { afterEach, describe, expect, test } from '@jest/globals';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fitMessage } from '../../shared/discord/message';
import { postToDiscord } from '../../shared/discord/poster';

/** A stand-in for Discord on 127.0.0.1 that answers each request with the next scripted reply. */
type Reply = (request: IncomingMessage, response: ServerResponse) => void;
const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function fakeDiscord(...replies: Reply[]) {
  const seen: { url: string; body: any; contentType?: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ url: request.url ?? '', body: JSON.parse(body || 'null'), contentType: request.headers['content-type'] });
      (replies.shift() ?? json(500, {}))(request, response);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};
const MESSAGE = fitMessage({ content: 'hello @everyone', embeds: [{ title: 'Push' }] });

describe('postToDiscord against a fake Discord', () => {
  test('delivers with ?wait=true, JSON, no-ping mentions, and reads the message id', async () => {
    const discord = await fakeDiscord(json(200, { id: '1234' }));
    expect(await postToDiscord('111', 'tok-en', MESSAGE, { apiBase: discord.apiBase })).toEqual({ kind: 'delivered', status: 200, messageId: '1234' });
    expect(discord.seen).toEqual([{ url: '/api/webhooks/111/tok-en?wait=true', contentType: 'application/json', body: { ...MESSAGE } }]);
    expect(discord.seen[0]?.body.allowed_mentions).toEqual({ parse: [] });
  });

  test.each<[number, string]>([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'notFound'],
    [400, 'invalid'],
  ])('Discord %i -> rejected (%s)', async (status, reason) => {
    const discord = await fakeDiscord(json(status, { message: 'nope', code: 10015 }));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: discord.apiBase })).toEqual({ kind: 'rejected', status, reason });
  });

  test('a short 429 is waited out and retried once', async () => {
    const discord = await fakeDiscord(json(429, { retry_after: 0.05, global: false }), json(200, { id: '9' }));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: discord.apiBase })).toMatchObject({ kind: 'delivered', messageId: '9' });
    expect(discord.seen).toHaveLength(2);
  });

  test('a long 429, or a second one, is reported with its wait (at least 1 s)', async () => {
    const long = await fakeDiscord(json(429, { retry_after: 30 }));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: long.apiBase })).toEqual({ kind: 'rateLimited', retryAfterSeconds: 30 });
    expect(long.seen).toHaveLength(1);
    const twice = await fakeDiscord(json(429, { retry_after: 0.01 }), json(429, {}, { 'retry-after': '0.2' }));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: twice.apiBase })).toEqual({ kind: 'rateLimited', retryAfterSeconds: 1 });
  });

  test('a 5xx, a timeout and an unreachable Discord are failures that say which', async () => {
    const broken = await fakeDiscord(json(502, {}));
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: broken.apiBase })).toEqual({ kind: 'failed', status: 502, reason: 'Discord answered 502' });

    const silent = await fakeDiscord(() => undefined);
    const started = Date.now();
    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: silent.apiBase, timeoutMs: 200 })).toEqual({ kind: 'failed', reason: 'Discord did not answer within 0.2 s' });
    expect(Date.now() - started).toBeLessThan(2000);

    expect(await postToDiscord('1', 't', MESSAGE, { apiBase: 'http://127.0.0.1:9/api' })).toEqual({ kind: 'failed', reason: 'Discord could not be reached' });
  });
});
