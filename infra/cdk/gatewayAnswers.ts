import {
  AuthorizationType,
  ContentHandling,
  MockIntegration,
  PassthroughBehavior,
  ResponseType,
  type IResource,
  type RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import {
  allowHeader,
  gatewayMessage,
  gatewayResponses,
  type GatewayAnswer,
  type GatewayResponseType,
} from '../../shared/http/gatewayResponses';
import { acknowledgeMethodNotAllowed, acknowledgeProbe } from './nagAcknowledgements';

/**
 * The envelope API Gateway writes itself. Its request time is API Gateway's own
 * (`$context.requestTime`): gateway answers cannot format dates.
 */
const envelope = (code: string, message: string) =>
  `{"success":false,"error":{"code":"${code}","message":${message}},"meta":{"generatedAt":"$context.` +
  'requestTime","requestId":"$context.requestId"}}';

/** The deny carries its message and the caller's rate-limit numbers in the authorizer context. */
const DENY_HEADERS = {
  'X-RateLimit-Limit': 'context.authorizer.rateLimitLimit',
  'X-RateLimit-Remaining': 'context.authorizer.rateLimitRemaining',
  'X-RateLimit-Reset': 'context.authorizer.rateLimitReset',
  'Retry-After': 'context.authorizer.rateLimitRetryAfter',
};

/**
 * The API's URL as the client called it, as a gateway response template can write it (the stack
 * has no custom domain: the stage is the base path), for the 401s that say where keys come from.
 */
const GATEWAY_BASE = 'https://$context.domainName/$context.stage';

/** Every gateway response of the shared table, answering with our JSON envelope. */
export function addGatewayResponses(api: RestApi): void {
  for (const [type, answer] of Object.entries(gatewayResponses) as [GatewayResponseType, GatewayAnswer][]) {
    const denied = type === 'ACCESS_DENIED';
    api.addGatewayResponse(`Gateway${type}`, {
      type: ResponseType.of(type),
      statusCode: answer.keepsAwsStatus ? undefined : String(answer.status),
      responseHeaders: {
        'Content-Type': "'application/json; charset=utf-8'",
        'X-Request-Id': 'context.requestId',
        ...(denied ? DENY_HEADERS : {}),
        ...(answer.retryAfter ? { 'Retry-After': `'${answer.retryAfter}'` } : {}),
      },
      templates: {
        'application/json': envelope(
          answer.code,
          JSON.stringify(gatewayMessage(answer, GATEWAY_BASE, denied ? '$context.authorizer.message' : undefined)),
        ),
      },
    });
  }
}

/**
 * A mock reads its request as text. The API's binary media types are every type (`*\/*`, so
 * functions get bodies as sent), and a mock given a request API Gateway holds as binary applies no
 * request template: it answers 500 ("Unable to transform request") instead of its status.
 */
const AS_TEXT = { contentHandling: ContentHandling.CONVERT_TO_TEXT };

/**
 * A wrong method on a known path: the path's ANY method (only the others reach it) answers 405 from a
 * mock integration, so no function runs; Allow and the message come from the route table, as locally.
 * The template ignores the body and other content types pass through, so any body gets the same 405.
 */
export function methodNotAllowedMock(resource: IResource, methods: string[]): void {
  const allow = allowHeader(methods);
  const headers = {
    'method.response.header.Content-Type': "'application/json; charset=utf-8'",
    'method.response.header.Allow': `'${allow}'`,
    'method.response.header.X-Request-Id': 'context.requestId',
  };
  const integration = new MockIntegration({
    ...AS_TEXT,
    passthroughBehavior: PassthroughBehavior.WHEN_NO_MATCH,
    requestTemplates: { 'application/json': '{"statusCode": 405}' },
    integrationResponses: [
      {
        statusCode: '405',
        responseParameters: headers,
        responseTemplates: {
          'application/json': envelope(
            'METHOD_NOT_ALLOWED',
            JSON.stringify(`$context.httpMethod is not allowed here; use ${allow}`),
          ),
        },
      },
    ],
  });
  const method = resource.addMethod('ANY', integration, {
    authorizationType: AuthorizationType.NONE,
    methodResponses: [
      { statusCode: '405', responseParameters: Object.fromEntries(Object.keys(headers).map((name) => [name, true])) },
    ],
  });
  acknowledgeMethodNotAllowed(method);
}

/**
 * HEAD on a probed route's path (`probe` in the route table): 200
 * with no body, from a mock, as the local gateway answers it.
 */
export function probeMock(resource: IResource): void {
  const integration = new MockIntegration({
    ...AS_TEXT,
    requestTemplates: { 'application/json': '{"statusCode": 200}' },
    integrationResponses: [
      { statusCode: '200', responseParameters: { 'method.response.header.X-Request-Id': 'context.requestId' } },
    ],
  });
  const method = resource.addMethod('HEAD', integration, {
    authorizationType: AuthorizationType.NONE,
    methodResponses: [{ statusCode: '200', responseParameters: { 'method.response.header.X-Request-Id': true } }],
  });
  acknowledgeProbe(method);
}
