import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiError, ChatbotApi, OPERATIONS, type OperationId } from '../../client/src/index';
import { routeList } from '../../shared/routes/table';
import { githubDelivery, githubSignature } from '../fixtures/github/payloads';
import { samplePng, sendBody, startImageHost, type ImageHost } from '../support/imageHost';
import { startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';
import { exampleQuery } from '../support/routeExamples';

/** The client package (from its sources) against the local server: every route once, refusals, retries. */
const KEY = 'client-suite-key-0123456789';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
let relay: RelayHarness;
let host: ImageHost;
let api: ChatbotApi;
/** The operations the suite's calls reached the server with, told from their method and path. */
const called = new Set<OperationId>();

const operationOf = (method: string, url: URL): OperationId | undefined =>
  (Object.keys(OPERATIONS) as OperationId[]).find((id) => {
    const route = OPERATIONS[id];
    const pattern = new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    return route.method === method && pattern.test(url.pathname);
  });

const recordingFetch: typeof fetch = (input, init) => {
  const id = operationOf(init?.method ?? 'GET', new URL(String(input)));
  if (id) called.add(id);
  return fetch(input, init);
};

beforeAll(async () => {
  host = await startImageHost({ '/cat.png': sendBody(samplePng(48)) });
  relay = await startRelayHarness({
    rateLimit: 1000,
    server: { localApiKey: KEY, imageFetchAllowHosts: host.hostPort },
  });
  api = new ChatbotApi({ key: KEY, baseUrl: relay.api.url, fetch: recordingFetch });
});
afterAll(async () => {
  await relay?.close();
  await host?.close();
});

const isPng = (bytes: unknown) => bytes instanceof Uint8Array && PNG_MAGIC.every((byte, n) => bytes[n] === byte);

describe('images', () => {
  const imageIds = (Object.keys(OPERATIONS) as OperationId[]).filter((id) => OPERATIONS[id].answer === 'image');

  test.each(imageIds)('%s answers PNG bytes by default', async (id) => {
    const params = exampleQuery(routeList.find((route) => route.id === id)!, `${host.url}/cat.png`);
    const draw = (api as unknown as Record<string, (params: object) => Promise<unknown>>)[id]!.bind(api);
    expect(isPng(await draw(params))).toBe(true);
  });

  test('SVG text when asked, in any letter case; PNG when asked', async () => {
    const card = { username: 'Ada', level: 3, xp: 40, requiredXp: 100, rank: 2, theme: 'light' } as const;
    const svg: string = await api.rankCard({ ...card, format: 'svg' });
    expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(svg).toContain('Ada');
    // The types offer the lower-case choices; the server folds the case of any other spelling.
    expect(await api.rankCard({ ...card, format: 'SVG' as 'svg' })).toBe(svg);
    const png: Uint8Array = await api.rankCard({ ...card, format: 'png' });
    expect(isPng(png)).toBe(true);
  });
});

describe('bots', () => {
  const clientId = '159985870458323001';

  test('register, read, list, commands, stats per shard, status, verify, delete', async () => {
    const created = await api.registerBot({ clientId }, { name: 'Clientbot', tags: ['fun'] });
    expect(created).toMatchObject({ clientId, name: 'Clientbot', owned: true });
    await expect(api.getBot({ clientId })).resolves.toMatchObject({ clientId, name: 'Clientbot' });

    const commands = [{ name: 'rank', description: 'Your rank card', category: 'fun' }];
    await api.putBotCommands({ clientId }, { commands });
    const listed = JSON.stringify(await api.getBotCommands({ clientId }));
    expect(listed).toContain('"rank"');

    await api.postBotStats({ clientId }, { guilds: 10, users: 100, shardId: 0, shardCount: 2 });
    const beat = await api.postBotStats({ clientId }, { guilds: 5, users: 50, shardId: 1, shardCount: 2 });
    expect(beat.clientId).toBe(clientId);
    const stats = await api.getBotStats({ clientId });
    expect(stats.latest).toMatchObject({ guilds: 15, users: 150 });
    expect(stats.shards?.shards.map(({ shardId, guilds }) => [shardId, guilds])).toEqual([
      [0, 10],
      [1, 5],
    ]);
    await expect(api.getBotStatus({ clientId })).resolves.toMatchObject({ online: true });

    const botToken = `${Buffer.from(clientId).toString('base64url')}.GhJkLm.${'a'.repeat(38)}`;
    await expect(api.verifyBot({ clientId }, { botToken })).resolves.toMatchObject({ clientId, verified: true });
    const listedBots = await api.listBots({ sort: 'name', limit: 50 });
    expect(listedBots.bots.map((bot) => bot.clientId)).toContain(clientId);

    await api.deleteBot({ clientId });
    const gone = await api.getBot({ clientId }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ApiError);
    expect(gone).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('webhooks and the document', () => {
  test('providers, signature secrets, a signed delivery relayed, the OpenAPI document', async () => {
    const providers = await api.listWebhooks();
    expect(providers.providers.map((provider) => provider.name)).toContain('github');

    const id = relay.hookId();
    const secret = 'client-suite-secret';
    const saved = await api.putWebhookSecrets({ id, token: TOKEN }, { secrets: { github: secret } });
    expect(saved).toMatchObject({ webhookId: id, signedProviders: ['github'] });

    const delivery = githubDelivery('ping', `client-${Date.now()}`);
    const signature = githubSignature(delivery.body, secret);
    const headers = { ...delivery.headers, 'X-Hub-Signature-256': signature };
    const relayed = await api.relayWebhook({ id, token: TOKEN, provider: 'github' }, delivery.body, { headers });
    expect(relayed.message).toMatch(/ping/);
  });

  test('the OpenAPI document, as answered', async () => {
    const document = await api.openApi();
    expect(document).toMatchObject({ openapi: '3.1.0' });
  });
});

describe('refusals are thrown as ApiError', () => {
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as ApiError,
    );

  test('bad input: 400 with the code, message, fields and the request id', async () => {
    const error = await refusal(api.rankCard({ username: 'a', level: -1, xp: 1, requiredXp: 1, rank: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: 400, code: 'INVALID_PARAMETER' });
    expect(error.message).toMatch(/level/);
    expect(error.details.map((detail) => detail.field)).toContain('level');
    expect(error.requestId).toMatch(/\S{8,}/);
    expect(error.retryAfter).toBeUndefined();
  });

  test('a key the server does not know: 401 UNAUTHORIZED', async () => {
    const stranger = new ChatbotApi({ key: 'cbk_NotAKeyNotAKeyNotAKeyNotAKeyNotAKeyNotAKey0', baseUrl: relay.api.url });
    await expect(refusal(stranger.getBot({ clientId: '159985870458323002' }))).resolves.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      requestId: expect.any(String),
    });
  });

  test("the relay's refusal, in its own {message, code} shape", async () => {
    const id = relay.hookId();
    await api.putWebhookSecrets({ id, token: TOKEN }, { secrets: { github: 'one' }, requireSignatures: true });
    const delivery = githubDelivery('ping');
    const error = await refusal(
      api.relayWebhook({ id, token: TOKEN, provider: 'github' }, delivery.body, { headers: delivery.headers }),
    );
    expect(error).toMatchObject({ status: 401 });
    expect(error.message).toMatch(/signature/i);
  });
});

/** A server in front of the local one that answers the first `refusals` requests itself with `status`. */
async function refusingProxy(refusals: number, status: number, retryAfter: string) {
  const seen: { at: number; status: number }[] = [];
  const server: Server = createServer(async (request, response) => {
    const at = Date.now();
    if (seen.length < refusals) {
      seen.push({ at, status });
      response.writeHead(status, { 'Content-Type': 'application/json', 'Retry-After': retryAfter });
      const meta = { generatedAt: new Date().toISOString(), requestId: `proxy-${seen.length}` };
      response.end(JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message: 'slow down' }, meta }));
      return;
    }
    const forwarded = await fetch(`${relay.api.url}${request.url}`, {
      headers: { Authorization: request.headers.authorization ?? '' },
    });
    seen.push({ at, status: forwarded.status });
    response.writeHead(forwarded.status, { 'Content-Type': forwarded.headers.get('Content-Type') ?? '' });
    response.end(Buffer.from(await forwarded.arrayBuffer()));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((done) => server.close(done)) };
}

describe('429 and 503 are retried after their Retry-After', () => {
  const card = { username: 'Ada', level: 1, xp: 1, requiredXp: 10, rank: 1 };

  test('a 429 with Retry-After: 1 is waited out, then the call succeeds', async () => {
    const proxy = await refusingProxy(1, 429, '1');
    try {
      const client = new ChatbotApi({ key: KEY, baseUrl: proxy.url });
      expect(isPng(await client.rankCard(card))).toBe(true);
      expect(proxy.seen.map((answer) => answer.status)).toEqual([429, 200]);
      expect(proxy.seen[1]!.at - proxy.seen[0]!.at).toBeGreaterThanOrEqual(1000);
    } finally {
      await proxy.close();
    }
  });

  test('past maxRetries the 429 is thrown, with its Retry-After and request id', async () => {
    const proxy = await refusingProxy(3, 429, '0');
    try {
      const client = new ChatbotApi({ key: KEY, baseUrl: proxy.url, maxRetries: 1 });
      const error = await client.rankCard(card).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 0, requestId: 'proxy-2' });
      expect(proxy.seen).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });

  test('a 503 is retried too', async () => {
    const proxy = await refusingProxy(1, 503, '0');
    try {
      const client = new ChatbotApi({ key: KEY, baseUrl: proxy.url });
      expect(isPng(await client.rankCard(card))).toBe(true);
      expect(proxy.seen.map((answer) => answer.status)).toEqual([503, 200]);
    } finally {
      await proxy.close();
    }
  });
});

test('the suite called every route of the client', () => {
  expect([...called].sort()).toEqual(Object.keys(OPERATIONS).sort());
});
