import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { dataTable } from './dataTable';
import { authorizerFunction, groupFunctions } from './functions';
import { addAlarms } from './monitoring';
import { acknowledgeStackFindings } from './nagAcknowledgements';
import { chatbotRestApi } from './restApi';

export interface ChatbotApiSettings {
  authorizerCacheTtl: number;
  rateLimitPerMinute: number;
  /** A bot is online when its last heartbeat is at most this old. */
  botOnlineWindowSeconds: number;
  throttle: { rateLimit: number; burstLimit: number };
  /** RETAIN by default: deleting the stack keeps the data. */
  removalPolicy: RemovalPolicy;
}

export const DEFAULT_SETTINGS: ChatbotApiSettings = {
  authorizerCacheTtl: 300,
  rateLimitPerMinute: 60,
  botOnlineWindowSeconds: 120,
  throttle: { rateLimit: 10, burstLimit: 20 },
  removalPolicy: RemovalPolicy.RETAIN,
};

/** The whole deployment: table, one function per group plus the authorizer, the REST API, alarms. */
export class ChatbotApiStack extends Stack {
  constructor(scope: Construct, id: string, settings: ChatbotApiSettings = DEFAULT_SETTINGS, props: StackProps = {}) {
    super(scope, id, props);
    // The functions refuse it at cold start; refusing it here stops a deploy that could only fail.
    if (!(settings.botOnlineWindowSeconds > 0)) throw new Error(`botOnlineWindowSeconds must be more than 0 seconds, got ${settings.botOnlineWindowSeconds}`);
    const logRetention = RetentionDays.ONE_MONTH;
    const table = dataTable(this, { removalPolicy: settings.removalPolicy });
    const secretsKey = new Key(this, 'SecretsKey', {
      description: 'Seals webhook signing secrets and the Discord tokens of deliveries kept for replay',
      enableKeyRotation: true,
      removalPolicy: settings.removalPolicy,
    });
    const functionSettings = { table, secretsKey, rateLimitPerMinute: settings.rateLimitPerMinute, botOnlineWindowSeconds: settings.botOnlineWindowSeconds, logRetention };
    const functions = groupFunctions(this, functionSettings);
    const authorizer = authorizerFunction(this, functionSettings);
    const { api, usagePlan } = chatbotRestApi(this, {
      functions,
      authorizer,
      authorizerCacheTtl: settings.authorizerCacheTtl,
      throttle: settings.throttle,
      logRetention,
    });
    addAlarms(this, api, new Map([...functions, ['authorizer', authorizer]]), table);
    acknowledgeStackFindings(api);

    new CfnOutput(this, 'ApiUrl', { value: api.url, description: 'Base URL of the API (append /v1/...)' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'UsagePlanId', { value: usagePlan.usagePlanId, description: 'Usage plan every API key joins (npm run keys -- --aws)' });
    new CfnOutput(this, 'RestApiId', { value: api.restApiId });
    new CfnOutput(this, 'SecretsKeyArn', { value: secretsKey.keyArn, description: 'KMS key of webhook secrets (npm run webhooks -- --aws)' });
  }
}
