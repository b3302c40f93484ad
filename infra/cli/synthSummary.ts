import { functionId } from '../cdk/functions';
import { LIST_PRICES } from './listPrices';
import type { RequestKind } from './requestKinds';
import { textTable } from './textTable';

/** The properties the summary reads, of functions, tables and secrets. */
interface ResourceProperties {
  MemorySize?: number;
  Architectures?: string[];
  BillingMode?: string;
  Description?: string;
}

/** The parts of a synthesized CloudFormation template the summary reads. */
export interface CfnTemplate {
  Resources: Record<string, { Type: string; Properties?: ResourceProperties }>;
  Outputs?: Record<string, { Value: unknown; Description?: string }>;
}

/** A CloudFormation value as far as the template knows it: intrinsic functions shown as what they name. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = (value ?? {}) as { Ref?: string; 'Fn::GetAtt'?: string[]; 'Fn::Join'?: [string, unknown[]] };
  if (node.Ref) return `<${node.Ref}>`;
  if (node['Fn::GetAtt']) return `<${node['Fn::GetAtt'].join('.')}>`;
  if (node['Fn::Join']) return node['Fn::Join'][1].map(shownValue).join(node['Fn::Join'][0]);
  return JSON.stringify(value);
}

export const stackOutputs = (template: CfnTemplate) =>
  Object.entries(template.Outputs ?? {}).map(([name, output]) => ({
    name,
    description: output.Description ?? '',
    value: shownValue(output.Value),
  }));

/**
 * The secrets an operator puts after deploying: each Secrets Manager secret of the stack, found
 * through the output that gives its ARN, with the command that sets its value.
 */
export function operatorSecrets(template: CfnTemplate, stackName: string) {
  const secretIds = Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::SecretsManager::Secret')
    .map(([id]) => id);
  return secretIds.map((id) => {
    const output = Object.entries(template.Outputs ?? {}).find(([, o]) => (o.Value as { Ref?: string })?.Ref === id);
    const secretId = output
      ? `"$(aws cloudformation describe-stacks --stack-name ${stackName} --query ` +
        `"Stacks[0].Outputs[?OutputKey=='${output[0]}'].OutputValue" --output text)"`
      : `<the ARN of ${id}>`;
    return {
      id,
      description: String(template.Resources[id]?.Properties?.Description ?? ''),
      command: `aws secretsmanager put-secret-value --secret-id ${secretId} --secret-string '<value>'`,
    };
  });
}

/** A kind's cost per million requests, in dollars, split by service, from the template's settings. */
export interface KindCost {
  kind: RequestKind;
  memoryMb: number;
  architecture: string;
  apiGateway: number;
  lambda: number;
  dynamo: number | undefined;
  total: number;
}

/** The Lambda function a group deploys as (its logical id starts with the group's construct id). */
function groupFunction(template: CfnTemplate, kind: RequestKind) {
  const prefix = functionId(kind.group);
  const found = Object.entries(template.Resources).find(
    ([id, resource]) => resource.Type === 'AWS::Lambda::Function' && new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id),
  );
  if (!found) throw new Error(`the template has no function for ${kind.group} (${prefix})`);
  return found[1].Properties ?? {};
}

/** On-demand tables bill per request; a provisioned one bills its capacity by the hour instead. */
const onDemandTables = (template: CfnTemplate): boolean =>
  Object.values(template.Resources)
    .filter((resource) => resource.Type === 'AWS::DynamoDB::Table')
    .every((table) => table.Properties?.BillingMode === 'PAY_PER_REQUEST');

export function requestCosts(template: CfnTemplate, kinds: readonly RequestKind[]): KindCost[] {
  const onDemand = onDemandTables(template);
  return kinds.map((kind) => {
    const properties = groupFunction(template, kind);
    // CloudFormation's defaults when the properties are left out: 128 MB, x86_64.
    const memoryMb = Number(properties.MemorySize ?? 128);
    const architecture = String(properties.Architectures?.[0] ?? 'x86_64');
    const gbSeconds = (memoryMb / 1024) * (kind.durationMs / 1000) * 1e6;
    const perGbSecond = LIST_PRICES.lambdaPerGbSecond[architecture];
    if (perGbSecond === undefined) throw new Error(`no Lambda price for architecture ${architecture}`);
    const apiGateway = LIST_PRICES.restApiPerMillion;
    const lambda = LIST_PRICES.lambdaPerMillionRequests + gbSeconds * perGbSecond;
    const dynamo = onDemand
      ? kind.writes * LIST_PRICES.dynamoPerMillionWrites + kind.reads * LIST_PRICES.dynamoPerMillionReads
      : undefined;
    return { kind, memoryMb, architecture, apiGateway, lambda, dynamo, total: apiGateway + lambda + (dynamo ?? 0) };
  });
}

const dollars = (value: number | undefined) => (value === undefined ? 'capacity' : `$${value.toFixed(2)}`);

/** What `npm run synth` prints after the synth: outputs, secrets to set, and the cost table. */
export function synthSummary(template: CfnTemplate, stackName: string, kinds: readonly RequestKind[]): string {
  const outputs = stackOutputs(template);
  const secrets = operatorSecrets(template, stackName);
  const costs = requestCosts(template, kinds);
  return [
    `Stack ${stackName}: outputs (values in <> are known once deployed)`,
    textTable(
      ['output', 'value', 'description'],
      outputs.map((o) => [o.name, o.value, o.description]),
    ),
    '',
    'Secrets to set after the first deploy (the functions read them from Secrets Manager):',
    ...secrets.flatMap((secret) => [`  ${secret.id}: ${secret.description}`, `    ${secret.command}`]),
    '',
    `A million requests of each kind at list prices (${LIST_PRICES.region}, ${LIST_PRICES.asOf}; free tiers, ` +
      "logs, metrics, traces and data transfer left out; a key's authorizer result assumed cached):",
    textTable(
      ['kind', 'memory', 'ms', 'store w/r', 'API Gateway', 'Lambda', 'DynamoDB', 'total'],
      costs.map((cost) => [
        cost.kind.name,
        `${cost.memoryMb} MB ${cost.architecture}`,
        String(cost.kind.durationMs),
        `${cost.kind.writes}/${cost.kind.reads}`,
        dollars(cost.apiGateway),
        dollars(cost.lambda),
        dollars(cost.dynamo),
        dollars(cost.total),
      ]),
    ),
    'Assumed per kind:',
    ...costs.map((cost) => `  ${cost.kind.name}: ${cost.kind.basis}`),
  ].join('\n');
}
