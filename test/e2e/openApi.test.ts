import { describe, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../shared/openapi/document';
import { routes, type RouteId } from '../../shared/routes/table';
import { call, rateHeaders, useTestApi, type Reply } from '../support/localApi';
import { groupTags } from '../../functions/groups';

/** GET /openapi.json over HTTP, and real answers of the API checked against the document. */
const KEY = 'openapi-contract-key-0123';
const api = useTestApi({ localApiKey: KEY });

const document = openApiDocument(groupTags(), '/');
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

/** Asserts a reply matches what the document says the route answers with that status. */
function expectDocumented(id: RouteId, reply: Reply) {
  const route = routes[id];
  const responses = (document.paths as Record<string, Record<string, { responses: Record<string, any> }>>)[route.path]![
    route.method.toLowerCase()
  ]!.responses;
  const documented = responses[String(reply.status)];
  if (!documented) throw new Error(`${id} answered ${reply.status}, which the document does not list`);
  for (const name of Object.keys(documented.headers ?? {})) {
    if (name.startsWith('X-RateLimit')) expect(reply.headers.get(name)).toMatch(/^\d+$/);
  }
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return;
  const validate = ajv.compile({ ...schema, components: document.components });
  if (!validate(reply.json))
    throw new Error(
      `${id} ${reply.status} breaks its documented schema: ${ajv.errorsText(validate.errors)}\n${reply.text}`,
    );
}

const send = (method: string, path: string, body?: unknown) =>
  call(`${api.url}${path}`, {
    method,
    key: KEY,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('GET /openapi.json', () => {
  test('needs no key, is the document for this server, counts per IP, revalidates by ETag', async () => {
    const first = await call(`${api.url}/openapi.json`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.json).toEqual(JSON.parse(JSON.stringify(document)));
    const second = await call(`${api.url}/openapi.json`, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(second.status).toBe(304);
    expect(rateHeaders(second).remaining).toBe(rateHeaders(first).remaining - 1);
    // A key does not change what is counted: still this IP.
    const third = await call(`${api.url}/openapi.json`, { key: KEY });
    expect(rateHeaders(third).remaining).toBe(rateHeaders(second).remaining - 1);
  });
});

describe('GET /', () => {
  test('needs no key and counts per IP, like /openapi.json', async () => {
    const first = await call(`${api.url}/`);
    const second = await call(`${api.url}/`, { key: KEY });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(rateHeaders(second).remaining).toBe(rateHeaders(first).remaining - 1);
    expect(rateHeaders(await call(`${api.url}/openapi.json`)).remaining).toBe(rateHeaders(second).remaining - 1);
  });
});

describe('real answers match the document', () => {
  const bot = routes.getBot.example.path?.clientId as string;
  test('every bot route, from the examples of the table, in order of use', async () => {
    expectDocumented('registerBot', await send('PUT', `/v1/bots/${bot}`, routes.registerBot.example.body));
    expectDocumented('registerBot', await send('PUT', `/v1/bots/${bot}`, routes.registerBot.example.body));
    expectDocumented('postBotStats', await send('POST', `/v1/bots/${bot}/stats`, routes.postBotStats.example.body));
    expectDocumented(
      'putBotCommands',
      await send('PUT', `/v1/bots/${bot}/commands`, routes.putBotCommands.example.body),
    );
    expectDocumented('getBot', await send('GET', `/v1/bots/${bot}`));
    expectDocumented('getBotCommands', await send('GET', `/v1/bots/${bot}/commands`));
    expectDocumented('getBotStats', await send('GET', `/v1/bots/${bot}/stats`));
    expectDocumented('getBotStatus', await send('GET', `/v1/bots/${bot}/status`));
    expectDocumented('listBots', await send('GET', `/v1/bots?limit=10&sort=guilds`));
    expectDocumented('deleteBot', await send('DELETE', `/v1/bots/${bot}`));
  });

  test('errors: 400, 401, 404, 413, 415 as documented', async () => {
    expectDocumented('getBot', await send('GET', '/v1/bots/123'));
    expectDocumented('getBot', await send('GET', `/v1/bots/${bot}`));
    expectDocumented('getBot', await call(`${api.url}/v1/bots/${bot}`));
    expectDocumented('registerBot', await send('PUT', `/v1/bots/${bot}`, { name: 'x'.repeat(9000) }));
    expectDocumented(
      'registerBot',
      await call(`${api.url}/v1/bots/${bot}`, {
        method: 'PUT',
        key: KEY,
        body: '{}',
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    expectDocumented('rankCard', await send('GET', '/v1/images/rank-card?level=x'));
  });

  test('the webhook listing and the relay', async () => {
    expectDocumented('listWebhooks', await call(`${api.url}/webhooks`));
    // The relay's own answer format (its deliveries are covered by the webhook suites).
    const relay = routes.relayWebhook.example.path as Record<string, string>;
    const unknown = await call(`${api.url}/webhooks/${relay.id}/${relay.token}/nobody`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(400);
    expectDocumented('relayWebhook', unknown);
  });
});
