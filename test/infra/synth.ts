import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ChatbotApiStack, DEFAULT_SETTINGS, type ChatbotApiSettings } from '../../infra/cdk/stack';

/** The feature flags of cdk.json, so tests build what `cdk synth` builds. */
const cdkJsonContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<string, unknown>;

/**
 * The stack synthesised as `npm run synth` does, with cdk-nag's AwsSolutions checks, but without
 * running esbuild (bundling is what `npm run synth` itself proves). Throws when cdk-nag reports.
 */
export function synthStack(settings: ChatbotApiSettings = DEFAULT_SETTINGS): { template: Template; stack: ChatbotApiStack } {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'cdk-test-')), context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ChatbotApiStack(app, 'ChatbotUtilityApi', settings);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  return { template: Template.fromStack(stack), stack };
}

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }>;

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

/** "METHOD /path" of every method the template routes to a Lambda function (not the 405 mocks). */
export function routedMethods(template: Template): Map<string, Record<string, any>> {
  const paths = resourcePaths(template);
  const routed = new Map<string, Record<string, any>>();
  for (const method of Object.values(resourcesOf(template, 'AWS::ApiGateway::Method'))) {
    const { HttpMethod, ResourceId, Integration } = method.Properties;
    // ANY methods are each path's 405 catch-all, not routes.
    if (Integration?.Type !== 'AWS_PROXY' || HttpMethod === 'ANY') continue;
    routed.set(`${HttpMethod} ${paths.get(ResourceId.Ref)}`, method.Properties);
  }
  return routed;
}
