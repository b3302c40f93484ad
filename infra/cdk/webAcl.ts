import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/**
 * Optional (context waf=true): a web ACL on the stage that blocks a source IP above `limit`
 * requests in any 5 minutes, before API Gateway throttles or any function runs. Sampled requests
 * stay off: WAF would keep full request URLs, and /webhooks URLs carry Discord webhook tokens.
 */
export function rateLimitingWebAcl(scope: Construct, stage: Stage, limit: number): CfnWebACL {
  // WAF's own bounds for a rate-based rule: refused here rather than by a failing deploy.
  if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000) throw new Error(`wafRateLimit must be a whole number from 10 to 2000000000, got ${limit}`);
  const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: false });
  const acl = new CfnWebACL(scope, 'WebAcl', {
    scope: 'REGIONAL',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('chatbot-utility-api'),
    rules: [
      {
        name: 'rate-per-source-ip',
        priority: 0,
        action: { block: {} },
        statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit, evaluationWindowSec: 300 } },
        visibilityConfig: visibility('rate-per-source-ip'),
      },
    ],
  });
  new CfnWebACLAssociation(scope, 'WebAclAssociation', { resourceArn: stage.stageArn, webAclArn: acl.attrArn });
  return acl;
}
