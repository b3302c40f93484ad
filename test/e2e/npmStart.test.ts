import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY } from '../support/localApi';
import { runKeys, startMain, stop, type Started } from '../support/processes';

// The README's two commands as a user runs them: `npm start`, then curl and `npm run keys`.
let main: Started;
let dynamoEndpoint: string;
beforeAll(async () => {
  main = await startMain({ PORT: '0', LOCAL_DYNAMODB_PORT: '0', LOCAL_API_KEY: '' });
  dynamoEndpoint =
    /DynamoDB .*: (http:\/\/\S+)$/.exec(main.lines.find((l) => l.startsWith('DynamoDB')) ?? '')?.[1] ?? '';
}, 40_000);
afterAll(async () => {
  if (main) await stop(main.child);
});

test('prints a fresh key and its ready line; the key gets a rank card', async () => {
  expect(main.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const key = /^API key \(shown once\): (\S+)/.exec(main.lines.find((l) => l.startsWith('API key')) ?? '')?.[1];
  expect(key).toMatch(/^cbk_/);
  const reply = await call(`${main.url}/v1/images/rank-card?${RANK_CARD_QUERY}`, { key });
  expect(reply.status).toBe(200);
  expect(reply.text).toMatch(/^<svg /);
});

test('npm run keys creates, lists and revokes keys in the running server’s store', async () => {
  const env = { DYNAMODB_ENDPOINT: dynamoEndpoint };
  const created = await runKeys(['create', '--name', 'cli user', '--owner', 'carol', '--json'], env);
  expect(created.code).toBe(0);
  const record = JSON.parse(created.stdout.trim().split('\n').at(-1) as string);
  expect(record).toMatchObject({
    name: 'cli user',
    owner: 'carol',
    id: expect.stringMatching(/^key_/),
    key: expect.stringMatching(/^cbk_/),
  });

  const url = `${main.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;
  const listed = JSON.parse((await runKeys(['list', '--json'], env)).stdout.trim().split('\n').at(-1) as string);
  expect(listed.map((k: { id: string }) => k.id)).toContain(record.id);
  expect(JSON.stringify(listed)).not.toContain(record.key);

  expect((await runKeys(['revoke', record.id], env)).code).toBe(0);
  expectErrorEnvelope(await call(url, { key: record.key }), 401, 'UNAUTHORIZED');

  expect((await runKeys(['revoke', 'key_unknown'], env)).code).toBe(2);
  expect((await runKeys(['create'], env)).code).toBe(2);
}, 60_000);

test('stops cleanly on SIGTERM', async () => {
  expect(await stop(main.child)).toBe(0);
});
