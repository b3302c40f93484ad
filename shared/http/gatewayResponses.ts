import { errorBody } from './envelope';
import type { ErrorCode } from '../errors/apiError';
import { UNAVAILABLE_RETRY_AFTER } from '../errors/unavailable';
import { SITE_PAGES } from '../html/siteHeader';

/**
 * How every 401 for a missing or refused key ends: where keys come from. `base` is the API's URL
 * up to its own paths, as the client called it (apiBaseUrl), so the link works as it is.
 */
export const whereKeysComeFrom = (message: string, base: string) =>
  `${message}; get a key at ${base}${SITE_PAGES.dashboard.path}`;

export interface GatewayAnswer {
  status: number;
  code: ErrorCode;
  message: string;
  /** Seconds to wait: a static Retry-After on the answer. */
  retryAfter?: number;
  /**
   * The DEFAULT_* catch-alls keep each response type's own status in AWS: setting a status on
   * DEFAULT_4XX would change it for every 4XX type beneath. `status` is then only what the local
   * server answers when it produces one (a function that crashed: 502, as in AWS).
   */
  keepsAwsStatus?: boolean;
  /** A refused key: the message goes on to say where keys come from (whereKeysComeFrom). */
  namesKeys?: boolean;
}

/**
 * An answer's message (`message`: the authorizer's, for its deny), for a client that called the
 * API at `base` (apiBaseUrl): a refused key's goes on to say where keys come from.
 */
export const gatewayMessage = (answer: GatewayAnswer, base: string, message = answer.message) =>
  answer.namesKeys ? whereKeysComeFrom(message, base) : message;

/**
 * Answers API Gateway gives by itself, before or instead of a function: the CDK stack makes each a
 * gateway response with our envelope, and the local server answers alike. An unknown route is a 404
 * here (AWS's MISSING_AUTHENTICATION_TOKEN, a 403); docs/design.md says when each type is given.
 */
export const gatewayResponses = {
  ACCESS_DENIED: { status: 401, code: 'UNAUTHORIZED', message: 'Invalid API key', namesKeys: true },
  UNAUTHORIZED: {
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'Missing API key: send Authorization: Bearer <API_KEY>',
    namesKeys: true,
  },
  INVALID_API_KEY: { status: 401, code: 'UNAUTHORIZED', message: 'Invalid or revoked API key', namesKeys: true },
  MISSING_AUTHENTICATION_TOKEN: { status: 404, code: 'NOT_FOUND', message: 'No such route' },
  RESOURCE_NOT_FOUND: { status: 404, code: 'NOT_FOUND', message: 'No such resource' },
  REQUEST_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type' },
  BAD_REQUEST_BODY: { status: 400, code: 'INVALID_BODY', message: 'Request body is not valid' },
  BAD_REQUEST_PARAMETERS: { status: 400, code: 'INVALID_PARAMETER', message: 'Request parameters are not valid' },
  THROTTLED: { status: 429, code: 'RATE_LIMITED', message: 'Too many requests' },
  QUOTA_EXCEEDED: { status: 429, code: 'RATE_LIMITED', message: 'Quota exceeded' },
  AUTHORIZER_FAILURE: {
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'Authorization is temporarily unavailable; retry shortly',
    retryAfter: UNAVAILABLE_RETRY_AFTER,
  },
  AUTHORIZER_CONFIGURATION_ERROR: {
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'Authorization is temporarily unavailable; retry shortly',
    retryAfter: UNAVAILABLE_RETRY_AFTER,
  },
  DEFAULT_4XX: { status: 403, code: 'FORBIDDEN', message: 'Request refused', keepsAwsStatus: true },
  DEFAULT_5XX: { status: 502, code: 'UPSTREAM_ERROR', message: 'The service failed to answer', keepsAwsStatus: true },
} as const satisfies Record<string, GatewayAnswer>;

export type GatewayResponseType = keyof typeof gatewayResponses;

/** The methods a path has, as the Allow header lists them: once each, sorted, whatever order they came in. */
export const allowHeader = (methods: Iterable<string>): string => [...new Set(methods)].sort().join(', ');

/**
 * A known path asked with a method it does not have: the same answer from every gateway, the
 * local one and a group function behind an ANY method, however each collected the path's methods.
 */
export function methodNotAllowed(method: string, methods: Iterable<string>, requestId: string) {
  const allow = allowHeader(methods);
  return {
    statusCode: 405,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Allow: allow, 'X-Request-Id': requestId },
    body: errorBody('METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${allow}`, requestId),
  };
}
