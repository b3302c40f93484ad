import { limiterFromEnv } from '../access/rateLimiter';
import { errorBody } from '../http/envelope';
import { logger } from '../logging/logger';
import type { RouteDefinition } from '../routes/types';
import { createStores } from '../store';
import type { ChainServices, GroupKit, RouteHandler } from './groupKit';
import { withMiddleware, type LambdaHandler } from './middlewareChain';

/** One handler per route of a group's table, typed by its route. */
export type GroupHandlers<T extends GroupRoutes, S> = { [K in keyof T]: RouteHandler<T[K], S> };

/** A function group's part of the route table (shared/routes/groups/<group>.ts). */
export type GroupRoutes = Record<string, RouteDefinition>;

/**
 * Services handed in whole (tests: stores whose DynamoDB client they control) instead of built from the environment.
 */
export type GivenServices<S> = ChainServices & S;

/**
 * The entry point of one function group: API Gateway tells which resource and method matched,
 * and the group dispatches to that route's wrapped handler.
 */
export function groupHandler<T extends GroupRoutes, S>(
  routes: T,
  handlers: GroupHandlers<T, S>,
  kit: GroupKit<S>,
  given?: GivenServices<S>,
): LambdaHandler {
  const entries = Object.entries(routes).map(
    ([id, route]) => [route, handlers[id] as RouteHandler<RouteDefinition, S>, id] as const,
  );
  const groups = [...new Set(entries.map(([route]) => route.group))];
  if (groups.length !== 1)
    throw new Error(`a function serves the routes of one group, not ${groups.join(', ') || 'none'}`);
  const group = groups[0];
  // Services are built on the first request, not on import: importing a group (the local server,
  // the tests) reads no environment and opens no client.
  let byRoute: Map<string, LambdaHandler> | undefined;
  const wrapped = () => {
    if (!byRoute) {
      const { chain, services } = given ? { chain: given, services: given } : fromEnv(kit);
      const output = kit.output?.() ?? [];
      byRoute = new Map(
        entries.map(([route, handler, id]) => [
          `${route.method} ${route.path}`,
          withMiddleware(route, handler, chain, services, output, id),
        ]),
      );
    }
    return byRoute;
  };
  const served = new Set(entries.map(([route]) => `${route.method} ${route.path}`));
  return async (event, context) => {
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    const key = `${event.httpMethod} ${event.resource}`;
    if (served.has(key)) {
      let handlers: Map<string, LambdaHandler>;
      try {
        handlers = wrapped();
      } catch (error) {
        // A misconfigured function (its environment) still answers with the envelope, and says so in its log.
        logger.error('the function could not build its services', { error: error as Error });
        return {
          statusCode: 500,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: errorBody('INTERNAL_ERROR', 'The function is misconfigured', requestId),
        };
      }
      return (handlers.get(key) as LambdaHandler)(event, context);
    }
    // Nothing else is routed here: a path's other methods are answered 405 by the gateway (a mock in AWS).
    return {
      statusCode: 404,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: errorBody('NOT_FOUND', `No route ${event.httpMethod} ${event.resource} in group ${group}`, requestId),
    };
  };
}

/** Built once per Lambda instance (cold start), from the environment: one table client for all. */
function fromEnv<S>(kit: GroupKit<S>): { chain: ChainServices; services: S } {
  const stores = createStores();
  const chain = {
    limiter: limiterFromEnv(stores.rateCounters),
    apiKeys: stores.apiKeys,
    sessions: stores.sessions,
    now: () => new Date(),
  };
  return { chain, services: kit.services(stores) };
}
