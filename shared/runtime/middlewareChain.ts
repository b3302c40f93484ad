import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { logger } from '../logging/logger';
import { functionBudgetMs, withinRequestBudget } from '../aws/requestBudget';
import { conditionalGet } from '../http/middleware/conditionalGet';
import { errorEnvelope } from '../http/middleware/errorEnvelope';
import { requestContext } from '../http/middleware/requestContext';
import type { ApiContext, ApiMiddleware } from '../http/middleware/types';
import { validate } from '../http/middleware/validate';
import type { RouteDefinition, RouteInput } from '../routes/types';
import { freshKey } from './freshKey';
import type { ChainServices, RouteHandler } from './groupKit';
import { rateLimit } from './rateLimit';
import { signedInSession } from './signedIn';
import { requestMetrics } from './requestMetrics';
import { API_METRICS, timed } from '../observability/metrics';
import { traced } from '../observability/tracing';

export type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Wraps a route's handler in the middleware every function shares. The order matters:
 * `before` runs top-down (normalise, identify, count, check the caller, validate), `after`/`onError` bottom-up,
 * so the envelope is built before http-error-handler writes it, and headers are added last.
 * `output` (the image groups' PNG conversion) runs first on the way out, after conditionalGet.
 */
export function withMiddleware<R extends RouteDefinition, S>(
  route: R,
  handler: RouteHandler<R, S>,
  chain: ChainServices,
  services: S,
  output: ApiMiddleware[] = [],
  routeId = `${route.method} ${route.path}`,
): LambdaHandler {
  const session = route.auth === 'session' ? signedInSession(route, chain) : undefined;
  const wrapped = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>()
    .use(httpHeaderNormalizer())
    // Never the whole event, whatever POWERTOOLS_LOGGER_LOG_EVENT says: its path can hold a Discord webhook token.
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    // Ahead of the error handler: the request is counted by the status it is answered with.
    .use(requestMetrics(routeId, route.group))
    .use(requestContext())
    .use(httpErrorHandler({ logger: false }))
    .use(errorEnvelope(route.answers))
    // A signed-in route's session is read before the count, so the count is the account's (people
    // behind one address do not share a quota); a request it refuses goes on to be counted per IP.
    .use(session ? [session.check] : [])
    // The one count of every request: 429 over the quota, whatever the session check found.
    .use(rateLimit(chain.limiter, route.rateLimitBy))
    .use(route.auth === 'apiKey' && route.method !== 'GET' ? [freshKey(chain.apiKeys)] : [])
    // Counted, the session check's refusal (401, 403, or its store's 503) is answered; before
    // validate: a caller without a session (or its CSRF token) learns nothing of the input's rules.
    .use(session ? [session.refuse] : [])
    .use(validate(route))
    .use(conditionalGet())
    .use(output)
    .handler((_event, context) => {
      const run = () => handler(context.input as RouteInput<R>, context, services);
      return route.response === 'svg'
        ? traced('draw', () => timed(API_METRICS.renderTime, { route: routeId }, run))
        : run();
    }) as unknown as LambdaHandler;
  // One budget for every AWS call of the request (the session read,
  // the count, the route's own), so a slow or stalled store is a
  // 503 within 3 s: what the request has left once the authorizer and a
  // cold start are done (in AWS), or the local gateway's running one.
  return (event, context) =>
    withinRequestBudget(() => wrapped(event, context), functionBudgetMs(event.requestContext?.requestTimeEpoch));
}
