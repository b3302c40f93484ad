import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { githubDelivery } from '../fixtures/github/payloads';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY } from '../support/localApi';
import { expectAnswer, RELAY_KEY, startRelayHarness, type RelayHarness } from '../support/relayHarness';

/**
 * The choices (theme, status, format, sort, provider) over HTTP: the document lists them as enums
 * of their lower-case values, the server still takes any letter case and answers as for the value
 * itself; anything else is a 400 naming the parameter.
 */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness();
});
afterAll(async () => {
  await relay.close();
});

const get = (path: string) => call(`${relay.api.url}${path}`, { key: RELAY_KEY });
const rankCard = (query: string) => get(`/v1/images/rank-card?${RANK_CARD_QUERY}&${query}`);

describe('choices in any letter case', () => {
  test('theme, status and format: DARK, Online and SVG draw what dark, online and svg do', async () => {
    const [mixed, canonical] = await Promise.all([
      rankCard('theme=DARK&status=Online&format=SVG'),
      rankCard('theme=dark&status=online&format=svg'),
    ]);
    expect([mixed.status, canonical.status]).toEqual([200, 200]);
    expect(mixed.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(mixed.text).toBe(canonical.text);
    // Another theme and status do draw differently, so the comparison above says something.
    expect((await rankCard('theme=light&status=dnd&format=svg')).text).not.toBe(canonical.text);
  });

  test('format=Png answers a PNG', async () => {
    const reply = await rankCard('format=Png');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/png');
  });

  test('sort=GUILDS lists as sort=guilds', async () => {
    const [mixed, canonical] = await Promise.all([get('/v1/bots?sort=GUILDS'), get('/v1/bots?sort=guilds')]);
    expect([mixed.status, canonical.status]).toEqual([200, 200]);
    expect(mixed.json.data).toEqual(canonical.json.data);
  });

  test('the relay takes its provider as GitHub, and forwards as for github', async () => {
    const reply = await relay.send(relay.hookId(), 'GitHub', githubDelivery('star', 'case-1'));
    expectAnswer(reply, 200, /^forwarded: star$/);
    expect(relay.discord.seen.at(-1)?.body).toMatchObject({ username: 'GitHub' });
  });
});

describe('anything else is a 400 naming the parameter', () => {
  test.each([
    ['theme=purple', 'theme', () => rankCard('theme=purple')],
    ['status=away', 'status', () => rankCard('status=away')],
    // The Kelvin sign folds to k in Unicode, not in ASCII: refused.
    ['theme=dar\u212a', 'theme', () => rankCard('theme=dar%E2%84%AA')],
    ['format=gif', 'format', () => rankCard('format=gif')],
    ['sort=newest', 'sort', () => get('/v1/bots?sort=newest')],
  ])('%s names %s', async (_query, name, send) => {
    const reply = await send();
    expectErrorEnvelope(reply, 400, 'INVALID_PARAMETER');
    expect(reply.json.error.details).toEqual([expect.objectContaining({ field: name })]);
    expect(reply.json.error.message).toMatch(new RegExp(`^${name} must be one of `));
  });

  test('provider (the relay answers {"message", "code"})', async () => {
    const reply = await relay.deliver(relay.hookId(), 'myspace', { 'Content-Type': 'application/json' }, '{}');
    expectAnswer(reply, 400, /^provider must be one of github, gitlab, /, 'INVALID_PARAMETER');
  });
});

test('the served document lists each choice as an enum, says any case, and shows no pattern', async () => {
  const document = (await call(`${relay.api.url}/openapi.json`)).json;
  const parameter = (path: string, method: string, name: string) =>
    document.paths[path][method].parameters.find((p: { name: string }) => p.name === name);
  for (const [path, method, name, value] of [
    ['/v1/images/rank-card', 'get', 'theme', 'dark'],
    ['/v1/images/rank-card', 'get', 'status', 'online'],
    ['/v1/images/rank-card', 'get', 'format', 'png'],
    ['/v1/bots', 'get', 'sort', 'guilds'],
    ['/webhooks/{id}/{token}/{provider}', 'post', 'provider', 'github'],
  ] as const) {
    const { schema, description } = parameter(path, method, name);
    expect(schema).toEqual(expect.objectContaining({ type: 'string', enum: expect.arrayContaining([value]) }));
    expect(schema.pattern).toBeUndefined();
    expect(schema.title).toMatch(/, any case$/);
    expect(description).toMatch(/any letter case is accepted/);
  }
  const body = document.paths['/webhooks/{id}/{token}/{provider}'].post.requestBody.content;
  expect(body['application/json'].schema).toEqual({ type: 'object', additionalProperties: true });
});
