import { AuthorizationType, LambdaIntegration, ResponseType, type IResource, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { gatewayResponses, type GatewayAnswer, type GatewayResponseType } from '../../shared/http/gatewayResponses';
import { acknowledgeMethodNotAllowed } from './nagAcknowledgements';

/**
 * The envelope API Gateway writes itself. Its request time is API Gateway's own
 * (`$context.requestTime`): gateway answers cannot format dates.
 */
const envelope = (code: string, message: string) =>
  `{"success":false,"error":{"code":"${code}","message":${message}},"meta":{"generatedAt":"$context.requestTime","requestId":"$context.requestId"}}`;

/** The deny carries its message and the caller's rate-limit numbers in the authorizer context. */
const DENY_HEADERS = {
  'X-RateLimit-Limit': 'context.authorizer.rateLimitLimit',
  'X-RateLimit-Remaining': 'context.authorizer.rateLimitRemaining',
  'X-RateLimit-Reset': 'context.authorizer.rateLimitReset',
  'Retry-After': 'context.authorizer.rateLimitRetryAfter',
};

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
      templates: { 'application/json': envelope(answer.code, denied ? '"$context.authorizer.message"' : JSON.stringify(answer.message)) },
    });
  }
}

/**
 * A wrong method on a known path: the path's ANY method (the most specific method wins, so it
 * only catches the others) reaches the group function without a key, and the group answers 405
 * with Allow as the local gateway does. A function, not a mock, so any body or content type is
 * fine.
 */
export function methodNotAllowedVia(resource: IResource, fn: IFunction): void {
  const method = resource.addMethod('ANY', new LambdaIntegration(fn, { allowTestInvoke: false }), { authorizationType: AuthorizationType.NONE });
  acknowledgeMethodNotAllowed(method);
}
