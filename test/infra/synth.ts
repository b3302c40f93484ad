import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Template } from 'aws-cdk-lib/assertions';
import { addPolicyChecks } from '../../infra/cdk/policyChecks';
import { ChatbotApiStack, DEFAULT_SETTINGS, type ChatbotApiSettings } from '../../infra/cdk/stack';
import { builtOnce, runFolder } from '../support/runCache';

/** The feature flags of cdk.json, so tests build what `cdk synth` builds. */
const cdkJsonContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<
  string,
  unknown
>;

/**
 * The stack synthesised as `npm run synth` does, with its policy checks (cdk-nag's AwsSolutions,
 * Control Tower's controls through cfn-guard), but without running esbuild (bundling is what
 * `npm run synth` itself proves). Throws when either reports a finding not acknowledged.
 * Each resource's template Metadata lists the acknowledgements that cover it, nearest first.
 */
export function synthStack(
  settings: ChatbotApiSettings = DEFAULT_SETTINGS,
  outdir = mkdtempSync(join(runFolder(), 'cdk-')),
): { template: Template; stack: ChatbotApiStack; outdir: string } {
  const app = new App({ outdir, context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ChatbotApiStack(app, 'ChatbotUtilityApi', settings);
  addPolicyChecks(app, { writeSuppressionsToCloudFormation: true });
  app.synth();
  return { template: Template.fromStack(stack), stack, outdir };
}

export const OPERATOR = 'arn:aws:iam::123456789012:role/operator';
/** Every setting changed from its default: one stack, synthesised once, for the suites that read a configured one. */
export const CONFIGURED: ChatbotApiSettings = {
  ...DEFAULT_SETTINGS,
  publicThrottle: { rateLimit: 7, burstLimit: 9 },
  relayThrottle: { rateLimit: 300, burstLimit: 600 },
  stageThrottle: { rateLimit: 50, burstLimit: 60 },
  reservedConcurrency: 20,
  logRetention: RetentionDays.ONE_YEAR,
  wafRateLimit: 500,
  wafRelayRateLimit: 2000,
  alarmEmail: 'ops@example.com',
  secretsKeyUsers: [OPERATOR],
  apiContact: { name: 'Ada Ops', url: 'https://example.com/support', email: 'api@example.com' },
  dashboard: { discordClientId: '1100000000000000001', dashboardUrl: 'https://api.example.com/dashboard' },
};

/**
 * What `synthStack(settings)` writes (its template, and cfn-guard's report in `outdir`), synthesised once
 * per jest run for every suite that reads it: a synth takes seconds, and most suites only read the template.
 */
export async function synthesised(
  settings: ChatbotApiSettings = DEFAULT_SETTINGS,
): Promise<{ template: Template; outdir: string }> {
  const key = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
  const outdir = await builtOnce(`synth-${key}`, (folder) => synthStack(settings, folder));
  const json = JSON.parse(readFileSync(join(outdir, 'ChatbotUtilityApi.template.json'), 'utf8'));
  return { template: Template.fromJSON(json), outdir };
}

type Resources = Record<
  string,
  { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; Metadata?: Record<string, any> }
>;

export const resourcesOf = (template: Template, type: string): Resources => template.findResources(type) as Resources;

/** Every API Gateway resource's full path, by logical id, rebuilt from PathPart and ParentId. */
export function resourcePaths(template: Template): Map<string, string> {
  const resources = resourcesOf(template, 'AWS::ApiGateway::Resource');
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known) return known;
    const { PathPart, ParentId } = resources[id]!.Properties;
    const parent = ParentId?.Ref && resources[ParentId.Ref] ? pathOf(ParentId.Ref) : '';
    const path = `${parent}/${PathPart}`;
    paths.set(id, path);
    return path;
  };
  for (const id of Object.keys(resources)) pathOf(id);
  return paths;
}

/** "METHOD /path" of every method of the template, by its integration type (AWS_PROXY, MOCK) when given. */
export function methodsOf(template: Template, integrationType?: string): Map<string, Resources[string]> {
  const paths = resourcePaths(template);
  const methods = new Map<string, Resources[string]>();
  for (const method of Object.values(resourcesOf(template, 'AWS::ApiGateway::Method'))) {
    const { HttpMethod, ResourceId, Integration } = method.Properties;
    // A method on the root names it by the API's RootResourceId attribute, not by a Resource.
    const path = ResourceId.Ref ? paths.get(ResourceId.Ref) : '/';
    if (integrationType === undefined || Integration?.Type === integrationType)
      methods.set(`${HttpMethod} ${path}`, method);
  }
  return methods;
}

/** "METHOD /path" of every method the template routes to a Lambda function. */
export const proxyMethods = (template: Template) => methodsOf(template, 'AWS_PROXY');

/** Each routed path's ANY method (its 405 catch-all, a mock integration), by path. */
export const catchAllMethods = (template: Template): Map<string, Record<string, any>> =>
  new Map(
    [...methodsOf(template, 'MOCK')]
      .filter(([key]) => key.startsWith('ANY '))
      .map(([key, method]) => [key.slice(4), method.Properties]),
  );

/** The paths whose HEAD is a mock answering 200 (routes marked `probe`), with that method. */
export const probeMethods = (template: Template): Map<string, Record<string, any>> =>
  new Map(
    [...methodsOf(template, 'MOCK')]
      .filter(([key]) => key.startsWith('HEAD '))
      .map(([key, method]) => [key.slice(5), method.Properties]),
  );

/**
 * What a catch-all answers, read from its integration response: status, Allow, and the envelope
 * its mapping template writes, with API Gateway's $context values filled in.
 */
export function mockAnswer(
  method: Record<string, any>,
  context: Record<string, string>,
): { status: number; allow: string | undefined; body: any } {
  const [response] = method.Integration.IntegrationResponses;
  const body = (response.ResponseTemplates['application/json'] as string).replace(
    /\$context\.(\w+)/g,
    (_m, name: string) => context[name] ?? `<${name}>`,
  );
  return {
    status: Number(response.StatusCode),
    allow: response.ResponseParameters['method.response.header.Allow']?.replace(/^'|'$/g, ''),
    body: JSON.parse(body),
  };
}

/** "METHOD /path" of every route the template has (its methods other than the 405 catch-alls). */
export function routedMethods(template: Template): Map<string, Record<string, any>> {
  return new Map([...proxyMethods(template)].map(([key, method]) => [key, method.Properties]));
}

/** The logical id of the function a proxy method integrates with. */
export const functionIdOf = (method: Record<string, any>): string =>
  /"([A-Za-z0-9]+Function[0-9A-F]{8})"/.exec(JSON.stringify(method.Integration.Uri))?.[1] ?? '';

/** The reason of the acknowledgement nearest to a resource for a cdk-nag rule: the one that covers it. */
export const acknowledgedReason = (resource: Resources[string], rule: string): string | undefined =>
  (resource.Metadata?.cdk_nag?.rules_to_suppress as { id: string; reason: string }[] | undefined)?.find(
    ({ id }) => id === rule,
  )?.reason;
