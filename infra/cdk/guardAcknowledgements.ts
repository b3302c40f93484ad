import type { IConstruct } from 'constructs';
import { acknowledge as acknowledgeRule } from './nagAcknowledgements';

/**
 * AWS Control Tower proactive controls (cfn-guard, policyChecks.ts) that this service departs from
 * on purpose, each acknowledged where it arises with the reason it is right here.
 */
const acknowledge = (scope: IConstruct, rule: string, reason: string) =>
  acknowledgeRule(scope, `cdk-validator-cfnguard::${rule}`, reason);

/** CT.LAMBDA.PR.3, for every function. */
export function acknowledgeFunctionOutsideVpc(fn: IConstruct): void {
  acknowledge(
    fn,
    'lambda_inside_vpc_check',
    'The functions reach only public endpoints: DynamoDB, KMS, SQS and Secrets Manager over TLS with IAM, and ' +
      'the internet itself (Discord, the image hosts users name, guarded by the address policy). There is no ' +
      'private resource to reach, and a VPC would add a NAT gateway per zone (a monthly cost) for egress these ' +
      'functions need anyway.',
  );
}

/**
 * CT.LAMBDA.PR.2: the permissions API Gateway invokes the functions
 * and the authorizer with (on the API and on the authorizer).
 */
export function acknowledgeGatewayInvokePermissions(...scopes: IConstruct[]): void {
  for (const scope of scopes) {
    acknowledge(
      scope,
      'lambda_function_public_access_prohibited_check',
      "Each permission names apigateway.amazonaws.com with a SourceArn: this API's execute-api ARN for one " +
        'method and path of the prod stage, or for its authorizer. The rule reads only a literal or a reference ' +
        'there, and CDK writes this ARN as an Fn::Join of the account, region and API id ' +
        '(test/infra/controlTower.test.ts checks every one).',
    );
  }
}

/** CT.APIGATEWAY.PR.1 and PR.2, for the prod stage. */
export function acknowledgeStageFindings(stage: IConstruct): void {
  acknowledge(
    stage,
    'api_gw_v1_execution_logging_enabled_check',
    'Execution logging is on (errors) for every method except those of paths with a Discord webhook token in ' +
      "them (/webhooks/{id}/{token}/...): API Gateway's log lines may name path parameters, and the token lets " +
      'anyone post to the channel (methodSettings.ts). Their requests are still in the access log, which records ' +
      "the route's template, never the path.",
  );
  acknowledge(
    stage,
    'api_gw_xray_enabled_check',
    "No X-Ray on the stage: its segments keep each request's URL for 30 days, and /webhooks URLs carry Discord " +
      'webhook tokens. The functions trace themselves, without URLs.',
  );
}

/** CT.CLOUDWATCH.PR.2, for a log group kept less than a year. */
export function acknowledgeShortRetention(logGroup: IConstruct, days: number): void {
  acknowledge(
    logGroup,
    'cloudwatch_log_group_retention_period_check',
    `Kept ${days} days: the operator's choice (-c logRetentionDays=365 or more meets the control; the default ` +
      'is 90). Every log group is encrypted with the operations key.',
  );
}

/** CT.SQS.PR.1, for the relay's dead-letter queue. */
export function acknowledgeDeadLetterQueue(queue: IConstruct): void {
  acknowledge(
    queue,
    'sqs_dlq_check',
    "This is the dead-letter queue itself (of the relay's retry queue). Naming its one source queue in a " +
      "RedriveAllowPolicy would make each queue's definition refer to the other, a cycle CloudFormation refuses; " +
      "only this account's principals allowed sqs:SetQueueAttributes could point another queue at it.",
  );
}
