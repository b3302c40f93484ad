import { Validations } from 'aws-cdk-lib';
import type { Method, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IConstruct } from 'constructs';

/**
 * AwsSolutions (cdk-nag) findings that are deliberate, each acknowledged where it arises with
 * the reason it is right for this service.
 */
const acknowledge = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

export function acknowledgeStackFindings(api: RestApi): void {
  acknowledge(api, 'AwsSolutions-COG4', 'Callers are bot developers with API keys, not Cognito users: a Lambda REQUEST authorizer checks each key against its SHA-256 in DynamoDB.');
  acknowledge(api, 'AwsSolutions-APIG2', "Parameters are validated in the function against the route table's zod schemas (ranges, lengths, URL and colour rules, label-or-URL), which API Gateway's request validator cannot express; the function answers 400 naming each field.");
  acknowledge(api, 'AwsSolutions-APIG3', 'WAF is left to the operator (it has a monthly cost); abuse is bounded by the per-key and per-IP limiter and the usage-plan throttle, and a web ACL can be attached to the stage without changing the stack.');
  acknowledge(
    api,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    'The account-level role API Gateway uses to write execution logs; this AWS-managed policy is the documented way to grant exactly that.',
  );
}

export function acknowledgeFunctionFindings(fn: IConstruct, role: IConstruct): void {
  acknowledge(fn, 'AwsSolutions-L1', 'The runtime is fixed at nodejs22.x by the design (Node 22 LTS, what the code is built and tested for); moving to a newer runtime is a deliberate upgrade.');
  acknowledge(role, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level permissions, so AWS requires Resource "*" for them.');
}

export function acknowledgeMethodNotAllowed(method: Method): void {
  const reason = 'This ANY method only catches the methods a path does not have: the group function answers 405 with Allow before any data is read, as the local server does without a key.';
  acknowledge(method, 'AwsSolutions-APIG4', reason);
  acknowledge(method, 'AwsSolutions-COG4', reason);
}

export function acknowledgePublicMethod(method: Method): void {
  acknowledge(
    method,
    'AwsSolutions-APIG4',
    'Public by the API contract: the routes outside /v1 (the webhook relay and its provider list) are called by services such as GitHub that cannot hold an API key; the Discord webhook token in the path is the credential, and requests are rate limited per webhook id or per IP.',
  );
}
