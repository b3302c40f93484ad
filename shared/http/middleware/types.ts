import type middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ImageFormat } from '../../routes/schemas/imageOutput';

/**
 * A signed-in dashboard browser as a request carries it: the HTTP layer's own view, which the
 * store's session record (shared/store/sessions.ts SignedIn) satisfies, so this layer depends on
 * no store type.
 */
export interface RequestSession {
  /** The account: a Discord user id (or, on the local server, a local name). */
  accountId: string;
  /** What the dashboard calls the account. */
  accountName: string;
  /** The value every state-changing request must echo in X-CSRF-Token. */
  csrfToken: string;
  /** The SHA-256 of the cookie's id: the session's key. */
  idHash: string;
}

/** The Lambda context as our middlewares enrich it before the handler runs. */
export interface ApiContext extends Context {
  requestId: string;
  /** Parsed path/query/body, set by the validator. */
  input: unknown;
  /** The authenticated key id, when the route is behind the authorizer. */
  keyId?: string;
  /** The account that key belongs to (its owner): what owns bots. */
  account?: string;
  /** The quota line the key's requests are counted on, when it holds one of its owner's slot indexes (quotaLineOf). */
  quotaLine?: string;
  /** The signed-in dashboard session of an `auth: 'session'` route, checked before its input is read. */
  session?: RequestSession;
  /** X-RateLimit-* of this request's count, once counted. */
  rateHeaders?: Record<string, string>;
  /** The `format` an image route was asked for, if any (else Accept decides). */
  imageFormat?: ImageFormat;
  /**
   * What an image route will answer, `format` or Accept having
   * decided, known before drawing (pictures are sized for it).
   */
  outputFormat?: ImageFormat;
}

export type ApiRequest = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;
export type ApiMiddleware = middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;

/** Adds headers to the response if there is one yet, else to the error that will become it. */
export function addHeaders(request: ApiRequest, headers: Record<string, string>): void {
  // Anything may be thrown; a string or number cannot carry headers, so it is wrapped first.
  if (!request.response && request.error !== null && typeof request.error !== 'object') {
    request.error = new Error(String(request.error));
  }
  const target = request.response ?? (request.error as { headers?: Record<string, string> } | null);
  if (!target) return;
  target.headers = { ...(target.headers ?? {}), ...headers };
}
