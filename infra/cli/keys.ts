import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ensureTable, startEmbeddedDynamo, type EmbeddedDynamo } from '../local/embeddedDynamo';
import { createStores } from '../../shared/store';
import { storeConfigFromEnv } from '../../shared/store/config';
import { runKeysCommand } from './keysCommand';

/**
 * `npm run keys -- create --name X | list | revoke <id>` on the local store: the running local
 * server's embedded DynamoDB (DYNAMODB_ENDPOINT, default http://127.0.0.1:8000, where `npm start`
 * serves it), or, when no server runs, the store persisted in DATA_DIR.
 */
const env = process.env;
const endpoint = env.DYNAMODB_ENDPOINT || `http://127.0.0.1:${env.LOCAL_DYNAMODB_PORT || 8000}`;

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

let embedded: EmbeddedDynamo | undefined;
let url = endpoint;
if (!(await reachable(endpoint))) {
  if (!env.DATA_DIR) {
    console.error(`No local store at ${endpoint}. Start the API with \`npm start\` (or set DATA_DIR to use a persisted store).`);
    process.exit(1);
  }
  embedded = await startEmbeddedDynamo({ dataDir: env.DATA_DIR });
  url = embedded.endpoint;
}
const config = { ...storeConfigFromEnv(), endpoint: url };
await ensureTable(url, config.tableName);
const stores = createStores(config);
const code = await runKeysCommand(process.argv.slice(2), stores.apiKeys, (line) => console.log(line));
stores.db.destroy();
await embedded?.close();
process.exit(code);
