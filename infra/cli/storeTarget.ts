import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createStores } from '../../shared/store';
import { storeConfigFromEnv, type StoreConfig } from '../../shared/store/config';
import { startEmbeddedDynamo } from '../local/embeddedDynamo';
import { ensureTable } from '../local/localTable';
import { runningStores } from '../local/runningStores';

/** Steps a CLI runs before it exits (close clients, stop an embedded store). */
export type Cleanup = (() => Promise<void> | void)[];

async function reachable(config: StoreConfig): Promise<boolean> {
  const probe = createStores(config);
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
 * The local store the CLIs work on: the running local server's embedded DynamoDB, found by the
 * record `npm start` publishes (its endpoint, whatever port it fell back to, and the credentials
 * its store requires); DYNAMODB_ENDPOINT picks one when several servers run. With no server
 * running, the store persisted in DATA_DIR.
 */
export async function localStoreConfig(cleanup: Cleanup, env: NodeJS.ProcessEnv = process.env): Promise<StoreConfig> {
  const wanted = env.DYNAMODB_ENDPOINT;
  const running = runningStores(env).find((store) => !wanted || store.endpoint === wanted);
  if (running) {
    // The functions' store client reads the credentials from the environment too, and the
    // webhooks command the server's secret key (whatever DATA_DIR or SECRETS_KEY it started with).
    Object.assign(env, {
      DYNAMODB_ACCESS_KEY_ID: running.credentials.accessKeyId,
      DYNAMODB_SECRET_ACCESS_KEY: running.credentials.secretAccessKey,
    });
    if (running.secretsKey) env.SECRETS_KEY = running.secretsKey;
    const config = {
      ...storeConfigFromEnv(env),
      endpoint: running.endpoint,
      tableName: env.TABLE_NAME || running.tableName,
    };
    if (await reachable(config)) return config;
  } else if (wanted) {
    // An endpoint of this process's own making (tests), whose credentials are in the environment.
    const config = { ...storeConfigFromEnv(env), endpoint: wanted };
    if (await reachable(config)) return config;
  }
  if (!env.DATA_DIR) {
    throw new Error(
      `no running local server${wanted ? ` with its store at ${wanted}` : ''}. Start the API with \`npm ` +
        'start` (or set DATA_DIR to use a persisted store).',
    );
  }
  const embedded = await startEmbeddedDynamo({ dataDir: env.DATA_DIR });
  cleanup.push(() => embedded.close());
  const config = { ...storeConfigFromEnv(env), endpoint: embedded.endpoint };
  await ensureTable(embedded.endpoint, config.tableName);
  return config;
}
