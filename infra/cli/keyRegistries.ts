import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { storeRegistry, type KeyRegistry } from '../../shared/access/keyAdmin';
import { createStores, type Stores } from '../../shared/store';
import { migrateRecords } from '../../shared/store/migrations';
import { awsKeyRegistry } from '../../shared/access/awsKeyRegistry';
import { slottedKeys } from '../../shared/access/keySlots';
import { KEY_OPTIONS, KEYS_GRAMMAR, runKeysCommand, type AccountTools } from './keysCommand';
import { withCommandLine } from './commandLine';
import { readStackOutputs } from './stackOutputs';
import { localStoreConfig, type Cleanup } from './storeTarget';

export interface RegistryOptions {
  aws?: boolean;
  stack?: string;
  region?: string;
}

/**
 * Where the keys live. Locally: the local server's store (see localStoreConfig). With `aws`: the
 * deployed stack, found by its outputs (table, usage plan), with the caller's AWS credentials.
 * Either way a key made for an owner counts against the owner's dashboard slots, and revoking
 * gives its slot back (keySlots.ts), so the dashboard's limit follows what the operator does.
 */
export async function keyRegistry(
  options: RegistryOptions,
  cleanup: Cleanup,
): Promise<{ registry: KeyRegistry; tools: AccountTools }> {
  if (!options.aws) {
    const config = await localStoreConfig(cleanup);
    const stores = createStores(config);
    cleanup.unshift(() => stores.db.destroy());
    return {
      registry: slottedKeys(storeRegistry(stores.apiKeys), stores),
      tools: accountTools(stores, config.tableName),
    };
  }
  // One region for all three clients: --region, else what the SDK resolves (env, profile).
  const cloudFormation = new CloudFormationClient({ region: options.region });
  const region = await cloudFormation.config.region();
  const outputs = await readStackOutputs(cloudFormation, options.stack ?? KEY_OPTIONS.stack.default, [
    'TableName',
    'UsagePlanId',
  ]);
  const stores = createStores({ tableName: outputs.TableName, region });
  cleanup.unshift(() => stores.db.destroy());
  return {
    registry: slottedKeys(
      awsKeyRegistry({
        gateway: new APIGatewayClient({ region }),
        store: stores.apiKeys,
        usagePlanId: outputs.UsagePlanId,
      }),
      stores,
    ),
    tools: accountTools(stores, outputs.TableName),
  };
}

const accountTools = (stores: Stores, tableName: string): AccountTools => ({
  migrate: () => migrateRecords(stores, tableName),
  bots: stores.bots,
});

/**
 * `npm run keys -- <argv>`: the command on the registry its options choose; returns the exit code.
 * A command line in error is answered before the store (or the AWS account) is reached.
 */
export function runKeys(argv: string[], print: (line: string) => void): Promise<number> {
  return withCommandLine(argv, KEYS_GRAMMAR, print, async ({ values }) => {
    const cleanup: Cleanup = [];
    try {
      const { registry, tools } = await keyRegistry(
        { aws: values.aws, stack: values.stack, region: values.region },
        cleanup,
      );
      return await runKeysCommand(argv, registry, print, tools);
    } finally {
      for (const step of cleanup) await step();
    }
  });
}
