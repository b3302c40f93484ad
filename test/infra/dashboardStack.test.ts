import { UNSET_CLIENT_SECRET } from '../../functions/dashboard/clientSecret';
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Template } from 'aws-cdk-lib/assertions';
import { CONFIGURED, resourcesOf, synthesised } from './synth';

/**
 * The dashboard's function in the template: its Discord application,
 * its secret, the keys it may manage, and no local sign-in.
 */
let plain: Template;
let configured: Template;
beforeAll(async () => {
  plain = (await synthesised()).template;
  // Its dashboard: { discordClientId: '1100000000000000001', dashboardUrl: 'https://api.example.com/dashboard' }.
  configured = (await synthesised(CONFIGURED)).template;
}, 120_000);

const dashboardFunction = (template: Template) => {
  const [entry] = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).filter(([id]) =>
    id.startsWith('DashboardFunction'),
  );
  if (!entry) throw new Error('no dashboard function');
  return {
    id: entry[0],
    env: entry[1].Properties.Environment.Variables as Record<string, any>,
    role: entry[1].Properties.Role['Fn::GetAtt'][0] as string,
  };
};
const secretId = (template: Template) => Object.keys(resourcesOf(template, 'AWS::SecretsManager::Secret'))[0] as string;

describe('the dashboard in the stack', () => {
  test('the Discord client secret: a placeholder the operator replaces, kept on delete', () => {
    const secrets = resourcesOf(plain, 'AWS::SecretsManager::Secret');
    expect(Object.keys(secrets)).toHaveLength(1);
    const [secret] = Object.values(secrets);
    expect(secret?.Properties.SecretString).toBe(UNSET_CLIENT_SECRET);
    expect(secret?.Properties.GenerateSecretString).toBeUndefined();
    expect(secret?.DeletionPolicy).toBe('Retain');
  });

  test("the function knows the application id, the secret's ARN, the dashboard URL and usage plan", () => {
    const { env } = dashboardFunction(configured);
    expect(env).toMatchObject({
      DISCORD_CLIENT_ID: '1100000000000000001',
      DISCORD_CLIENT_SECRET_ARN: { Ref: secretId(configured) },
      DASHBOARD_URL: 'https://api.example.com/dashboard',
      USAGE_PLAN_NAME: 'ChatbotUtilityApi-keys',
    });
    expect(env.DISCORD_CLIENT_SECRET).toBeUndefined();
    const [plan] = Object.values(resourcesOf(configured, 'AWS::ApiGateway::UsagePlan'));
    expect(plan?.Properties.UsagePlanName).toBe(env.USAGE_PLAN_NAME);
    // Unset, the function is told so (sign-in answers "not set up") rather than guessing.
    expect(dashboardFunction(plain).env).toMatchObject({ DISCORD_CLIENT_ID: '' });
    expect(dashboardFunction(plain).env.DASHBOARD_URL).toBeUndefined();
  });

  test('the local sign-in is never in the stack: no function is told to offer it', () => {
    for (const template of [plain, configured]) {
      expect(JSON.stringify(template.toJSON())).not.toContain('DASHBOARD_LOCAL_SIGN_IN');
      expect(JSON.stringify(template.toJSON())).not.toContain('DISCORD_CLIENT_SECRET"');
    }
  });

  test('only the dashboard reads the secret; only the dashboard manages keys, on this usage plan', () => {
    const policies = Object.entries(resourcesOf(configured, 'AWS::IAM::Policy'));
    const statements = policies.flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as any[]).map((statement) => ({
        id,
        roles: policy.Properties.Roles,
        statement,
      })),
    );
    const reading = statements.filter(({ statement }) =>
      [statement.Action].flat().includes('secretsmanager:GetSecretValue'),
    );
    expect(reading).toHaveLength(1);
    expect(reading[0]?.id).toMatch(/^DashboardFunctionRole/);
    expect(reading[0]?.statement.Resource).toEqual({ Ref: secretId(configured) });

    const gateway = statements.filter(({ statement }) =>
      [statement.Action].flat().some((action: string) => action.startsWith('apigateway:')),
    );
    const { role } = dashboardFunction(configured);
    expect(new Set(gateway.map(({ roles }) => JSON.stringify(roles)))).toEqual(
      new Set([JSON.stringify([{ Ref: role }])]),
    );
    const planId = Object.keys(resourcesOf(configured, 'AWS::ApiGateway::UsagePlan'))[0];
    const text = JSON.stringify(gateway.map(({ statement }) => [statement.Action, statement.Resource]));
    expect(text).toContain(JSON.stringify({ Ref: planId }));
    expect(text).not.toMatch(/usageplans\/\*/);
    expect(gateway.flatMap(({ statement }) => [statement.Action].flat()).sort()).toEqual(
      ['apigateway:DELETE', 'apigateway:DELETE', 'apigateway:GET', 'apigateway:PATCH', 'apigateway:POST'].sort(),
    );
  });
});
