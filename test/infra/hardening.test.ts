import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Template } from 'aws-cdk-lib/assertions';
import { groupManifests } from '../../functions/groups';
import { KEY_ADMIN_ACTIONS } from '../../infra/cdk/keys';
import { RELAY_PATH_PATTERN } from '../../infra/cdk/webAcl';
import { DEFAULT_SETTINGS } from '../../infra/cdk/stack';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { routeList } from '../../shared/routes/table';
import { acknowledgedReason, CONFIGURED as CUSTOM, OPERATOR, resourcesOf, synthesised, synthStack } from './synth';

/**
 * Hardening: secrets stay out of logs and traces, public routes are
 * throttled, alarms reach someone, logs are kept and encrypted.
 */
let template: Template;
let custom: Template;
beforeAll(async () => {
  template = (await synthesised()).template;
  // The synth runs cdk-nag too: the custom stack (with its web ACL) is clean as well.
  custom = (await synthesised(CUSTOM)).template;
}, 120_000);

const only = (t: Template, type: string) => {
  const [entry, ...rest] = Object.entries(resourcesOf(t, type));
  expect(rest).toHaveLength(0);
  return entry!;
};
const stageOf = (t: Template) => only(t, 'AWS::ApiGateway::Stage')[1];
/** API Gateway's resource path of a method setting: `/` stays, others with `/` escaped as `~1`. */
const settingPath = (path: string) => (path === '/' ? '/' : `/${path.replace(/\//g, '~1')}`);
/** The method setting API Gateway applies to one method: its own entry, else its path's, else the stage's. */
const effectiveSetting = (t: Template, path: string, method: string) => {
  const settings: any[] = stageOf(t).Properties.MethodSettings;
  const find = (resourcePath: string, httpMethod: string) =>
    settings.find((s) => s.ResourcePath === resourcePath && s.HttpMethod === httpMethod);
  return find(settingPath(path), method) ?? find(settingPath(path), '*') ?? find('/*', '*');
};
const RELAY = webhookRoutes.relayWebhook;
const TOKEN = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcdefghijklmnopqrstuvwxyz01';
const tokenRoutes = routeList.filter((route) => route.path.includes('{token}'));
const keyPolicy = (t: Template, idPrefix: string) =>
  Object.entries(resourcesOf(t, 'AWS::KMS::Key')).find(([id]) => id.startsWith(idPrefix))![1].Properties.KeyPolicy
    .Statement as any[];
const rootPrincipal = (statement: any) => JSON.stringify(statement.Principal).includes(':root');

describe('no Discord webhook token in logs, traces or metrics', () => {
  test('the stage keeps no X-Ray trace (its segments hold request URLs); the functions still trace themselves', () => {
    expect(stageOf(template).Properties.TracingEnabled).toBe(false);
    for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function')))
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
  });

  test('no method of a path with a token writes an execution log; no method logs request data', () => {
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of tokenRoutes) {
      for (const method of [route.method, 'PATCH'])
        expect([route.path, method, effectiveSetting(template, route.path, method)?.LoggingLevel]).toEqual([
          route.path,
          method,
          'OFF',
        ]);
    }
    // Every other route keeps the stage's error log.
    for (const route of routeList.filter((r) => !tokenRoutes.includes(r)))
      expect(effectiveSetting(template, route.path, route.method)?.LoggingLevel).toBe('ERROR');
    for (const setting of stageOf(template).Properties.MethodSettings) expect(setting.DataTraceEnabled).toBe(false);
  });

  test('the access log names the route template ($context.resourcePath), never the request path', () => {
    const format = JSON.parse(stageOf(template).Properties.AccessLogSetting.Format) as Record<string, string>;
    expect(Object.values(format)).toContain('$context.resourcePath');
    for (const value of Object.values(format))
      expect(value).not.toMatch(/\$context\.(path|requestOverride)|\$input|\$method\.request\.path/);
  });

  test('a web ACL, when there is one, keeps no sampled requests (they hold full URLs)', () => {
    const [, acl] = only(custom, 'AWS::WAFv2::WebACL');
    const configs = [
      acl.Properties.VisibilityConfig,
      ...acl.Properties.Rules.map((rule: any) => rule.VisibilityConfig),
    ];
    for (const config of configs) expect(config.SampledRequestsEnabled).toBe(false);
  });
});

