import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { KMSClient } from '@aws-sdk/client-kms';
import { discordApiBaseFromEnv } from '../../shared/discord/poster';
import { KmsSecretBox, LocalSecretBox, type SecretBox } from '../../shared/crypto/secretBox';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';
import { createStores, type Stores } from '../../shared/store';
import { localSecretsKey } from '../local/secretsKey';
import { readStackOutputs } from './stackOutputs';
import { localStoreConfig, type Cleanup } from './storeTarget';
import { runWebhooksCommand, WEBHOOKS_GRAMMAR } from './webhooksCommand';
import { withCommandLine } from './commandLine';

/**
 * `npm run webhooks` (usage in the README): the running local server's store and secret key (else
 * DATA_DIR's), or with --aws the deployed stack's table and KMS key. Replays post to DISCORD_API_BASE.
 */
const argv = process.argv.slice(2);

async function target(
  options: { aws: boolean; stack: string; region?: string },
  cleanup: Cleanup,
): Promise<{ stores: Stores; secretBox: SecretBox }> {
  if (!options.aws) {
    const stores = createStores(await localStoreConfig(cleanup));
    return { stores, secretBox: new LocalSecretBox(Buffer.from(localSecretsKey(), 'base64')) };
  }
  const cloudFormation = new CloudFormationClient({ region: options.region });
  const region = await cloudFormation.config.region();
  const outputs = await readStackOutputs(cloudFormation, options.stack, ['TableName', 'SecretsKeyArn']);
  return {
    stores: createStores({ tableName: outputs.TableName, region }),
    secretBox: new KmsSecretBox(async () => new KMSClient({ region }), outputs.SecretsKeyArn),
  };
}

const print = (line: string) => console.log(line);
// A command line in error is answered before the store (or the AWS account) is reached.
const code = await withCommandLine(argv, WEBHOOKS_GRAMMAR, print, async ({ values }) => {
  const cleanup: Cleanup = [];
  try {
    const { stores, secretBox } = await target(values, cleanup);
    cleanup.unshift(() => stores.db.destroy());
    const now = () => new Date();
    const deps = {
      deliveries: stores.deliveries,
      secretBox,
      pairGuard: pairGuardOver(stores, now),
      discordApiBase: discordApiBaseFromEnv(),
      now,
    };
    return await runWebhooksCommand(argv, deps, print);
  } catch (error) {
    console.error(`webhooks: ${(error as Error).message}`);
    return 1;
  } finally {
    for (const step of cleanup) await step();
  }
});
process.exit(code);
