import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

/** The outputs `npm run keys -- --aws` needs, read from the deployed stack. */
export interface StackOutputs {
  TableName: string;
  UsagePlanId: string;
  ApiUrl: string;
}

export async function readStackOutputs(client: CloudFormationClient, stackName: string): Promise<StackOutputs> {
  const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
  for (const name of ['TableName', 'UsagePlanId', 'ApiUrl']) {
    if (!outputs[name]) throw new Error(`stack ${stackName} has no output ${name}: deploy it with \`npx cdk deploy\` first`);
  }
  return outputs as unknown as StackOutputs;
}
