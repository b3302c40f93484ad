import { type CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

/** The outputs the CLIs (`npm run keys|webhooks -- --aws`) read from the deployed stack. */
export interface StackOutputs {
  TableName: string;
  UsagePlanId: string;
  ApiUrl: string;
  /** The KMS key that seals webhook secrets and kept Discord tokens. */
  SecretsKeyArn: string;
}

/** Reads the stack's outputs; the ones a command `needs` must be there (else: deploy first). */
export async function readStackOutputs<K extends keyof StackOutputs>(
  client: CloudFormationClient,
  stackName: string,
  needs: readonly K[] = ['TableName', 'UsagePlanId', 'ApiUrl'] as K[],
): Promise<Pick<StackOutputs, K>> {
  const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
  for (const name of needs) {
    if (!outputs[name])
      throw new Error(`stack ${stackName} has no output ${name}: deploy it with \`npx cdk deploy\` first`);
  }
  return outputs as unknown as Pick<StackOutputs, K>;
}
