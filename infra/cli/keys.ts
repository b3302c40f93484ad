import { parseArgs } from 'node:util';
import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { storeRegistry, type KeyRegistry } from '../../shared/access/keyAdmin';
import { createStores } from '../../shared/store';
import { awsKeyRegistry } from './awsKeyRegistry';
import { KEY_OPTIONS, runKeysCommand } from './keysCommand';
import { readStackOutputs } from './stackOutputs';
import { localStoreConfig, type Cleanup } from './storeTarget';

/**
 * `npm run keys -- create --name X | list | revoke <id> [--aws]`.
 * Locally: the local server's store (see localStoreConfig). With --aws: the deployed stack,
 * found by its outputs, with your AWS credentials.
 */
const argv = process.argv.slice(2);
const { values } = parseArgs({ args: argv, allowPositionals: true, options: KEY_OPTIONS, strict: false });
const cleanup: Cleanup = [];

async function registry(): Promise<KeyRegistry> {
  if (!values.aws) {
    const stores = createStores(await localStoreConfig(cleanup));
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
