import { parseArgs } from 'node:util';
import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { storeRegistry, type KeyRegistry } from '../../shared/access/keyAdmin';
import { createStores } from '../../shared/store';
import { storeConfigFromEnv, type StoreConfig } from '../../shared/store/config';
import { ensureTable, startEmbeddedDynamo, type EmbeddedDynamo } from '../local/embeddedDynamo';
import { awsKeyRegistry } from './awsKeyRegistry';
import { KEY_OPTIONS, runKeysCommand } from './keysCommand';
import { readStackOutputs } from './stackOutputs';

/**
 * `npm run keys -- create --name X | list | revoke <id> [--aws]`.
 * Locally: the running local server's embedded DynamoDB (DYNAMODB_ENDPOINT, default
 * http://127.0.0.1:8000, where `npm start` serves it), or, when no server runs, the store in
 * DATA_DIR. With --aws: the deployed stack, found by its outputs, with your AWS credentials.
 */
const env = process.env;
const argv = process.argv.slice(2);
const { values } = parseArgs({ args: argv, allowPositionals: true, options: KEY_OPTIONS, strict: false });
const cleanup: (() => Promise<void> | void)[] = [];

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

async function localStoreConfig(): Promise<StoreConfig> {
  const endpoint = env.DYNAMODB_ENDPOINT || `http://127.0.0.1:${env.LOCAL_DYNAMODB_PORT || 8000}`;
  let url = endpoint;
  if (!(await reachable(endpoint))) {
    if (!env.DATA_DIR) {
      console.error(`No local store at ${endpoint}. Start the API with \`npm start\` (or set DATA_DIR to use a persisted store).`);
      process.exit(1);
    }
    const embedded: EmbeddedDynamo = await startEmbeddedDynamo({ dataDir: env.DATA_DIR });
    cleanup.push(() => embedded.close());
    url = embedded.endpoint;
  }
  const config = { ...storeConfigFromEnv(), endpoint: url };
  await ensureTable(url, config.tableName);
  return config;
}

async function registry(): Promise<KeyRegistry> {
  if (!values.aws) {
    const stores = createStores(await localStoreConfig());
    cleanup.unshift(() => stores.db.destroy());
    return storeRegistry(stores.apiKeys);
  }
  // One region for all three clients: --region, else what the SDK resolves (env, profile).
  const cloudFormation = new CloudFormationClient({ region: values.region as string | undefined });
  const region = await cloudFormation.config.region();
  const outputs = await readStackOutputs(cloudFormation, values.stack as string);
  const stores = createStores({ tableName: outputs.TableName, region });
  cleanup.unshift(() => stores.db.destroy());
  return awsKeyRegistry({ gateway: new APIGatewayClient({ region }), store: stores.apiKeys, usagePlanId: outputs.UsagePlanId });
}

let code: number;
try {
  code = await runKeysCommand(argv, await registry(), (line) => console.log(line));
} catch (error) {
  console.error(`keys: ${(error as Error).message}`);
  code = 1;
}
for (const step of cleanup) await step();
process.exit(code);
