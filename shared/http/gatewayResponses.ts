import type { ErrorCode } from './errors';

/**
 * Answers API Gateway gives by itself, before or instead of a function. The CDK stack turns each
 * into a gateway response with our JSON envelope; the local server answers the same way.
 * ACCESS_DENIED is the authorizer's deny: a 401 whose message and rate-limit headers come from the
 * authorizer's context. API Gateway calls an unknown route MISSING_AUTHENTICATION_TOKEN (403); it is
 * a 404 here. 405 is not a gateway response type: the stack answers it from a mock integration.
 */
export const gatewayResponses = {
  ACCESS_DENIED: { status: 401, code: 'UNAUTHORIZED', message: 'Invalid API key' },
  UNAUTHORIZED: { status: 401, code: 'UNAUTHORIZED', message: 'Missing API key: send Authorization: Bearer <API_KEY>' },
  MISSING_AUTHENTICATION_TOKEN: { status: 404, code: 'NOT_FOUND', message: 'No such route' },
  METHOD_NOT_ALLOWED: { status: 405, code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed on this route' },
  REQUEST_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
  BAD_REQUEST_BODY: { status: 400, code: 'INVALID_BODY', message: 'Request body is not valid' },
  BAD_REQUEST_PARAMETERS: { status: 400, code: 'INVALID_PARAMETER', message: 'Request parameters are not valid' },
  THROTTLED: { status: 429, code: 'RATE_LIMITED', message: 'Too many requests' },
  QUOTA_EXCEEDED: { status: 429, code: 'RATE_LIMITED', message: 'Quota exceeded' },
  AUTHORIZER_FAILURE: { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Authorization is temporarily unavailable; retry shortly' },
  DEFAULT_4XX: { status: 400, code: 'INVALID_PARAMETER', message: 'Bad request' },
  DEFAULT_5XX: { status: 502, code: 'UPSTREAM_ERROR', message: 'The service failed to answer' },
} as const satisfies Record<string, { status: number; code: ErrorCode; message: string }>;

export type GatewayResponseType = keyof typeof gatewayResponses;
