import { beforeAll, describe, expect, test } from '@jest/globals';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { groupManifests } from '../../functions/groups';
import { functionId } from '../../infra/cdk/functions';
import { gatewayResponses, type GatewayAnswer } from '../../shared/http/gatewayResponses';
import { methodsOn, routeList } from '../../shared/routes/table';
import { listingIndexes, tableSchema } from '../../shared/store/schema';
import { DEFAULT_SETTINGS, type ChatbotApiStack } from '../../infra/cdk/stack';
import { allowHeader } from '../../shared/http/gatewayResponses';
import { RELAY_METRICS } from '../../shared/webhooks/relayMetrics';
import { API_METRICS } from '../../shared/observability/metrics';
import { dashboardName, metricsNamespace } from '../../infra/cdk/observability';
import {
  acknowledgedReason,
  catchAllMethods,
  functionIdOf,
  methodsOf,
  mockAnswer,
  probeMethods,
  resourcesOf,
  routedMethods,
  synthStack,
} from './synth';

let template: Template;
let stack: ChatbotApiStack;
beforeAll(() => {
  ({ template, stack } = synthStack());
});

describe('cdk-nag AwsSolutions', () => {
  test('the stack has no unacknowledged finding, warnings included', () => {
    const { success, violations } = new AwsSolutionsChecks().validateScope(stack);
    expect(violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`))).toEqual(
      [],
    );
    expect(success).toBe(true);
  });

  test('each method is acknowledged for what it is: keyed, public, or a 405 catch-all', () => {
    const kind = (reason?: string) =>
      reason === undefined
        ? 'none'
        : reason.startsWith('This ANY method only catches')
          ? '405'
          : reason.startsWith('This HEAD method answers the check')
            ? 'probe'
            : reason.startsWith('Public by the API contract')
              ? 'public'
              : reason.startsWith("The dashboard's API")
                ? 'session'
                : reason.includes('a Lambda REQUEST authorizer checks each key')
                  ? 'keyed'
                  : reason;
    const methods = methodsOf(template);
    const probed = routeList.filter((route) => route.probe).map((route) => `HEAD ${route.path}`);
    expect(methods.size).toBe(routeList.length + new Set(routeList.map((route) => route.path)).size + probed.length);
    for (const [key, method] of methods) {
      const route = routeList.find((r) => `${r.method} ${r.path}` === key);
      const [cog4, apig4] = ['AwsSolutions-COG4', 'AwsSolutions-APIG4'].map((rule) => acknowledgedReason(method, rule));
      // Keyed methods have an authorizer, so APIG4 does not arise for them.
      const expected = probed.includes(key)
        ? ['probe', 'probe']
        : !route
          ? ['405', '405']
          : route.auth === 'none'
            ? ['public', 'public']
            : route.auth === 'session'
              ? ['session', 'session']
              : ['keyed', 'none'];
      expect([key, kind(cog4), kind(apig4)]).toEqual([key, ...expected]);
      const counted = route?.rateLimitBy
        ? `${route.rateLimitBy.prefix} ({${route.rateLimitBy.pathParameter}}`
        : route?.auth === 'session'
          ? 'signed-in account'
          : 'source IP';
      if (route && route.auth !== 'apiKey') expect(cog4).toContain(`every ${key} request per ${counted}`);
    }
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
      expect(functionIdOf(method!)).toMatch(new RegExp(`^${functionId(route.group)}[0-9A-F]{8}$`));
      if (route.auth === 'apiKey') {
        expect(method).toMatchObject({
          AuthorizationType: 'CUSTOM',
          ApiKeyRequired: true,
          AuthorizerId: { Ref: expect.stringMatching(/^KeyAuthorizer/) },
        });
      } else {
        expect(method?.AuthorizationType).toBe('NONE');
      }
    }
    expect(routed.size).toBe(routeList.length);
  });

  test('every path has an ANY method answered by a keyless mock: 405, Allow and the envelope', () => {
    const catchAlls = catchAllMethods(template);
    expect(new Set(catchAlls.keys())).toEqual(new Set(routeList.map((r) => r.path)));
    for (const [path, method] of catchAlls) {
      const allow = allowHeader(methodsOn(path));
      expect(method).toMatchObject({
        AuthorizationType: 'NONE',
        Integration: {
          Type: 'MOCK',
          PassthroughBehavior: 'WHEN_NO_MATCH',
          RequestTemplates: { 'application/json': '{"statusCode": 405}' },
        },
      });
      expect(JSON.stringify(method)).not.toMatch(/lambda|Function/);
      // One integration response, the default (no selection pattern), so every request gets it.
      expect(method.Integration.IntegrationResponses).toHaveLength(1);
      expect(method.Integration.IntegrationResponses[0].SelectionPattern).toBeUndefined();
      expect(mockAnswer(method, { httpMethod: 'PATCH', requestId: 'r-1', requestTime: 't' })).toEqual({
        status: 405,
        allow,
        body: {
          success: false,
          error: { code: 'METHOD_NOT_ALLOWED', message: `PATCH is not allowed here; use ${allow}` },
          meta: { generatedAt: 't', requestId: 'r-1' },
        },
      });
      expect(method.MethodResponses).toEqual([
        {
          StatusCode: '405',
          ResponseParameters: {
            'method.response.header.Content-Type': true,
            'method.response.header.Allow': true,
            'method.response.header.X-Request-Id': true,
          },
        },
      ]);
      expect(method.Integration.IntegrationResponses[0].ResponseParameters['method.response.header.Content-Type']).toBe(
        "'application/json; charset=utf-8'",
      );
    }
  });

  test('with every media type binary, each mock reads its request as text, so its template applies', () => {
    const [api] = Object.values(resourcesOf(template, 'AWS::ApiGateway::RestApi'));
    expect(api?.Properties.BinaryMediaTypes).toContain('*/*');
    const mocks = [...methodsOf(template, 'MOCK').values()];
    expect(mocks.length).toBe(catchAllMethods(template).size + probeMethods(template).size);
    for (const mock of mocks) expect(mock.Properties.Integration.ContentHandling).toBe('CONVERT_TO_TEXT');
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
    expect(functions).toHaveLength(groupManifests.length + 1);
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        TABLE_NAME: { Ref: expect.stringMatching(/^Data/) },
        RATE_LIMIT_PER_MINUTE: '60',
      });
    }
    const withFonts = functions.filter(([, fn]) => fn.Properties.Environment.Variables.FONT_DIR === '/var/task/fonts');
    // The image groups, and the docs page whose gallery they draw.
    expect(withFonts.map(([id]) => id.replace(/Function.*/, '')).sort()).toEqual([
      'Docs',
      'Filters',
      'Generators',
      'Overlays',
      'RankCard',
    ]);
  });

  test('only the bots function is told the online window', () => {
    const windows = Object.entries(
      resourcesOf(synthStack({ ...DEFAULT_SETTINGS, botOnlineWindowSeconds: 300 }).template, 'AWS::Lambda::Function'),
    )
      .filter(([, fn]) => 'BOT_ONLINE_WINDOW_SECONDS' in fn.Properties.Environment.Variables)
      .map(([id, fn]) => [
        id.replace(/[0-9A-F]{8}$/, ''),
        fn.Properties.Environment.Variables.BOT_ONLINE_WINDOW_SECONDS,
      ]);
    expect(windows).toEqual([[functionId('bots'), '300']]);
  });

  test.each([0, -5])('an online window of %i seconds is refused at synth', (seconds) => {
    expect(() => synthStack({ ...DEFAULT_SETTINGS, botOnlineWindowSeconds: seconds })).toThrow(
      `botOnlineWindowSeconds must be more than 0 seconds, got ${seconds}`,
    );
  });

  test('function roles carry no AWS-managed policy; logs only to their own log group', () => {
    const lambdaRoles = Object.values(resourcesOf(template, 'AWS::IAM::Role')).filter((role) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('lambda.amazonaws.com'),
    );
    expect(lambdaRoles).toHaveLength(groupManifests.length + 1);
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
      p.Properties.PolicyDocument.Statement.filter((s: any) =>
        [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')),
      ).map((s: any) => [id, [s.Action].flat(), s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']]),
    );
    // Every function counts requests; the authorizer reads key records; only the bots function touches bots.
    const expected = (id: string, keys: string[]) => {
      if (keys.includes('RATE#*')) return [['dynamodb:UpdateItem'], ['RATE#*']];
      if (id.startsWith('Dashboard') && keys.includes('RATE#key:*')) return [['dynamodb:Query'], ['RATE#key:*']];
      if (id.startsWith('Authorizer')) return [['dynamodb:GetItem'], ['KEY#*']];
      if (id.startsWith('Bots') && keys.includes('BOT#*')) return [BOT_ACTIONS, ['BOT#*']];
      // The dashboard's bot routes are the bots function's: it reads sessions, and lists an account's bots (gsi3).
      if (keys.includes('SESSION#*') && !id.startsWith('Dashboard')) return [['dynamodb:GetItem'], ['SESSION#*']];
      if (id.startsWith('Bots')) return [['dynamodb:Query'], ['BOTS', 'ACCOUNT#*']];
      if (id.startsWith('Webhooks') && keys.includes('RELAY#*'))
        return [['dynamodb:GetItem', 'dynamodb:UpdateItem'], ['RELAY#*']];
      // The webhooks an account registered (gsi3), and a webhook's log by time (gsi2).
      if (id.startsWith('Webhooks') && keys.includes('ACCOUNT#*')) return [['dynamodb:Query'], ['ACCOUNT#*', 'HOOK#*']];
      if (id.startsWith('Webhooks'))
        return [
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
          ['HOOK#*'],
        ];
      // The dashboard: sign-ins and sessions; the accounts' key slots;
      // keys themselves, and their listings by id and by account.
      if (id.startsWith('Dashboard') && keys.includes('SESSION#*'))
        return [
          ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
          ['SIGNIN#*', 'SESSION#*'],
        ];
      if (id.startsWith('Dashboard') && keys.includes('KEY#*'))
        return [['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], ['KEY#*']];
      if (id.startsWith('Dashboard') && keys.includes('APIKEYS')) return [['dynamodb:Query'], ['APIKEYS', 'ACCOUNT#*']];
      if (id.startsWith('Dashboard')) return [['dynamodb:UpdateItem'], ['ACCOUNT#*']];
      return ['no other DynamoDB access'];
    };
    for (const [id, actions, keys] of statements) expect([actions, keys]).toEqual(expected(String(id), keys));
    expect(
      statements.filter(([, , keys]) => keys.includes('BOT#*')).map(([id]) => String(id).replace(/Function.*/, '')),
    ).toEqual(['Bots']);
  });
});

const BOT_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchWriteItem',
];

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
      GlobalSecondaryIndexes: listingIndexes.map((index) =>
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
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 300,
    });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'AUTHORIZER' });
  });

  test('every media type is binary, so a PNG answered base64 reaches the client as bytes whatever its Accept', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });

  test('usage plan throttle on the stage', () => {
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', { Throttle: { RateLimit: 10, BurstLimit: 20 } });
  });

  /**
   * A gateway response's JSON template with its context variables, alone as a value or inside a
   * message (where keys come from), as x.
   */
  const templateBody = (response: { Properties: Record<string, any> } | undefined) =>
    JSON.parse(
      (response?.Properties.ResponseTemplates['application/json'] ?? '')
        .replace(/"\$context\.[\w.]+"/g, '"x"')
        .replace(/\$context\.\w+/g, 'x'),
    );

  test.each([
    ['UNAUTHORIZED', 'UNAUTHORIZED', '401'],
    ['ACCESS_DENIED', 'UNAUTHORIZED', '401'],
    ['THROTTLED', 'RATE_LIMITED', '429'],
    ['QUOTA_EXCEEDED', 'RATE_LIMITED', '429'],
    ['BAD_REQUEST_BODY', 'INVALID_BODY', '400'],
    ['BAD_REQUEST_PARAMETERS', 'INVALID_PARAMETER', '400'],
    ['MISSING_AUTHENTICATION_TOKEN', 'NOT_FOUND', '404'],
    // The catch-alls keep each type's own status.
    ['DEFAULT_4XX', 'FORBIDDEN', undefined],
    ['DEFAULT_5XX', 'UPSTREAM_ERROR', undefined],
  ])('the issue’s gateway response %s answers with the %s envelope (status %s)', (type, code, status) => {
    const [response] = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse')).filter(
      (r) => r.Properties.ResponseType === type,
    );
    expect(response?.Properties.StatusCode).toBe(status);
    expect(response?.Properties.ResponseParameters).toMatchObject({
      'gatewayresponse.header.Content-Type': "'application/json; charset=utf-8'",
      'gatewayresponse.header.X-Request-Id': 'context.requestId',
    });
    const body = templateBody(response);
    expect(body).toEqual({
      success: false,
      error: { code, message: expect.any(String) },
      meta: { generatedAt: 'x', requestId: 'x' },
    });
  });

  test('every gateway response answers with the JSON envelope and its status', () => {
    const responses = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse'));
    expect(responses).toHaveLength(Object.keys(gatewayResponses).length);
    for (const [type, answer] of Object.entries(gatewayResponses) as [string, GatewayAnswer][]) {
      const response = responses.find((r) => r.Properties.ResponseType === type);
      // The catch-alls keep each type's own status: setting one would change every type beneath.
      expect(response?.Properties.StatusCode).toBe(answer.keepsAwsStatus ? undefined : String(answer.status));
      const body = templateBody(response);
      expect(body).toMatchObject({ success: false, error: { code: answer.code }, meta: { requestId: 'x' } });
      if (answer.namesKeys) expect(body.error.message).toMatch(/[^;]; get a key at https:\/\/x\/x\/dashboard$/);
      if (answer.retryAfter)
        expect(response?.Properties.ResponseParameters['gatewayresponse.header.Retry-After']).toBe(
          `'${answer.retryAfter}'`,
        );
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
    expect(byType('ACCESS_DENIED')?.ResponseTemplates['application/json']).toContain(
      '"message":"$context.authorizer.message; get a key at https://$context.domainName/$context.stage/dashboard"',
    );
  });

  test('access logs and alarms: API 5xx and p99, function errors and throttles, DynamoDB throttles', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      AccessLogSetting: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] } },
    });
    const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
    expect(
      Object.keys(alarms)
        .map((id) => id.replace(/[0-9A-F]{8}$/, ''))
        .sort(),
    ).toEqual([
      'Api5xxAlarm',
      'ApiLatencyAlarm',
      'FunctionErrorsAlarm',
      'FunctionThrottlesAlarm',
      'RelayBrakeAlarm',
      'RelayRetryBacklogAlarm',
      'RelayRetryDeadLettersAlarm',
      'TableThrottlesAlarm',
    ]);
    const alarm = (id: string) =>
      Object.entries(alarms).find(([logicalId]) => logicalId.startsWith(id))?.[1].Properties ?? {};
    expect(alarm('Api5xxAlarm')).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5XXError' });
    expect(alarm('ApiLatencyAlarm')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
    });
    const functionCount = groupManifests.length + 1;
    for (const [id, metricName] of [
      ['FunctionErrorsAlarm', 'Errors'],
      ['FunctionThrottlesAlarm', 'Throttles'],
    ] as const) {
      const metrics: any[] = alarm(id).Metrics;
      expect(metrics.find((m) => m.Expression)?.Expression).toBe('SUM(METRICS())');
      const summed = metrics.filter((m) => m.MetricStat);
      expect(summed.map((m) => m.MetricStat.Metric.MetricName)).toEqual(Array(functionCount).fill(metricName));
      expect(new Set(summed.map((m) => JSON.stringify(m.MetricStat.Metric.Dimensions))).size).toBe(functionCount);
    }
    expect(JSON.stringify(alarm('TableThrottlesAlarm'))).toContain('ThrottledRequests');
  });

  test("the relay's brake alarms on the first unknown webhook it refuses (the EMF metric of its log line)", () => {
    const [brake] = Object.entries(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter(([id]) =>
      id.startsWith('RelayBrakeAlarm'),
    );
    expect(brake?.[1].Properties).toMatchObject({
      Namespace: RELAY_METRICS.namespace,
      MetricName: RELAY_METRICS.brakeRefusals,
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  test('outputs: API URL, table name, usage plan id, secrets key, alarm topic', () => {
    expect(Object.keys(template.toJSON().Outputs)).toEqual(
      expect.arrayContaining(['ApiUrl', 'TableName', 'UsagePlanId', 'SecretsKeyArn', 'AlarmTopicArn']),
    );
  });
});

describe('secrets key', () => {
  test('a rotated KMS key, kept on delete; only the webhooks function uses it and knows its ARN', () => {
    const keys = Object.entries(resourcesOf(template, 'AWS::KMS::Key')).filter(([id]) => id.startsWith('SecretsKey'));
    expect(keys).toHaveLength(1);
    const [keyId, key] = keys[0] as [string, any];
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    const kmsStatements = Object.entries(resourcesOf(template, 'AWS::IAM::Policy')).flatMap(([id, p]) =>
      p.Properties.PolicyDocument.Statement.filter((s: any) =>
        [s.Action].flat().some((a: string) => a.startsWith('kms:')),
      ).map((s: any) => [id.replace(/Function.*/, ''), [s.Action].flat(), s.Resource]),
    );
    expect(kmsStatements).toEqual(
      [['Webhooks', ['kms:Encrypt', 'kms:Decrypt'].sort(), { 'Fn::GetAtt': [keyId, 'Arn'] }]].map(
        ([id, actions, resource]) => [id, expect.arrayContaining(actions as string[]), resource],
      ),
    );
    for (const [id, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
      const env = fn.Properties.Environment?.Variables ?? {};
      if (id.startsWith('WebhooksFunction')) expect(env.SECRETS_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      else expect(env).not.toHaveProperty('SECRETS_KMS_KEY_ID');
    }
  });
});

// The same synthesized stack: a synthesis costs some 20 s, so the dashboard's tests share this one.
describe('the operations dashboard', () => {
  let body: string;
  beforeAll(() => {
    const [dashboard] = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
    // The body is a Fn::Join of strings and references: its strings, joined, hold every widget's text.
    const parts = (dashboard?.Properties.DashboardBody['Fn::Join'][1] ?? []) as unknown[];
    body = parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
  });

  test('one dashboard, named for the stack, its URL a stack output', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const [dashboard] = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard?.Properties.DashboardName).toBe(dashboardName(stack));
    const output = template.findOutputs('CloudWatchDashboardUrl').CloudWatchDashboardUrl;
    const url = JSON.stringify(output?.Value);
    expect(url).toContain('.console.aws.amazon.com/cloudwatch/home?region=');
    expect(url).toContain(`#dashboards:name=${dashboardName(stack)}`);
  });

  test.each(Object.values(API_METRICS))("graphs the functions' metric %s in the stack's namespace", (name) => {
    expect(body).toContain(`MetricName=\\"${name}\\"`);
    expect(body).toContain(`\\"${metricsNamespace(stack)}\\"`);
  });

  test("graphs API Gateway's count, 4xx, 5xx and latency, and Lambda's metrics for every function", () => {
    for (const metric of ['"Count"', '"4XXError"', '"5XXError"', '"Latency"']) expect(body).toContain(metric);
    const functions = Object.keys(resourcesOf(template, 'AWS::Lambda::Function'));
    for (const metric of ['Invocations', 'Errors', 'Duration', 'Throttles']) {
      const graphed = body.split(`"AWS/Lambda","${metric}"`).length - 1;
      expect(graphed).toBe(functions.length);
    }
  });

  test('shows the status of every alarm of the stack', () => {
    const alarms = Object.keys(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(8);
    expect(body).toContain('"type":"alarm"');
    for (const alarm of alarms) expect(body).toContain(`{"Fn::GetAtt":["${alarm}","Arn"]}`);
  });

  test("every function has the metrics' namespace and active tracing", () => {
    const functions = Object.values(resourcesOf(template, 'AWS::Lambda::Function'));
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe(metricsNamespace(stack));
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });
});
