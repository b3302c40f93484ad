import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runKeys } from '../../infra/cli/keyRegistries';
import { createApiKey } from '../../shared/access/keyAdmin';
import { startTestStore, type TestStore } from '../support/dynamo';

/** `npm run keys` in this process, on a dynalite of its own (no running local server is looked for). */
let store: TestStore;
let stateDir: string;
const saved = { ...process.env };
beforeAll(async () => {
  store = await startTestStore();
  stateDir = await mkdtemp(join(tmpdir(), 'keys-cli-'));
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: store.dynamo.endpoint,
    TABLE_NAME: store.tableName,
    LOCAL_STATE_DIR: stateDir,
  });
});
afterAll(async () => {
  process.env = saved;
  await store.close();
  await rm(stateDir, { recursive: true, force: true });
});

const keys = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runKeys(argv, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
};
const revokedIds = async () =>
  (await store.stores.apiKeys.list()).filter((record) => record.revokedAt).map((record) => record.id);

describe('npm run keys refuses a command line it would only half carry out', () => {
  test('revoke with two ids revokes neither and says so (it revoked the first and ignored the second)', async () => {
    const first = await createApiKey(store.stores.apiKeys, { name: 'first' });
    const second = await createApiKey(store.stores.apiKeys, { name: 'second' });
    const refused = await keys('revoke', first.record.id, second.record.id);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`revoke takes one argument; given 2: "${first.record.id}" "${second.record.id}"`);
    expect(refused.out).toContain('usage: npm run keys');
    expect(await revokedIds()).toEqual([]);
    expect((await keys('revoke', second.record.id)).code).toBe(0);
    expect(await revokedIds()).toEqual([second.record.id]);
  });

  test.each([
    [['create', '--name', 'x', 'extra'], 'create takes no arguments; given 1: "extra"'],
    [['list', 'all'], 'list takes no arguments; given 1: "all"'],
    [['create', '--nmae', 'x'], "Unknown option '--nmae'"],
    [['create', '--name'], "Option '--name <value>' argument missing"],
    [[], 'no command given'],
    [['lst'], 'unknown command lst'],
  ])('%j: exit 2 with what is wrong and the usage, nothing made', async (argv, message) => {
    const before = (await store.stores.apiKeys.list()).length;
    const refused = await keys(...argv);
    expect(refused).toMatchObject({ code: 2, out: expect.stringContaining(message) });
    expect(refused.out).toContain('usage: npm run keys');
    expect(await store.stores.apiKeys.list()).toHaveLength(before);
  });

  test('a command line in error is answered before any store is looked for', async () => {
    // No store there (a closed port on this machine), and none in DATA_DIR.
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
    try {
      const refused = await keys('revoke', 'key_a', 'key_b');
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('revoke takes one argument');
    } finally {
      process.env.DYNAMODB_ENDPOINT = store.dynamo.endpoint;
    }
  });

  test.each([[['--help']], [['-h']], [['help']], [['revoke', '--help']]])(
    '%j prints the usage, exit 0',
    async (argv) => {
      expect(await keys(...argv)).toEqual({ code: 0, out: expect.stringMatching(/^usage: npm run keys/) });
    },
  );
});

describe('npm run keys makes keys as the dashboard does', () => {
  test('a key made for an owner holds its lowest free slot index; one without an owner holds none', async () => {
    const idOf = (out: string) => /created (key_\w+)/.exec(out)?.[1] ?? '';
    const made = [];
    for (const name of ['cli 1', 'cli 2'])
      made.push(idOf((await keys('create', '--name', name, '--owner', 'cli-acct')).out));
    const ownerless = idOf((await keys('create', '--name', 'cli-service')).out);
    const slots = await Promise.all(
      [...made, ownerless].map(async (id) => (await store.stores.apiKeys.getById(id))?.slot),
    );
    expect(slots).toEqual([0, 1, undefined]);
  });
});
