import {
  MockIntegration,
  PassthroughBehavior,
  ResponseType,
  type IResource,
  type Resource,
  type RestApi,
  AuthorizationType,
} from 'aws-cdk-lib/aws-apigateway';
import { gatewayResponses, type GatewayResponseType } from '../../shared/http/gatewayResponses';
import { acknowledgeMethodNotAllowed } from './nagAcknowledgements';

/**
 * The envelope API Gateway writes itself. Its request time is API Gateway's own
 * (`$context.requestTime`): gateway answers cannot format dates.
 */
const envelope = (code: string, message: string) =>
  `{"success":false,"error":{"code":"${code}","message":${message}},"meta":{"generatedAt":"$context.requestTime","requestId":"$context.requestId"}}`;
const quoted = (text: string) => JSON.stringify(text);

/** The deny carries its message and the caller's rate-limit numbers in the authorizer context. */
const DENY_HEADERS = {
  'X-RateLimit-Limit': 'context.authorizer.rateLimitLimit',
  'X-RateLimit-Remaining': 'context.authorizer.rateLimitRemaining',
  'X-RateLimit-Reset': 'context.authorizer.rateLimitReset',
  'Retry-After': 'context.authorizer.rateLimitRetryAfter',
};

/** Every gateway response of the shared table, answering with our JSON envelope. */
export function addGatewayResponses(api: RestApi): void {
  for (const [type, answer] of Object.entries(gatewayResponses) as [GatewayResponseType, (typeof gatewayResponses)[GatewayResponseType]][]) {
    if (type === 'METHOD_NOT_ALLOWED') continue; // not a gateway response type: see allowOnly()
    const denied = type === 'ACCESS_DENIED';
    api.addGatewayResponse(`Gateway${type}`, {
      type: ResponseType.of(type),
      statusCode: String(answer.status),
      responseHeaders: {
        'Content-Type': "'application/json; charset=utf-8'",
        'X-Request-Id': 'context.requestId',
        ...(denied ? DENY_HEADERS : {}),
      },
      templates: { 'application/json': envelope(answer.code, denied ? '"$context.authorizer.message"' : quoted(answer.message)) },
    });
  }
}

/**
 * A wrong method on a known path: an ANY method (the most specific method wins, so it only
 * catches the others) answers 405 with Allow from a mock integration, before any key check,
 * exactly as the local server does.
 */
export function allowOnly(resource: IResource | Resource, methods: string[]): void {
  const answer = gatewayResponses.METHOD_NOT_ALLOWED;
  const allow = `'${methods.join(', ')}'`;
  const method = resource.addMethod(
    'ANY',
    new MockIntegration({
      passthroughBehavior: PassthroughBehavior.WHEN_NO_MATCH,
      requestTemplates: { 'application/json': '{"statusCode": 405}' },
      integrationResponses: [
        {
          statusCode: '405',
          responseParameters: { 'method.response.header.Allow': allow, 'method.response.header.Content-Type': "'application/json; charset=utf-8'" },
          responseTemplates: { 'application/json': envelope(answer.code, quoted(answer.message)) },
        },
      ],
    }),
    {
      authorizationType: AuthorizationType.NONE,
      methodResponses: [{ statusCode: '405', responseParameters: { 'method.response.header.Allow': true, 'method.response.header.Content-Type': true } }],
    },
  );
  acknowledgeMethodNotAllowed(method);
}
