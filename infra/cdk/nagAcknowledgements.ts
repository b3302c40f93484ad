import { Validations } from 'aws-cdk-lib';
import type { Method, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IConstruct } from 'constructs';
import type { RouteDefinition } from '../../shared/routes/types';

/**
 * AwsSolutions (cdk-nag) findings that are deliberate, each acknowledged where it arises with
 * the reason it is right for this service.
 */
export const acknowledge = (scope: IConstruct, id: string, reason: string) =>
  Validations.of(scope).acknowledge({ id, reason });

export function acknowledgeStackFindings(api: RestApi, { webAcl }: { webAcl: boolean }): void {
  acknowledge(
    api,
    'AwsSolutions-COG4',
    'The methods of the /v1 routes are called by bot developers with API keys, not Cognito users: a Lambda ' +
      'REQUEST authorizer checks each key against its SHA-256 in DynamoDB. The methods without a key (the public ' +
      "routes outside /v1, each path's 405 catch-all) carry their own acknowledgement.",
  );
  acknowledge(
    api,
    'AwsSolutions-APIG2',
    "Parameters are validated in the function against the route table's zod schemas (ranges, lengths, URL and " +
      "colour rules, label-or-URL), which API Gateway's request validator cannot express; the function answers " +
      '400 naming each field.',
  );
  if (!webAcl) {
    acknowledge(
      api,
      'AwsSolutions-APIG3',
      "The web ACL is the operator's choice (-c waf=true adds a rate-based one; it has a monthly cost). " +
        "Without it, every method is bounded by the stage throttle and each function's reserved concurrency " +
        '(reservedConcurrency, when set); the methods of the /v1 routes also by the usage-plan throttle ' +
        "per key and the functions' per-key limiter; the public routes outside /v1 by their own method throttle " +
        "and the functions' limiter, per source IP or per webhook id; each path's ANY (405) method is a mock " +
        'integration that runs no function and touches no data.',
    );
  }
  acknowledge(
    api,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    'The account-level role API Gateway uses to write execution logs; this AWS-managed policy is the ' +
      'documented way to grant exactly that.',
  );
}

export function acknowledgeFunctionFindings(fn: IConstruct, role: IConstruct): void {
  acknowledge(
    fn,
    'AwsSolutions-L1',
    'The runtime is fixed at nodejs22.x by the design (Node 22 LTS, what the code is built and tested for); ' +
      'moving to a newer runtime is a deliberate upgrade.',
  );
  acknowledge(
    role,
    'AwsSolutions-IAM5[Resource::*]',
    'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level ' +
      'permissions, so AWS requires Resource "*" for them.',
  );
}

/** A path's ANY method: it only ever answers 405. */
export function acknowledgeMethodNotAllowed(method: Method): void {
  acknowledgeKeyless(
    method,
    'This ANY method only catches the methods a path does not have: a mock integration answers 405 with Allow ' +
      'from the route table; no function runs and no data is read or written, as the local server does without a ' +
      'key.',
  );
}

/** A probed path's HEAD method: it only ever answers 200 with no body. */
export function acknowledgeProbe(method: Method): void {
  acknowledgeKeyless(
    method,
    'This HEAD method answers the check some providers (Trello) make before they register a webhook URL: a ' +
      'mock integration answers 200 with no body; no function runs and no data is read or written, as the local ' +
      'server does.',
  );
}

/**
 * A route without a key (auth 'none' or 'session'): public by design, counted
 * per source IP, per signed-in account or per its rateLimitBy parameter.
 */
export function acknowledgePublicMethod(method: Method, route: RouteDefinition): void {
  const by = route.rateLimitBy;
  const hashed = by?.hashedParameter ? ` and the hash of {${by.hashedParameter}}` : '';
  const counted = by
    ? `per ${by.prefix} ({${by.pathParameter}}${hashed} in the path; per source IP when it is malformed)`
    : route.auth === 'session'
      ? 'per signed-in account (per source IP without a live session or its CSRF token)'
      : 'per source IP';
  const who =
    route.auth === 'session'
      ? "The dashboard's API: its caller is a browser signed in with Discord (OAuth2), and the function refuses " +
        "any request without a live session cookie (and, on writes, the session's CSRF token) before reading its " +
        'input; an API key cannot be asked for, since these routes are where keys are made.'
      : 'Public by the API contract: only the /v1 routes take an API key; the routes outside /v1 serve callers ' +
        'that hold neither a key nor a Cognito login, such as webhook providers.';
  acknowledgeKeyless(
    method,
    `${who} The function counts every ${route.method} ${route.path} request ${counted} before its handler runs.`,
  );
}

/** A method without a key answers to neither an authorizer (APIG4) nor Cognito (COG4), for one reason. */
function acknowledgeKeyless(method: Method, reason: string): void {
  acknowledge(method, 'AwsSolutions-APIG4', reason);
  acknowledge(method, 'AwsSolutions-COG4', reason);
}

/** The dashboard's Discord client secret, and its management of API keys. */
export function acknowledgeDashboardFindings(
  secret: IConstruct,
  keyManagement: IConstruct,
  usagePlanLogicalId: string,
): void {
  acknowledge(
    secret,
    'AwsSolutions-SMG4',
    "The secret is the Discord application's client secret, issued by Discord: it can only be rotated in " +
      "Discord's developer portal (Reset Secret), not by a rotation Lambda; the README says how to put a new one.",
  );
  const keys =
    'API keys get their ids from API Gateway when created, so the keys the dashboard revokes (disable, take ' +
    'out of the plan) can only be named by pattern; the statements are limited to the API key and ' +
    "usage-plan-key resources of this region, and the plan is this API's own.";
  acknowledge(
    keyManagement,
    'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/apikeys/*]',
    keys,
  );
  acknowledge(
    keyManagement,
    'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/usageplans/' +
      `<${usagePlanLogicalId}>/keys/*]`,
    keys,
  );
}
