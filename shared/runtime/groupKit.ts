import type { APIGatewayProxyResult } from 'aws-lambda';
import type { RateLimiter } from '../access/rateLimiter';
import type { ApiContext, ApiMiddleware } from '../http/middleware/types';
import type { RouteDefinition, RouteInput } from '../routes/types';
import type { ApiKeyStore, SessionStore, Stores } from '../store';

/** What a route handler is: its typed input and its group's services in, a proxy result out. */
export type RouteHandler<R extends RouteDefinition, S = unknown> = (
  input: RouteInput<R>,
  context: ApiContext,
  services: S,
) => Promise<APIGatewayProxyResult>;

/** What reads a signed-in dashboard session (`auth: 'session'` routes, the page): the sessions, and the time. */
export interface SessionServices {
  sessions: SessionStore;
  now: () => Date;
}

/**
 * What the middleware chain uses on every route, whatever the group: the request counter, for
 * writes the key store, and for the signed-in dashboard's routes the sessions (signedInSession).
 */
export interface ChainServices extends SessionServices {
  limiter: RateLimiter;
  /** Write routes read the caller's key again (freshKey). */
  apiKeys: ApiKeyStore;
}

/**
 * What one function group builds on its first request, and nothing more: a group that never
 * draws does not carry the image fetcher or the rasteriser, one that keeps no secrets no KMS client.
 */
export interface GroupKit<S> {
  /** The services its handlers get, from the environment and the table's stores. */
  services(stores: Stores): S;
  /** Middleware that shapes a successful answer (the image groups turn SVG into PNG on request). */
  output?: () => ApiMiddleware[];
}

/** A group whose handlers need nothing beyond their input (the documentation). */
export const NO_SERVICES: GroupKit<Record<never, never>> = { services: () => ({}) };
