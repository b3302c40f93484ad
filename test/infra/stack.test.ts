import { beforeAll, describe, expect, test } from '@jest/globals';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deployedGroups } from '../../infra/cdk/functions';
import { gatewayResponses, type GatewayAnswer } from '../../shared/http/gatewayResponses';
import { routeList } from '../../shared/routes/table';
import { tableSchema } from '../../shared/store/schema';
import { DEFAULT_SETTINGS } from '../../infra/cdk/stack';
import { resourcePaths, resourcesOf, routedMethods, synthStack } from './synth';

let template: Template;
beforeAll(() => {
  ({ template } = synthStack());
});

const functionIdOf = (method: Record<string, any>): string => {
  const uri = JSON.stringify(method.Integration.Uri);
  return /"([A-Za-z0-9]+Function[0-9A-F]{8})"/.exec(uri)?.[1] ?? '';
};

describe('cdk-nag AwsSolutions', () => {
  test('the stack synthesises with no unacknowledged finding', () => {
    expect(template).toBeDefined();
  });

  test('the checks are live: an unacknowledged finding fails synthesis', () => {
    const app = new App();
    new Table(new Stack(app, 'Control'), 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-DDB3/);
  });
});

describe('routes from the route table', () => {
  test('every route has its method, routed to its group function, behind the authorizer when it needs a key', () => {
    const routed = routedMethods(template);
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    for (const route of routeList) {
      const method = routed.get(`${route.method} ${route.path}`);
      expect(method).toBeDefined();
      const fn = functions[functionIdOf(method!)];
      expect(fn?.Properties.Handler).toBe('index.handler');
      expect(functionIdOf(method!)).toMatch(new RegExp(`^${route.group.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Function`));
      if (route.auth === 'apiKey') {
        expect(method).toMatchObject({ AuthorizationType: 'CUSTOM', ApiKeyRequired: true, AuthorizerId: { Ref: expect.stringMatching(/^KeyAuthorizer/) } });
      } else {
        expect(method?.AuthorizationType).toBe('NONE');
      }
    }
    expect(routed.size).toBe(routeList.length);
  });

  test('every known path has an ANY method, without a key, to its group function (which answers 405)', () => {
    const paths = resourcePaths(template);
    const anyMethods = Object.values(resourcesOf(template, 'AWS::ApiGateway::Method')).filter((m) => m.Properties.HttpMethod === 'ANY');
    expect(new Set(anyMethods.map((m) => paths.get(m.Properties.ResourceId.Ref)))).toEqual(new Set(routeList.map((r) => r.path)));
    const routed = routedMethods(template);
    for (const method of anyMethods) {
      const path = paths.get(method.Properties.ResourceId.Ref) as string;
      const route = routeList.find((r) => r.path === path)!;
      expect(method.Properties).toMatchObject({ AuthorizationType: 'NONE', Integration: { Type: 'AWS_PROXY' } });
      expect(functionIdOf(method.Properties)).toBe(functionIdOf(routed.get(`${route.method} ${route.path}`)!));
    }
  });

  test('changing the authorizer cache TTL redeploys the stage', () => {
    const deploymentId = (t: Template) => Object.keys(resourcesOf(t, 'AWS::ApiGateway::Deployment'))[0];
    const other = synthStack({ ...DEFAULT_SETTINGS, authorizerCacheTtl: 60 }).template;
    other.hasResourceProperties('AWS::ApiGateway::Authorizer', { AuthorizerResultTtlInSeconds: 60 });
    expect(deploymentId(other)).not.toBe(deploymentId(template));
  });
});

