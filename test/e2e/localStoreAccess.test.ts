import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectErrorEnvelope } from '../support/envelope';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { call, RANK_CARD_QUERY } from '../support/localApi';
import { runKeys, runMainToExit, startMain, stop, type Started } from '../support/processes';

/** A port held by another program, as a newcomer's machine may have 3000 or 8000 taken. */
async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let stateDir: string;
let taken: Awaited<ReturnType<typeof holdPort>>;
let main: Started;
let dynamoEndpoint: string;
beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'local-state-'));
  taken = await holdPort();
  // The embedded DynamoDB's wished port is taken, so it falls back to another one.
  main = await startMain({
    PORT: '0',
    LOCAL_DYNAMODB_PORT: String(taken.port),
    LOCAL_API_KEY: '',
    LOCAL_STATE_DIR: stateDir,
  });
  dynamoEndpoint =
    /DynamoDB .*: (http:\/\/\S+)$/.exec(main.lines.find((l) => l.startsWith('DynamoDB')) ?? '')?.[1] ?? '';
}, 40_000);
afterAll(async () => {
  if (main) await stop(main.child);
  await taken?.release();
  await rm(stateDir, { recursive: true, force: true });
});

describe('the embedded DynamoDB answers only the local server and its tools', () => {
  const scan = (headers: Record<string, string>) =>
    fetch(dynamoEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.Scan', ...headers },
      body: JSON.stringify({ TableName: 'chatbot-api' }),
    });

  test('a web page (any Origin, preflight or not) is refused without CORS headers', async () => {
    expect(dynamoEndpoint).not.toBe(`http://127.0.0.1:${taken.port}`);
    for (const reply of [
      await scan({
        Origin: 'http://evil.example',
        Authorization: 'AWS4-HMAC-SHA256 Credential=local/20261123/us-east-1/dynamodb/aws4_request',
      }),
      await fetch(dynamoEndpoint, {
        method: 'OPTIONS',
        headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
      }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
      expect(await reply.text()).not.toMatch(/KEY#|APIKEY/);
    }
  });

  test('a caller without the running server’s credentials is refused, as DynamoDB refuses an unknown key', async () => {
    const reply = await scan({
      Authorization:
        'AWS4-HMAC-SHA256 Credential=local/20261123/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00',
    });
    expect(reply.status).toBe(403);
    expect(((await reply.json()) as { __type: string }).__type).toMatch(/UnrecognizedClientException$/);
    const sdk = new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await expect(sdk.send(new ListTablesCommand({}))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    sdk.destroy();
  });
});

test('npm run keys finds the running server’s store on the port it fell back to, with no endpoint given', async () => {
  const env = {
    LOCAL_STATE_DIR: stateDir,
    DYNAMODB_ENDPOINT: '',
    DYNAMODB_ACCESS_KEY_ID: '',
    DYNAMODB_SECRET_ACCESS_KEY: '',
  };
  const created = await runKeys(['create', '--name', 'found it', '--json'], env);
  expect(created.code).toBe(0);
  const { key, id } = JSON.parse(created.stdout.trim().split('\n').at(-1) as string);
  const url = `${main.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;
  // Twice: the second use is a cached allow, whose key the gateway then remembers as enabled.
  for (let i = 0; i < 2; i += 1) expect((await call(url, { key })).status).toBe(200);
  expect((await runKeys(['revoke', id], env)).code).toBe(0);
  expectErrorEnvelope(await call(url, { key }), 401, 'UNAUTHORIZED');
  // Its migration command runs on the same store (the server moved any legacy bots at start already).
  const migrated = await runKeys(['migrate', '--json'], env);
  expect([migrated.code, JSON.parse(migrated.stdout.trim().split('\n').at(-1) as string)]).toEqual([
    0,
    { bots: 0, webhooks: 0, botNameKeys: 0 },
  ]);
}, 60_000);

test("npm run keys and the dashboard count the same keys, the operator's revokes and makes too", async () => {
  const env = {
    LOCAL_STATE_DIR: stateDir,
    DYNAMODB_ENDPOINT: '',
    DYNAMODB_ACCESS_KEY_ID: '',
    DYNAMODB_SECRET_ACCESS_KEY: '',
  };
  const browser = new DashboardBrowser(main.url);
  expect((await browser.signIn()).status).toBe(302);
  const csrf = await browser.csrf();
  const accountId = ((await browser.api('GET', '/session')).json.data as { account: { id: string } }).account.id;
  expect(accountId).toBe('local');
  const create = (name: string) => browser.api('POST', '/keys', { name }, csrf);
  // The key the server seeded for this account holds one of its five slots already.
  const made: string[] = [];
  for (let i = 0; i < 4; i += 1) made.push((await create(`dash ${i}`)).json.data.key.id);
  expectErrorEnvelope(await create('sixth'), 403, 'FORBIDDEN');
  expect((await runKeys(['revoke', made[0] as string], env)).code).toBe(0);
  expect((await create('sixth')).status).toBe(201);
  // The operator may go past the limit; the dashboard then makes none until enough are revoked.
  expect((await runKeys(['create', '--name', 'operator made', '--owner', accountId], env)).code).toBe(0);
  const listed = (await browser.api('GET', '/keys')).json.data.keys as { revokedAt?: string }[];
  expect(listed.filter((key) => !key.revokedAt)).toHaveLength(6);
  expectErrorEnvelope(await create('seventh'), 403, 'FORBIDDEN');
  for (const id of made.slice(1, 3))
    expect((await browser.api('DELETE', `/keys/${id}`, undefined, csrf)).status).toBe(200);
  expect((await create('seventh')).status).toBe(201);
}, 60_000);

test('npm run keys -- transfer-bot gives a bot away, verified; bad arguments print the usage', async () => {
  const env = {
    LOCAL_STATE_DIR: stateDir,
    DYNAMODB_ENDPOINT: '',
    DYNAMODB_ACCESS_KEY_ID: '',
    DYNAMODB_SECRET_ACCESS_KEY: '',
  };
  const created = await runKeys(['create', '--name', 'bot owner', '--owner', '200000000000000031', '--json'], env);
  const { key } = JSON.parse(created.stdout.trim().split('\n').at(-1) as string);
  const clientId = '600000000000000001';
  const bot = (method: string, body?: unknown) =>
    call(`${main.url}/v1/bots/${clientId}`, {
      key,
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  expect((await bot('PUT', { name: 'Disputed' })).status).toBe(201);

  const moved = await runKeys(['transfer-bot', clientId, '--owner', '200000000000000032', '--json'], env);
  expect(moved.code).toBe(0);
  expect(JSON.parse(moved.stdout.trim().split('\n').at(-1) as string)).toMatchObject({
    clientId,
    owner: '200000000000000032',
    name: 'Disputed',
    verifiedAt: expect.any(String),
  });
  expect((await bot('GET')).json.data).toMatchObject({ owned: false, verified: true });
  expect((await bot('PUT', { name: 'Mine again' })).status).toBe(403);

  for (const args of [
    ['transfer-bot', clientId],
    ['transfer-bot', 'nope', '--owner', 'x'],
    ['transfer-bot', '600000000000000099', '--owner', 'x'],
  ]) {
    const refused = await runKeys(args, env);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('usage: npm run keys');
  }
}, 60_000);

test('npm start on a busy port says so in one line, naming the port and how to choose another', async () => {
  const result = await runMainToExit({ PORT: String(taken.port), LOCAL_DYNAMODB_PORT: '0', LOCAL_STATE_DIR: stateDir });
  expect(result.code).toBe(1);
  // The AWS SDK's notice about Node 20 is a real warning of its own, left as it is.
  const ours = result.stderr
    .replace(/^.*AWS SDK[\s\S]*?More information can be found at: \S+\n?/m, '')
    .replace(/^\(Use `node --trace-.*\n?/m, '');
  const lines = ours.trim().split('\n');
  expect(lines).toEqual([expect.stringContaining(`Port ${taken.port} is already in use`)]);
  expect(lines[0]).toMatch(/PORT=\d+ npm start/);
  expect(lines[0]).toMatch(/PORT=0/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}, 40_000);
