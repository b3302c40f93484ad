import { Validations, type Stack } from 'aws-cdk-lib';
import type { Method, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IConstruct } from 'constructs';

/**
 * AwsSolutions (cdk-nag) findings that are deliberate, each acknowledged where it arises with
 * the reason it is right for this service.
 */
const acknowledge = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

export function acknowledgeStackFindings(stack: Stack, api: RestApi): void {
  acknowledge(stack, 'AwsSolutions-COG4', 'Callers are bot developers with API keys, not Cognito users: a Lambda REQUEST authorizer checks each key against its SHA-256 in DynamoDB.');
  acknowledge(api, 'AwsSolutions-APIG2', "Every parameter is validated in the function against the route table's zod schemas, which answer with the API's 400 envelope naming each field; an API Gateway validator would answer in its own format first.");
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
  acknowledge(method, 'AwsSolutions-APIG4', 'This ANY method only answers 405 Method Not Allowed from a mock integration: no backend is reached, and the local server also answers 405 before checking a key.');
  acknowledge(method, 'AwsSolutions-COG4', 'This ANY method only answers 405 Method Not Allowed from a mock integration, without any backend or data.');
}
