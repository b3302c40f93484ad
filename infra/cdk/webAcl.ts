import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';

/** Requests per source IP in 5 minutes before a rule blocks it: the relay's, and everything else's. */
export interface WebAclLimits {
  rateLimit: number;
  relayRateLimit: number;
}

/**
 * The relay route's request paths as WAF sees them: after the stage (or a custom domain's base
 * path), one segment per path parameter. Made from the route table, so the two cannot drift apart.
 */
export const RELAY_PATH_PATTERN = `^(/[^/]+)?${webhookRoutes.relayWebhook.path.replace(/\{\w+\}/g, '[^/]+')}/?$`;

/** WAF's own bounds for a rate-based rule: refused here rather than by a failing deploy. */
function checkedLimit(name: string, limit: number): number {
  if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000)
    throw new Error(`${name} must be a whole number from 10 to 2000000000, got ${limit}`);
  return limit;
}

/**
 * Optional (context waf=true): a web ACL that blocks a source IP above its limit in any 5 minutes,
 * with a rule of its own for the relay path, where providers deliver in bursts from few addresses.
 * Sampled requests stay off: WAF would keep full request URLs, and /webhooks URLs carry Discord
 * webhook tokens.
 */
export function rateLimitingWebAcl(scope: Construct, stage: Stage, limits: WebAclLimits): CfnWebACL {
  const visibility = (metricName: string) => ({
    cloudWatchMetricsEnabled: true,
    metricName,
    sampledRequestsEnabled: false,
  });
  const relayPath = {
    regexMatchStatement: {
      regexString: RELAY_PATH_PATTERN,
      fieldToMatch: { uriPath: {} },
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
  const perIp = (
    name: string,
    priority: number,
    limit: number,
    scopeDownStatement: CfnWebACL.StatementProperty,
  ): CfnWebACL.RuleProperty => ({
    name,
    priority,
    action: { block: {} },
    statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit, evaluationWindowSec: 300, scopeDownStatement } },
    visibilityConfig: visibility(name),
  });
  const acl = new CfnWebACL(scope, 'WebAcl', {
    scope: 'REGIONAL',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('chatbot-utility-api'),
    rules: [
      perIp('rate-per-source-ip', 0, checkedLimit('wafRateLimit', limits.rateLimit), {
        notStatement: { statement: relayPath },
      }),
      perIp('relay-rate-per-source-ip', 1, checkedLimit('wafRelayRateLimit', limits.relayRateLimit), relayPath),
    ],
  });
  new CfnWebACLAssociation(scope, 'WebAclAssociation', { resourceArn: stage.stageArn, webAclArn: acl.attrArn });
  return acl;
}
