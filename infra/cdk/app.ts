import { App, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { apiContactFromEnv, CONTACT_SETTINGS, DEFAULT_CONTACT } from '../../shared/openapi/contact';
import { DEFAULT_SETTINGS_FILE, type DeploySettingName, readDeploySettings } from './deploySettings';
import { addPolicyChecks } from './policyChecks';
import { ChatbotApiStack, DEFAULT_SETTINGS } from './stack';

/**
 * `npx cdk synth|deploy`. Settings come from deploy.settings.json (or the file context `settingsFile`
 * names), each overridden by CDK context (`-c name=value` or cdk.json); the README's table describes each.
 */
const app = new App();
const fileSettings = readDeploySettings(String(app.node.tryGetContext('settingsFile') ?? DEFAULT_SETTINGS_FILE));
const context = (name: DeploySettingName): unknown => app.node.tryGetContext(name) ?? fileSettings[name];
const number = (name: DeploySettingName, fallback: number) => {
  const value = context(name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`context ${name} must be a whole number >= 0, got ${JSON.stringify(value)}`);
  return parsed;
};
const throttle = (
  prefix: 'throttle' | 'publicThrottle' | 'relayThrottle' | 'stageThrottle',
  fallback: { rateLimit: number; burstLimit: number },
) => ({
  rateLimit: number(`${prefix}Rate`, fallback.rateLimit),
  burstLimit: number(`${prefix}Burst`, fallback.burstLimit),
});
const flag = (name: DeploySettingName) => String(context(name)) === 'true';
const text = (name: DeploySettingName) =>
  context(name) === undefined || context(name) === '' ? undefined : String(context(name));

const logRetention = number('logRetentionDays', DEFAULT_SETTINGS.logRetention);
if (!Object.values(RetentionDays).includes(logRetention))
  throw new Error(
    "context logRetentionDays must be one of CloudWatch Logs' retention periods (1, 3, 5, 7, 14, 30, 60, 90, " +
      `120, ...), got ${logRetention}`,
  );

// Checked here with the rule the docs function applies, so a mistyped contact stops the deploy.
const apiContact = apiContactFromEnv({
  [CONTACT_SETTINGS.name]: text('apiContactName'),
  [CONTACT_SETTINGS.url]: text('apiContactUrl'),
  [CONTACT_SETTINGS.email]: text('apiContactEmail'),
});

new ChatbotApiStack(app, 'ChatbotUtilityApi', {
  authorizerCacheTtl: number('authorizerCacheTtl', DEFAULT_SETTINGS.authorizerCacheTtl),
  rateLimitPerMinute: number('rateLimitPerMinute', DEFAULT_SETTINGS.rateLimitPerMinute),
  botOnlineWindowSeconds: number('botOnlineWindowSeconds', DEFAULT_SETTINGS.botOnlineWindowSeconds),
  throttle: throttle('throttle', DEFAULT_SETTINGS.throttle),
  publicThrottle: throttle('publicThrottle', DEFAULT_SETTINGS.publicThrottle),
  relayThrottle: throttle('relayThrottle', DEFAULT_SETTINGS.relayThrottle),
  stageThrottle: throttle('stageThrottle', DEFAULT_SETTINGS.stageThrottle),
  reservedConcurrency: number('reservedConcurrency', DEFAULT_SETTINGS.reservedConcurrency),
  logRetention,
  wafRateLimit: flag('waf') ? number('wafRateLimit', 1000) : undefined,
  wafRelayRateLimit: number('wafRelayRateLimit', DEFAULT_SETTINGS.wafRelayRateLimit),
  alarmEmail: text('alarmEmail'),
  secretsKeyUsers: [context('secretsKeyUsers') ?? []]
    .flat()
    .flatMap((arns) => String(arns).split(','))
    .map((arn) => arn.trim())
    .filter(Boolean),
  removalPolicy: flag('destroyData') ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  apiContact: apiContact === DEFAULT_CONTACT ? undefined : apiContact,
  dashboard: { discordClientId: text('discordClientId'), dashboardUrl: text('dashboardUrl') },
});
addPolicyChecks(app);