describe('unauthenticated routes and the functions are bounded', () => {
  test.each([
    ['defaults', () => template, DEFAULT_SETTINGS],
    ['settings', () => custom, CUSTOM],
  ])(
    'each public route has its own method throttle (the relay its own setting), the stage one for everything (%s)',
    (_name, t, settings) => {
      const publicRoutes = routeList.filter((route) => route.auth === 'none');
      expect(publicRoutes.map((route) => route.path)).toEqual(
        expect.arrayContaining(['/', '/openapi.json', '/webhooks', RELAY.path]),
      );
      for (const route of publicRoutes) {
        const throttle = route.id === 'relayWebhook' ? settings.relayThrottle : settings.publicThrottle;
        expect([route.path, effectiveSetting(t(), route.path, route.method)]).toEqual([
          route.path,
          expect.objectContaining({
            HttpMethod: route.method,
            ThrottlingRateLimit: throttle.rateLimit,
            ThrottlingBurstLimit: throttle.burstLimit,
          }),
        ]);
      }
      expect(effectiveSetting(t(), '/*', '*')).toMatchObject({
        ThrottlingRateLimit: settings.stageThrottle.rateLimit,
        ThrottlingBurstLimit: settings.stageThrottle.burstLimit,
        LoggingLevel: 'ERROR',
      });
    },
  );

  test("the relay's throttle by default: 500 a second, bursts of 1,000; other public routes 20", () => {
    expect(effectiveSetting(template, RELAY.path, RELAY.method)).toMatchObject({
      ThrottlingRateLimit: 500,
      ThrottlingBurstLimit: 1000,
    });
    expect(effectiveSetting(template, '/webhooks', 'GET')).toMatchObject({
      ThrottlingRateLimit: 20,
      ThrottlingBurstLimit: 40,
    });
  });

  test.each([0, 9])('a WAF rate limit of %i (below WAF’s minimum of 10) is refused at synth', (limit) => {
    expect(() => synthStack({ ...DEFAULT_SETTINGS, wafRateLimit: limit })).toThrow(
      `wafRateLimit must be a whole number from 10 to 2000000000, got ${limit}`,
    );
    expect(() => synthStack({ ...DEFAULT_SETTINGS, wafRateLimit: 1000, wafRelayRateLimit: limit })).toThrow(
      `wafRelayRateLimit must be a whole number from 10 to 2000000000, got ${limit}`,
    );
  });

  test('no function reserves concurrency by default (fits any account); reservedConcurrency reserves it', () => {
    const reserved = (t: Template) =>
      Object.values(resourcesOf(t, 'AWS::Lambda::Function')).map((fn) => fn.Properties.ReservedConcurrentExecutions);
    expect(reserved(template)).toEqual(Array(groupManifests.length + 1).fill(undefined));
    expect(reserved(custom)).toEqual(Array(groupManifests.length + 1).fill(20));
  });

  test('no web ACL by default; with wafRateLimit a rate-based rule per source IP on the stage', () => {
    expect(resourcesOf(template, 'AWS::WAFv2::WebACL')).toEqual({});
    const restApi = (t: Template) => only(t, 'AWS::ApiGateway::RestApi')[1];
    expect(acknowledgedReason(restApi(template), 'AwsSolutions-APIG3')).toContain('-c waf=true');
    expect(acknowledgedReason(restApi(custom), 'AwsSolutions-APIG3')).toBeUndefined();
    const [aclId, acl] = only(custom, 'AWS::WAFv2::WebACL');
    expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    const relayPath = {
      RegexMatchStatement: {
        RegexString: RELAY_PATH_PATTERN,
        FieldToMatch: { UriPath: {} },
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    };
    // The relay path has its own rule and limit; every other request counts under the general one.
    expect(acl.Properties.Rules).toEqual([
      expect.objectContaining({
        Name: 'rate-per-source-ip',
        Action: { Block: {} },
        Statement: {
          RateBasedStatement: {
            AggregateKeyType: 'IP',
            Limit: 500,
            EvaluationWindowSec: 300,
            ScopeDownStatement: { NotStatement: { Statement: relayPath } },
          },
        },
      }),
      expect.objectContaining({
        Name: 'relay-rate-per-source-ip',
        Action: { Block: {} },
        Statement: {
          RateBasedStatement: {
            AggregateKeyType: 'IP',
            Limit: 2000,
            EvaluationWindowSec: 300,
            ScopeDownStatement: relayPath,
          },
        },
      }),
    ]);
    const [, association] = only(custom, 'AWS::WAFv2::WebACLAssociation');
    expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain(`/stages/`);
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain(only(custom, 'AWS::ApiGateway::RestApi')[0]);
  });

  test("the web ACL's relay path matches the relay's requests (after any base path) and no other", () => {
    const relayPath = new RegExp(RELAY_PATH_PATTERN);
    const requestPath = (path: string) =>
      path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
        name === 'token' ? TOKEN : name === 'provider' ? 'github' : '300000000000000001',
      );
    for (const prefix of ['/prod', '', '/relay']) {
      for (const route of routeList)
        expect([route.path, relayPath.test(`${prefix}${requestPath(route.path)}`)]).toEqual([
          route.path,
          route.id === 'relayWebhook',
        ]);
    }
    expect(relayPath.test(`/prod${requestPath(RELAY.path)}/`)).toBe(true);
  });
});

