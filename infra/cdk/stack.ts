import { CfnOutput, RemovalPolicy, Stack, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { ArnPrincipal } from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { groupManifests } from '../../functions/groups';
import { alarmTopic } from './alarmTopic';
import { allowKeyManagement, discordClientSecret, usagePlanName, type DashboardSettings } from './dashboardAccess';
import { dataTable } from './dataTable';
import { authorizerFunction, groupFunctions, SECRET_BOX_ACTIONS } from './functions';
import { administeredKey, allowPrincipalsUse } from './keys';
import type { Throttle } from './methodSettings';
import { addAlarms } from './monitoring';
import type { ApiContact } from '../../shared/openapi/contact';
import { relayRetryQueue } from './relayRetryQueue';
import { acknowledgeDashboardFindings, acknowledgeStackFindings } from './nagAcknowledgements';
import { operationsKey } from './operationsKey';
import { operationsDashboard } from './observability';
import { chatbotRestApi } from './restApi';
import { rateLimitingWebAcl } from './webAcl';

export interface ChatbotApiSettings {
  authorizerCacheTtl: number;
  rateLimitPerMinute: number;
  /** A bot is online when its last heartbeat is at most this old. */
  botOnlineWindowSeconds: number;
  /** Usage-plan throttle per API key. */
  throttle: Throttle;
  /** Each public route's throttle (all its callers together), the relay's excepted. */
  publicThrottle: Throttle;
  /** The relay route's throttle (every provider's deliveries together): sized for a relay's traffic. */
  relayThrottle: Throttle;
  /** The stage's default throttle, for every method without one of its own. */
  stageThrottle: Throttle;
  /**
   * Concurrent executions reserved for (and capping) each function; 0 = none. None by default: Lambda keeps
   * 100 of an account's quota unreserved, and new accounts often have 10 in all, so any reservation would fail.
   */
  reservedConcurrency: number;
  /** How long every log group keeps its events. */
  logRetention: RetentionDays;
  /** Requests per source IP in 5 minutes before a WAF web ACL blocks it; undefined: no web ACL. */
  wafRateLimit?: number;
  /**
   * With the web ACL: requests per source IP in 5 minutes to the
   * relay route, its own rule (wafRateLimit counts the rest).
   */
  wafRelayRateLimit: number;
  /** Subscribed to the alarm topic by e-mail when given. */
  alarmEmail?: string;
  /**
   * ARNs of the roles that may seal and unseal with the secrets
   * key outside the functions (`npm run webhooks -- --aws`).
   */
  secretsKeyUsers: string[];
  /** RETAIN by default: deleting the stack keeps the data. */
  removalPolicy: RemovalPolicy;
  /** Who answers for this deployment, in the OpenAPI document; undefined: DEFAULT_CONTACT. */
  apiContact?: ApiContact;
  /** The dashboard's Discord application (its client secret is put in Secrets Manager by the operator). */
  dashboard: DashboardSettings;
}

export const DEFAULT_SETTINGS: ChatbotApiSettings = {
  authorizerCacheTtl: 300,
  rateLimitPerMinute: 60,
  botOnlineWindowSeconds: 120,
  throttle: { rateLimit: 10, burstLimit: 20 },
  publicThrottle: { rateLimit: 20, burstLimit: 40 },
  // Providers deliver in bursts (a push to many repositories, a CI
  // fleet); at 20/s one flooding client left none for the rest.
  relayThrottle: { rateLimit: 500, burstLimit: 1000 },
  stageThrottle: { rateLimit: 100, burstLimit: 200 },
  reservedConcurrency: 0,
  // An incident is often noticed weeks later (a bill, an abuse report, a bot owner's question):
  // 90 days covers the review of anything noticed within a quarter, where 30 days did not.
  logRetention: RetentionDays.THREE_MONTHS,
  wafRateLimit: undefined,
  wafRelayRateLimit: 3000,
  alarmEmail: undefined,
  secretsKeyUsers: [],
  removalPolicy: RemovalPolicy.RETAIN,
  dashboard: {},
};

/**
 * The whole deployment: table, keys, one function per group plus the authorizer, the REST API, alarms and their topic.
 */
export class ChatbotApiStack extends Stack {
  constructor(scope: Construct, id: string, settings: ChatbotApiSettings = DEFAULT_SETTINGS, props: StackProps = {}) {
    super(scope, id, props);
    // The functions refuse it at cold start; refusing it here stops a deploy that could only fail.
    if (!(settings.botOnlineWindowSeconds > 0))
      throw new Error(`botOnlineWindowSeconds must be more than 0 seconds, got ${settings.botOnlineWindowSeconds}`);
    const table = dataTable(this, { removalPolicy: settings.removalPolicy });
    const secretsKey = administeredKey(
      this,
      'SecretsKey',
      'Seals webhook signing secrets and the Discord tokens of deliveries kept for replay',
      settings.removalPolicy,
    );
    allowPrincipalsUse(
      secretsKey,
      settings.secretsKeyUsers.map((arn) => new ArnPrincipal(arn)),
      SECRET_BOX_ACTIONS,
    );
    const opsKey = operationsKey(this, settings.removalPolicy);
    const logs = { retention: settings.logRetention, encryptionKey: opsKey };
    const clientSecret = discordClientSecret(this, settings.removalPolicy);
    const functionSettings = {
      table,
      secretsKey,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      botOnlineWindowSeconds: settings.botOnlineWindowSeconds,
      logs,
      reservedConcurrency: settings.reservedConcurrency,
      apiContact: settings.apiContact,
      dashboard: { ...settings.dashboard, clientSecret, usagePlanName: usagePlanName(this) },
    };
    const functions = groupFunctions(this, functionSettings);
    const authorizer = authorizerFunction(this, functionSettings);
    const { api, usagePlan } = chatbotRestApi(this, {
      functions,
      authorizer,
      authorizerCacheTtl: settings.authorizerCacheTtl,
      throttle: settings.throttle,
      publicThrottle: settings.publicThrottle,
      relayThrottle: settings.relayThrottle,
      stageThrottle: settings.stageThrottle,
      logs,
    });
    for (const manifest of groupManifests.filter((group) => group.managesApiKeys)) {
      const keyManagement = allowKeyManagement(
        this,
        (functions.get(manifest.name) as NodejsFunction).role as IRole,
        usagePlan,
      );
      acknowledgeDashboardFindings(
        clientSecret,
        keyManagement,
        this.getLogicalId(usagePlan.node.defaultChild as CfnElement),
      );
    }
    if (settings.wafRateLimit !== undefined)
      rateLimitingWebAcl(this, api.deploymentStage, {
        rateLimit: settings.wafRateLimit,
        relayRateLimit: settings.wafRelayRateLimit,
      });
    const topic = alarmTopic(this, opsKey, settings.alarmEmail);
    for (const manifest of groupManifests.filter((group) => group.retriesDeliveries))
      relayRetryQueue(this, functions.get(manifest.name) as NodejsFunction, topic, settings.removalPolicy);
    const allFunctions = new Map<string, NodejsFunction>([...functions, ['authorizer', authorizer]]);
    addAlarms(this, api, allFunctions, table, topic);
    acknowledgeStackFindings(api, { webAcl: settings.wafRateLimit !== undefined });

    new CfnOutput(this, 'ApiUrl', { value: api.url, description: 'Base URL of the API (append /v1/...)' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'UsagePlanId', {
      value: usagePlan.usagePlanId,
      description: 'Usage plan every API key joins (npm run keys -- --aws)',
    });
    new CfnOutput(this, 'RestApiId', { value: api.restApiId });
    new CfnOutput(this, 'SecretsKeyArn', {
      value: secretsKey.keyArn,
      description: 'KMS key of webhook secrets (npm run webhooks -- --aws)',
    });
    new CfnOutput(this, 'DiscordClientSecretArn', {
      value: clientSecret.secretArn,
      description: 'Put the Discord application\'s client secret here (README, "The dashboard in AWS")',
    });
    new CfnOutput(this, 'DashboardUrl', {
      value: settings.dashboard.dashboardUrl ?? `${api.url}dashboard`,
      description: 'The dashboard; its /callback is the redirect URI to register with the Discord application',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: topic.topicArn,
      description: 'SNS topic every alarm notifies: subscribe a pager, chat or mailbox',
    });
    // Last: the dashboard shows every alarm and queue made above.
    operationsDashboard(this, api, allFunctions);
  }
}
