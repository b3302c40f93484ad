import { type RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import { UNSET_CLIENT_SECRET } from '../../functions/dashboard/clientSecret';
import type { UsagePlan } from 'aws-cdk-lib/aws-apigateway';
import { Policy, PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/** What the dashboard's sign-in needs from the operator: the Discord application, and where the dashboard is seen. */
export interface DashboardSettings {
  /** The Discord application's client id (public); unset, the dashboard answers that sign-in is not set up. */
  discordClientId?: string;
  /** The dashboard's public URL (a custom domain), when the API's own URL is not what users open. */
  dashboardUrl?: string;
}

/**
 * The Discord application's client secret, a placeholder until the operator puts its value
 * (README, "The dashboard in AWS"), so it is never in the template, the function's environment or
 * a deploy log. Left to CloudFormation, it would be a random password that Discord refuses, and
 * sign-in would fail at Discord instead of saying it is not set up.
 */
export function discordClientSecret(scope: Construct, removalPolicy: RemovalPolicy): Secret {
  return new Secret(scope, 'DiscordClientSecret', {
    description:
      "The Discord application's OAuth2 client secret for the dashboard's sign-in; put its value with `aws " +
      'secretsmanager put-secret-value`',
    secretStringValue: SecretValue.unsafePlainText(UNSET_CLIENT_SECRET),
    removalPolicy,
  });
}

export const usagePlanName = (scope: Construct) => `${Stack.of(scope).stackName}-keys`;

/** The environment of a function that signs in with Discord, and its read of the secret. */
export function signInEnvironment(secret: ISecret, settings: DashboardSettings): Record<string, string> {
  return {
    DISCORD_CLIENT_ID: settings.discordClientId ?? '',
    DISCORD_CLIENT_SECRET_ARN: secret.secretArn,
    ...(settings.dashboardUrl ? { DASHBOARD_URL: settings.dashboardUrl } : {}),
  };
}

/**
 * API Gateway key management for the dashboard's function, on this API's usage plan only (keys
 * themselves are account-wide resources named by ids API Gateway assigns). Its own policy, attached
 * after the plan exists: the plan depends on the stage, the stage on the methods, the methods on the
 * function, so neither the function nor its role's default policy may depend on the plan.
 */
export function allowKeyManagement(scope: Construct, role: IRole, usagePlan: UsagePlan): Policy {
  const { region, partition } = Stack.of(scope);
  const arn = (path: string) => `arn:${partition}:apigateway:${region}::${path}`;
  const plan = `/usageplans/${usagePlan.usagePlanId}`;
  const policy = new Policy(scope, 'DashboardKeyManagement', {
    roles: [role],
    statements: [
      // Finding the plan by name (its id cannot be in the function's environment, see above).
      new PolicyStatement({ actions: ['apigateway:GET'], resources: [arn('/usageplans')] }),
      new PolicyStatement({ actions: ['apigateway:POST'], resources: [arn('/apikeys'), arn(`${plan}/keys`)] }),
      new PolicyStatement({ actions: ['apigateway:PATCH', 'apigateway:DELETE'], resources: [arn('/apikeys/*')] }),
      new PolicyStatement({ actions: ['apigateway:DELETE'], resources: [arn(`${plan}/keys/*`)] }),
    ],
  });
  return policy;
}