describe('alarms notify someone', () => {
  test('every alarm notifies the alarm topic when it fires and when it clears', () => {
    const [topicId] = only(template, 'AWS::SNS::Topic');
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms)
      expect([alarm.Properties.AlarmActions, alarm.Properties.OKActions]).toEqual([
        [{ Ref: topicId }],
        [{ Ref: topicId }],
      ]);
    expect(template.toJSON().Outputs.AlarmTopicArn.Value).toEqual({ Ref: topicId });
  });

  test('the topic is encrypted with a key CloudWatch may use, and takes only TLS publishes', () => {
    const [, topic] = only(template, 'AWS::SNS::Topic');
    expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^OperationsKey/), 'Arn'] });
    const [, policy] = only(template, 'AWS::SNS::TopicPolicy');
    const statements: any[] = policy.Properties.PolicyDocument.Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    // The topic policy replaces SNS's default one: CloudWatch alarms of this account are let in by name.
    const cloudWatch = statements.find((s) => s.Principal?.Service === 'cloudwatch.amazonaws.com');
    expect(cloudWatch).toMatchObject({
      Effect: 'Allow',
      Action: 'sns:Publish',
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect(JSON.stringify(cloudWatch.Condition.ArnLike['aws:SourceArn'])).toContain(':alarm:*');
    // The key statement AWS documents for services publishing to an encrypted topic, with no condition a
    // request through SNS might not carry (a condition on aws:SourceAccount failed every alarm action).
    const keyStatements = keyPolicy(template, 'OperationsKey').filter(
      (s: any) => s.Principal?.Service === 'cloudwatch.amazonaws.com',
    );
    expect(keyStatements).toEqual([
      {
        Sid: 'CloudWatchAlarmsPublish',
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        Resource: '*',
      },
    ]);
  });

  test('an e-mail address is subscribed only when alarmEmail is set', () => {
    expect(resourcesOf(template, 'AWS::SNS::Subscription')).toEqual({});
    const [topicId] = only(custom, 'AWS::SNS::Topic');
    expect(only(custom, 'AWS::SNS::Subscription')[1].Properties).toEqual({
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: topicId },
    });
  });
});

