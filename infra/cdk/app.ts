import { App, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ChatbotApiStack, DEFAULT_SETTINGS } from './stack';

/**
 * `npx cdk synth|deploy`. Settings come from CDK context (`-c name=value` or cdk.json):
 * authorizerCacheTtl, rateLimitPerMinute, botOnlineWindowSeconds (more than 0; the stack refuses
 * anything else), throttleRate, throttleBurst, destroyData (true only for throwaway stacks: the
 * table is then deleted with the stack).
 */
const app = new App();
const number = (name: string, fallback: number) => {
  const value = app.node.tryGetContext(name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`context ${name} must be a whole number >= 0, got ${JSON.stringify(value)}`);
  return parsed;
};
new ChatbotApiStack(app, 'ChatbotUtilityApi', {
  authorizerCacheTtl: number('authorizerCacheTtl', DEFAULT_SETTINGS.authorizerCacheTtl),
  rateLimitPerMinute: number('rateLimitPerMinute', DEFAULT_SETTINGS.rateLimitPerMinute),
  botOnlineWindowSeconds: number('botOnlineWindowSeconds', DEFAULT_SETTINGS.botOnlineWindowSeconds),
  throttle: { rateLimit: number('throttleRate', DEFAULT_SETTINGS.throttle.rateLimit), burstLimit: number('throttleBurst', DEFAULT_SETTINGS.throttle.burstLimit) },
  removalPolicy: String(app.node.tryGetContext('destroyData')) === 'true' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