describe('functions', () => {
  test('one function per group with routes, plus the authorizer: Node 22 on arm64, traced', () => {
    const functions = Object.entries(resourcesOf(template, 'AWS::Lambda::Function'));
    expect(functions).toHaveLength(deployedGroups().length + 1);
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], TracingConfig: { Mode: 'Active' } });
      expect(fn.Properties.Environment.Variables).toMatchObject({ TABLE_NAME: { Ref: expect.stringMatching(/^Data/) }, RATE_LIMIT_PER_MINUTE: '60' });
    }
    const withFonts = functions.filter(([, fn]) => fn.Properties.Environment.Variables.FONT_DIR === '/var/task/fonts');
    expect(withFonts.map(([id]) => id.replace(/Function.*/, '')).sort()).toEqual(['Filters', 'Generators', 'Overlays', 'RankCard']);
  });

  test('function roles carry no AWS-managed policy; logs only to their own log group', () => {
    const lambdaRoles = Object.values(resourcesOf(template, 'AWS::IAM::Role')).filter((role) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('lambda.amazonaws.com'),
    );
    expect(lambdaRoles).toHaveLength(deployedGroups().length + 1);
    for (const role of lambdaRoles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    for (const policy of Object.values(resourcesOf(template, 'AWS::IAM::Policy'))) {
      for (const statement of policy.Properties.PolicyDocument.Statement) {
        if ([statement.Action].flat().some((a: string) => a.startsWith('logs:'))) {
          expect(statement.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/Logs[0-9A-F]{8}$/), 'Arn'] });
        }
      }
    }
  });

  test('IAM is least privilege: named DynamoDB actions on the table with key prefixes, no wildcards', () => {
    for (const policy of Object.values(resourcesOf(template, 'AWS::IAM::Policy'))) {
      for (const statement of policy.Properties.PolicyDocument.Statement) {
        const actions: string[] = [statement.Action].flat();
        for (const action of actions) expect(action).not.toMatch(/(^\*$|:\*$)/);
        const resources = [statement.Resource].flat();
        if (resources.includes('*')) expect(actions.every((a) => a.startsWith('xray:'))).toBe(true);
        if (actions.some((a) => a.startsWith('dynamodb:'))) {
          expect(statement.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']).toEqual(expect.any(Array));
        }
      }
    }
    const statements = Object.entries(resourcesOf(template, 'AWS::IAM::Policy')).flatMap(([id, p]) =>
      p.Properties.PolicyDocument.Statement.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:'))).map((s: any) => [id, [s.Action].flat(), s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']]),
    );
    // Every function counts requests; the authorizer reads key records; only the bots function touches bots.
    const expected = (id: string, keys: string[]) => {
      if (keys.includes('RATE#*')) return [['dynamodb:UpdateItem'], ['RATE#*']];
      if (id.startsWith('Authorizer')) return [['dynamodb:GetItem'], ['KEY#*']];
      if (id.startsWith('Bots') && keys.includes('BOT#*')) return [BOT_ACTIONS, ['BOT#*']];
      if (id.startsWith('Bots')) return [['dynamodb:Query'], ['BOTS']];
      if (id.startsWith('Webhooks')) return [['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], ['HOOK#*']];
      return ['no other DynamoDB access'];
    };
    for (const [id, actions, keys] of statements) expect([actions, keys]).toEqual(expected(String(id), keys));
    expect(statements.filter(([, , keys]) => keys.includes('BOT#*')).map(([id]) => String(id).replace(/Function.*/, ''))).toEqual(['Bots']);
  });
});

const BOT_ACTIONS = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem'];

