import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createStores } from '../../shared/store';
import { storeConfigFromEnv, type StoreConfig } from '../../shared/store/config';
import { ensureTable, startEmbeddedDynamo } from '../local/embeddedDynamo';

/** Steps a CLI runs before it exits (close clients, stop an embedded store). */
export type Cleanup = (() => Promise<void> | void)[];

async function reachable(url: string): Promise<boolean> {
  const probe = createStores({ ...storeConfigFromEnv(), endpoint: url });
  try {
    await probe.db.send(new ListTablesCommand({}));
    return true;
  } catch {
    return false;
  } finally {
    probe.db.destroy();
  }
}

/**
 * The local store the CLIs work on: the running local server's embedded DynamoDB
 * (DYNAMODB_ENDPOINT, default http://127.0.0.1:8000, where `npm start` serves it), or, when no
 * server runs, the store persisted in DATA_DIR.
 */
export async function localStoreConfig(cleanup: Cleanup, env: NodeJS.ProcessEnv = process.env): Promise<StoreConfig> {
  const endpoint = env.DYNAMODB_ENDPOINT || `http://127.0.0.1:${env.LOCAL_DYNAMODB_PORT || 8000}`;
  let url = endpoint;
  if (!(await reachable(endpoint))) {
    if (!env.DATA_DIR) throw new Error(`no local store at ${endpoint}. Start the API with \`npm start\` (or set DATA_DIR to use a persisted store).`);
    const embedded = await startEmbeddedDynamo({ dataDir: env.DATA_DIR });
    cleanup.push(() => embedded.close());
    url = embedded.endpoint;
  }
  const config = { ...storeConfigFromEnv(env), endpoint: url };
  await ensureTable(url, config.tableName);
  return config;
}