describe('log groups and keys', () => {
  test('log groups keep 90 days by default (a setting) and are encrypted with the operations key', () => {
    for (const [t, days] of [
      [template, 90],
      [custom, 365],
    ] as const) {
      const groups = Object.values(resourcesOf(t, 'AWS::Logs::LogGroup'));
      // One per function, the access log, and API Gateway's execution log (created by the stack, not by API Gateway).
      expect(groups).toHaveLength(groupManifests.length + 1 + 2);
      for (const group of groups)
        expect(group.Properties).toMatchObject({
          RetentionInDays: days,
          KmsKeyId: { 'Fn::GetAtt': [expect.stringMatching(/^OperationsKey/), 'Arn'] },
        });
    }
  });

  test("API Gateway's execution log group is the stack's, made before the stage", () => {
    const [id, group] = Object.entries(resourcesOf(template, 'AWS::Logs::LogGroup')).find(([logicalId]) =>
      logicalId.startsWith('ApiExecutionLogs'),
    )!;
    const [restApiId] = only(template, 'AWS::ApiGateway::RestApi');
    expect(group.Properties.LogGroupName).toEqual({
      'Fn::Join': ['', ['API-Gateway-Execution-Logs_', { Ref: restApiId }, '/prod']],
    });
    expect(template.toJSON().Resources[only(template, 'AWS::ApiGateway::Stage')[0]].DependsOn).toContain(id);
  });

  test("CloudWatch Logs of the stack's region may use the operations key, for this account's log groups only", () => {
    const logs = keyPolicy(template, 'OperationsKey').find((s) => s.Sid === 'CloudWatchLogsOfThisAccount');
    expect(JSON.stringify(logs.Principal.Service)).toMatch(/"logs\.",\{"Ref":"AWS::Region"\},"\.amazonaws\.com"/);
    const arn = JSON.stringify(logs.Condition.ArnLike['kms:EncryptionContext:aws:logs:arn']);
    for (const part of ['AWS::Region', 'AWS::AccountId', ':log-group:*']) expect(arn).toContain(part);
  });

  test('no key policy grants kms:*; only named roles may use the secrets key', () => {
    for (const t of [template, custom]) {
      for (const key of Object.values(resourcesOf(t, 'AWS::KMS::Key'))) {
        expect(key.Properties.EnableKeyRotation).toBe(true);
        const statements: any[] = key.Properties.KeyPolicy.Statement;
        for (const statement of statements) expect([statement.Action].flat()).not.toContain('kms:*');
        expect(statements.filter(rootPrincipal).map((s) => s.Action)).toEqual([KEY_ADMIN_ACTIONS]);
      }
    }
    for (const action of ['kms:Decrypt', 'kms:Encrypt', 'kms:CreateGrant', 'kms:GenerateDataKey', 'kms:ReEncryptFrom'])
      expect(KEY_ADMIN_ACTIONS).not.toContain(action);
    const users = (t: Template) =>
      keyPolicy(t, 'SecretsKey')
        .filter((s) => s.Effect === 'Allow' && !rootPrincipal(s))
        .map((s) => [s.Principal.AWS, s.Action]);
    expect(users(template)).toEqual([
      [{ 'Fn::GetAtt': [expect.stringMatching(/^WebhooksFunctionRole/), 'Arn'] }, ['kms:Encrypt', 'kms:Decrypt']],
    ]);
    expect(users(custom)).toEqual(expect.arrayContaining([[OPERATOR, ['kms:Encrypt', 'kms:Decrypt']]]));
    expect(users(custom)).toHaveLength(2);
  });

  test("every key refuses grants but an AWS service's for a resource (CT.KMS.PR.3); we take none", () => {
    for (const t of [template, custom]) {
      const keys = Object.values(resourcesOf(t, 'AWS::KMS::Key'));
      expect(keys.length).toBeGreaterThanOrEqual(2);
      for (const key of keys) {
        const denials = (key.Properties.KeyPolicy.Statement as any[]).filter((s) => s.Effect === 'Deny');
        expect(denials).toEqual([
          {
            Sid: 'GrantsOnlyForAwsServices',
            Effect: 'Deny',
            Principal: '*',
            Action: 'kms:CreateGrant',
            Resource: '*',
            Condition: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
          },
        ]);
      }
      const allowed = [
        ...Object.values(resourcesOf(t, 'AWS::KMS::Key')).flatMap((key) => key.Properties.KeyPolicy.Statement),
        ...Object.values(resourcesOf(t, 'AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement),
      ]
        .filter((s: any) => s.Effect === 'Allow')
        .flatMap((s: any) => [s.Action].flat());
      expect(allowed.filter((action: string) => /^kms:(CreateGrant|\*)$/.test(action))).toEqual([]);
    }
  });
});

describe("the operator's contact in the OpenAPI document", () => {
  const environments = (t: Template) =>
    Object.values(resourcesOf(t, 'AWS::Lambda::Function')).map(
      (fn) => (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
    );
  test("apiContact is the environment of the function serving the document, and no other's; unset, of none", () => {
    const withContact = environments(custom).filter((env) => 'API_CONTACT_URL' in env);
    expect(withContact).toEqual([
      expect.objectContaining({
        OPENAPI_DOCUMENT: '/var/task/openapi.json',
        API_CONTACT_NAME: 'Ada Ops',
        API_CONTACT_URL: 'https://example.com/support',
        API_CONTACT_EMAIL: 'api@example.com',
      }),
    ]);
    const named = environments(template).filter((env) => Object.keys(env).some((n) => n.startsWith('API_CONTACT')));
    expect(named).toEqual([]);
  });
});
