import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localStoreConfig, type Cleanup } from '../../infra/cli/storeTarget';
import { announceStore } from '../../infra/local/runningStores';
import { localSecretsKey } from '../../infra/local/secretsKey';
import { startTestStore, type TestStore } from '../support/dynamo';

/** What `npm start` announces is what the CLIs use: its store, and the secret key its relay sealed tokens with. */
let store: TestStore;
let stateDir: string;
beforeAll(async () => {
  store = await startTestStore();
  stateDir = await mkdtemp(join(tmpdir(), 'running-store-'));
});
afterAll(async () => {
  await store.close();
  await rm(stateDir, { recursive: true, force: true });
});

test("the webhooks command opens tokens with the running server's secret key, not its own", async () => {
  const serverKey = Buffer.alloc(32, 7).toString('base64');
  const remove = announceStore(
    {
      endpoint: store.dynamo.endpoint,
      tableName: store.tableName,
      credentials: store.dynamo.credentials,
      secretsKey: serverKey,
    },
    { LOCAL_STATE_DIR: stateDir },
  );
  // The CLI's own environment names another data directory, with no key file in it.
  const cliDataDir = join(stateDir, 'cli-data');
  const env: NodeJS.ProcessEnv = { LOCAL_STATE_DIR: stateDir, DATA_DIR: cliDataDir };
  const cleanup: Cleanup = [];
  try {
    expect(await localStoreConfig(cleanup, env)).toMatchObject({
      endpoint: store.dynamo.endpoint,
      tableName: store.tableName,
    });
    expect(localSecretsKey(env)).toBe(serverKey);
  } finally {
    remove();
    for (const step of cleanup) await step();
  }
});
