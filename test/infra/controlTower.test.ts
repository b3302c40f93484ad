import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { App, Stack, Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { groupManifests } from '../../functions/groups';
import { addPolicyChecks, applicableRules, ControlTowerGuard } from '../../infra/cdk/policyChecks';
import { routeList } from '../../shared/routes/table';
import { CONFIGURED, resourcesOf, synthesised } from './synth';
import { runFolder } from '../support/runCache';

/**
 * AWS Control Tower's proactive controls, run by cfn-guard on every synth (infra/cdk/policyChecks.ts):
 * the rules that apply are chosen by resource type, a finding fails the synth, and the stack departs
 * only from the controls it acknowledges, each with its reason (infra/cdk/guardAcknowledgements.ts).
 */
interface Report {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string }[];
    suppressedViolations?: { ruleName: string; reason: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}
const guardReport = (outdir: string) => {
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as Report;
  const guard = report.pluginReports.find((plugin) => plugin.pluginName === 'cdk-validator-cfnguard');
  if (!guard) throw new Error('cfn-guard did not report');
  return guard;
};
/** Acknowledged rule -> the construct paths it covers. */
const acknowledged = (outdir: string): Map<string, string[]> => {
  const byRule = new Map<string, string[]>();
  for (const { ruleName, reason, violatingConstructs } of guardReport(outdir).suppressedViolations ?? []) {
    expect(reason.length).toBeGreaterThan(80);
    byRule.set(ruleName, [...(byRule.get(ruleName) ?? []), ...violatingConstructs.map((c) => c.constructPath)]);
  }
  return byRule;
};

describe('which rules run', () => {
  test('the rule files that name a resource type of the template, by its whole name', () => {
    const names = (types: string[]) => applicableRules(new Set(types)).map((file) => file.split('/').pop());
    expect(names(['AWS::SQS::Queue'])).toEqual(expect.arrayContaining(['ct-sqs-pr-1.guard', 'ct-sqs-pr-2.guard']));
    expect(names(['AWS::SQS::Queue']).some((name) => name?.startsWith('ct-lambda'))).toBe(false);
    expect(names(['AWS::Lambda::Permission'])).toContain('ct-lambda-pr-2.guard');
    // A type's name is not a prefix of another's.
    expect(names(['AWS::SQS::Queue'])).not.toEqual(names(['AWS::SQS::QueuePolicy']));
    expect(names(['AWS::Nothing::Here'])).toEqual([]);
  });

  test('a finding fails the synth and names its rule', () => {
    const outdir = mkdtempSync(join(runFolder(), 'cdk-guard-'));
    const app = new App({ outdir });
    new Queue(new Stack(app, 'Lonely'), 'NoDeadLetters');
    Validations.of(app).addPlugins(new ControlTowerGuard());
    expect(() => app.synth()).toThrow(/CT\.SQS\.PR\.1/);
    expect(guardReport(outdir).violations.map((v) => v.ruleName)).toContain('sqs_dlq_check');
  });
});

test('where cfn-guard has no binary (Windows), the synth runs without it and warns', () => {
  const platform = Object.getOwnPropertyDescriptor(process, 'platform') as PropertyDescriptor;
  Object.defineProperty(process, 'platform', { value: 'win32' });
  try {
    const outdir = mkdtempSync(join(runFolder(), 'cdk-guard-'));
    const app = new App({ outdir });
    // A queue without a dead-letter queue: cfn-guard would fail the
    // synth (cdk-nag's own findings on it are acknowledged here).
    const queue = new Queue(new Stack(app, 'Lonely'), 'NoDeadLetters', { enforceSSL: true });
    for (const id of ['AwsSolutions-SQS3'])
      Validations.of(queue).acknowledge({ id, reason: 'a test of the platform check' });
    addPolicyChecks(app);
    expect(() => app.synth()).not.toThrow();
    expect(app.node.metadata.map((entry) => String(entry.data))).toEqual([
      expect.stringContaining("Control Tower's checks (cfn-guard) do not run on win32"),
    ]);
  } finally {
    Object.defineProperty(process, 'platform', platform);
  }
});

describe('the stack', () => {
  let plain: { template: Template; outdir: string };
  let yearLong: { template: Template; outdir: string };
  beforeAll(async () => {
    plain = await synthesised();
    // Its logs are kept a year (and its web ACL and alarm e-mail set).
    yearLong = await synthesised(CONFIGURED);
  }, 120_000);

  test('departs from exactly these controls, each acknowledged with its reason', () => {
    const common = [
      'api_gw_v1_execution_logging_enabled_check',
      'api_gw_xray_enabled_check',
      'lambda_function_public_access_prohibited_check',
      'lambda_inside_vpc_check',
      'sqs_dlq_check',
    ];
    expect([...acknowledged(plain.outdir).keys()].sort()).toEqual(
      [...common, 'cloudwatch_log_group_retention_period_check'].sort(),
    );
    // Logs kept a year meet CT.CLOUDWATCH.PR.2: nothing to acknowledge.
    expect([...acknowledged(yearLong.outdir).keys()].sort()).toEqual(common.sort());
    for (const { outdir } of [plain, yearLong]) expect(guardReport(outdir).violations).toEqual([]);
  });

  test('every function, and every log group when kept under a year, is covered by its acknowledgement', () => {
    const functions = acknowledged(plain.outdir).get('lambda_inside_vpc_check') ?? [];
    expect(functions).toHaveLength(groupManifests.length + 1);
    expect(
      Object.keys(resourcesOf(plain.template, 'AWS::Lambda::Function')).filter((id) => /Function[0-9A-F]{8}$/.test(id)),
    ).toHaveLength(groupManifests.length + 1);
    expect(acknowledged(plain.outdir).get('cloudwatch_log_group_retention_period_check')).toHaveLength(
      Object.keys(resourcesOf(plain.template, 'AWS::Logs::LogGroup')).length,
    );
  });

  test("the Lambda permission acknowledgement: only this API's methods and authorizer may invoke", () => {
    const [apiId] = Object.keys(resourcesOf(plain.template, 'AWS::ApiGateway::RestApi'));
    const permissions = Object.values(resourcesOf(plain.template, 'AWS::Lambda::Permission'));
    const routeMethods = routeList.map((route) => `/${route.method}${route.path.replace(/\{[^}]+\}/g, '*')}`);
    expect(permissions.length).toBe(
      acknowledged(plain.outdir).get('lambda_function_public_access_prohibited_check')?.length,
    );
    for (const { Properties } of permissions) {
      expect(Properties.Principal).toBe('apigateway.amazonaws.com');
      const parts = Properties.SourceArn['Fn::Join'][1] as unknown[];
      expect(parts).toEqual(expect.arrayContaining([':execute-api:', { Ref: 'AWS::AccountId' }, { Ref: apiId }]));
      const [after, ...rest] = parts.slice(
        parts.findIndex((part) => JSON.stringify(part) === JSON.stringify({ Ref: apiId })) + 1,
      );
      // Either the authorizer, or the prod stage and one route's method and path (a path parameter is a `*`).
      if (after === '/authorizers/') expect(rest).toEqual([{ Ref: expect.stringMatching(/^KeyAuthorizer/) }]);
      else {
        expect([after, rest[0]]).toEqual(['/', { Ref: expect.stringMatching(/^ApiDeploymentStageprod/) }]);
        expect(routeMethods).toContain(rest[1]);
        expect(rest).toHaveLength(2);
      }
    }
  });
});