describe('table', () => {
  test('on demand, point-in-time recovery, TTL, the GSI the data layer uses, encrypted, kept on delete', () => {
    const [table] = Object.values(resourcesOf(template, 'AWS::DynamoDB::Table'));
    expect(table?.DeletionPolicy).toBe('Retain');
    expect(table?.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
      SSESpecification: { SSEEnabled: true },
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [tableSchema.gsi1, tableSchema.gsi2].map((index) =>
        expect.objectContaining({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
    });
  });
});

describe('API', () => {
  test('REQUEST authorizer on the Authorization header with a cached result; key source AUTHORIZER', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', { Type: 'REQUEST', IdentitySource: 'method.request.header.Authorization', AuthorizerResultTtlInSeconds: 300 });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'AUTHORIZER' });
  });

  test('every media type is binary, so a PNG answered base64 reaches the client as bytes whatever its Accept', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });

  test('usage plan throttle on the stage', () => {
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', { Throttle: { RateLimit: 10, BurstLimit: 20 } });
  });

  test('every gateway response answers with the JSON envelope and its status', () => {
    const responses = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse'));
    expect(responses).toHaveLength(Object.keys(gatewayResponses).length);
    for (const [type, answer] of Object.entries(gatewayResponses) as [string, GatewayAnswer][]) {
      const response = responses.find((r) => r.Properties.ResponseType === type);
      // The catch-alls keep each type's own status: setting one would change every type beneath.
      expect(response?.Properties.StatusCode).toBe(answer.keepsAwsStatus ? undefined : String(answer.status));
      const body = JSON.parse(response?.Properties.ResponseTemplates['application/json'].replace(/"?\$context\.[\w.]+"?/g, '"x"'));
      expect(body).toMatchObject({ success: false, error: { code: answer.code }, meta: { requestId: 'x' } });
      if (answer.retryAfter) expect(response?.Properties.ResponseParameters['gatewayresponse.header.Retry-After']).toBe(`'${answer.retryAfter}'`);
    }
    const byType = (type: string) => responses.find((r) => r.Properties.ResponseType === type)?.Properties;
    expect(byType('MISSING_AUTHENTICATION_TOKEN')?.StatusCode).toBe('404');
    expect(byType('AUTHORIZER_CONFIGURATION_ERROR')?.StatusCode).toBe('503');
    expect(byType('INVALID_API_KEY')?.StatusCode).toBe('401');
    expect(byType('ACCESS_DENIED')?.ResponseParameters).toMatchObject({
      'gatewayresponse.header.X-RateLimit-Limit': 'context.authorizer.rateLimitLimit',
      'gatewayresponse.header.X-RateLimit-Remaining': 'context.authorizer.rateLimitRemaining',
      'gatewayresponse.header.X-RateLimit-Reset': 'context.authorizer.rateLimitReset',
      'gatewayresponse.header.Retry-After': 'context.authorizer.rateLimitRetryAfter',
    });
    expect(byType('ACCESS_DENIED')?.ResponseTemplates['application/json']).toContain('"message":"$context.authorizer.message"');
  });

  test('access logs, tracing and a few alarms', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true, AccessLogSetting: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] } } });
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThanOrEqual(3);
    expect(alarms.some((a) => a.Properties.MetricName === '5XXError')).toBe(true);
    expect(alarms.some((a) => a.Properties.MetricName === 'Throttles')).toBe(true);
  });

  test('outputs: API URL, table name, usage plan id, secrets key', () => {
    expect(Object.keys(template.toJSON().Outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'TableName', 'UsagePlanId', 'SecretsKeyArn']));
  });
});

describe('secrets key', () => {
  test('a rotated KMS key, kept on delete; only the webhooks function may Encrypt and Decrypt with it, and knows its ARN', () => {
    const keys = Object.entries(resourcesOf(template, 'AWS::KMS::Key'));
    expect(keys).toHaveLength(1);
    const [keyId, key] = keys[0] as [string, any];
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    const kmsStatements = Object.entries(resourcesOf(template, 'AWS::IAM::Policy')).flatMap(([id, p]) =>
      p.Properties.PolicyDocument.Statement.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('kms:'))).map((s: any) => [id.replace(/Function.*/, ''), [s.Action].flat(), s.Resource]),
    );
    expect(kmsStatements).toEqual([['Webhooks', ['kms:Encrypt', 'kms:Decrypt'].sort(), { 'Fn::GetAtt': [keyId, 'Arn'] }]].map(([id, actions, resource]) => [id, expect.arrayContaining(actions as string[]), resource]));
    for (const [id, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
      const env = fn.Properties.Environment?.Variables ?? {};
      if (id.startsWith('WebhooksFunction')) expect(env.SECRETS_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      else expect(env).not.toHaveProperty('SECRETS_KMS_KEY_ID');
    }
  });
});
