import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { KMSClient } from '@aws-sdk/client-kms';
import { discordApiBaseFromEnv } from '../../shared/discord/poster';
import { KmsSecretBox, LocalSecretBox, type SecretBox } from '../../shared/crypto/secretBox';
import { createStores, type Stores } from '../../shared/store';
import { localSecretsKey } from '../local/secretsKey';
import { readStackOutputs } from './stackOutputs';
import { localStoreConfig, type Cleanup } from './storeTarget';
import { runWebhooksCommand, WEBHOOK_OPTIONS } from './webhooksCommand';

/**
 * `npm run webhooks -- list --failed | list --webhook <id> | replay <deliveryId> [--aws]`.
 * Locally: the running local server's store and secret key, as it announces them (else, with no
 * server running, DATA_DIR's store and SECRETS_KEY or <DATA_DIR|.data>/secrets.key).
 * With --aws: the deployed stack's table and KMS key, with your AWS credentials.
 * Replays post to DISCORD_API_BASE (default https://discord.com/api).
 */
const argv = process.argv.slice(2);
const { values } = parseArgs({ args: argv, allowPositionals: true, options: WEBHOOK_OPTIONS, strict: false });
const cleanup: Cleanup = [];

async function target(): Promise<{ stores: Stores; secretBox: SecretBox }> {
  if (!values.aws) {
    const stores = createStores(await localStoreConfig(cleanup));
    return { stores, secretBox: new LocalSecretBox(Buffer.from(localSecretsKey(), 'base64')) };
  }
  const cloudFormation = new CloudFormationClient({ region: values.region as string | undefined });
  const region = await cloudFormation.config.region();
  const outputs = await readStackOutputs(cloudFormation, values.stack as string, ['TableName', 'SecretsKeyArn']);
  return { stores: createStores({ tableName: outputs.TableName, region }), secretBox: new KmsSecretBox(async () => new KMSClient({ region }), outputs.SecretsKeyArn) };
}

let code: number;
try {
  const { stores, secretBox } = await target();
  cleanup.unshift(() => stores.db.destroy());
  const deps = { deliveries: stores.deliveries, secretBox, discordApiBase: discordApiBaseFromEnv(), now: () => new Date() };
  code = await runWebhooksCommand(argv, deps, (line) => console.log(line));
} catch (error) {
  console.error(`webhooks: ${(error as Error).message}`);
  code = 1;
}
for (const step of cleanup) await step();
process.exit(code);
