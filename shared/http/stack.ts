import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { limiterFromEnv, type RateLimiter } from '../access/rateLimiter';
import { imageFetcherFromEnv, type ImageFetcher } from '../images/imageFetcher';
import { routes, type GroupRouteId, type RouteId, type Routes } from '../routes/table';
import type { FunctionGroup, RouteDefinition, RouteInput } from '../routes/types';
import { secretBoxFromEnv, type SecretBox } from '../crypto/secretBox';
import { discordApiBaseFromEnv } from '../discord/poster';
import { pairGuardOver, type PairGuard } from '../webhooks/pairGuard';
import { createStores, type ApiKeyStore, type BotStore, type DeliveryLog, type WebhookSecretStore } from '../store';
import { errorBody } from './envelope';
import { logger } from './logger';
import { conditionalGet } from './middleware/conditionalGet';
import { errorEnvelope } from './middleware/errorEnvelope';
import { freshKey } from './middleware/freshKey';
import { imageOutput } from './middleware/imageOutput';
import { rateLimit } from './middleware/rateLimit';
import { requestContext } from './middleware/requestContext';
import type { ApiContext } from './middleware/types';
import { validate } from './middleware/validate';

/** What a route handler is: its typed input (and the instance's services) in, a proxy result out. */
export type RouteHandler<R extends RouteDefinition> = (input: RouteInput<R>, context: ApiContext, deps: StackDeps) => Promise<APIGatewayProxyResult>;

export type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface StackDeps {
  limiter: RateLimiter;
  /** Write routes read the caller's key again (freshKey). */
  apiKeys: ApiKeyStore;
  images: ImageFetcher;
  bots: BotStore;
  deliveries: DeliveryLog;
  webhookSecrets: WebhookSecretStore;
  /** Seals webhook signing secrets and the Discord tokens of deliveries kept for a replay. */
  secretBox: SecretBox;
  /** Which webhook ids and tokens the relay may try on Discord (remembered verdicts, per-address quota, brake). */
  pairGuard: PairGuard;
  /** DISCORD_API_BASE: where Discord webhooks are posted (tests: a fake Discord on 127.0.0.1). */
  discordApiBase: string;
  /** A bot is online when its last heartbeat is at most this old (BOT_ONLINE_WINDOW_SECONDS). */
  onlineWindowSeconds: number;
  now: () => Date;
}

/** Built once per Lambda instance (cold start), from the environment. */
export function depsFromEnv(): StackDeps {
  const stores = createStores();
  const now = () => new Date();
  const onlineWindowSeconds = Number(process.env.BOT_ONLINE_WINDOW_SECONDS || 120);
  if (!(onlineWindowSeconds > 0)) throw new Error(`BOT_ONLINE_WINDOW_SECONDS must be a positive number, got ${process.env.BOT_ONLINE_WINDOW_SECONDS}`);
  return {
    limiter: limiterFromEnv(stores.rateCounters),
    apiKeys: stores.apiKeys,
    images: imageFetcherFromEnv((entry) => logger.warn('picture refused', { ...entry })),
    bots: stores.bots,
    deliveries: stores.deliveries,
    webhookSecrets: stores.webhookSecrets,
    secretBox: secretBoxFromEnv(),
    pairGuard: pairGuardOver(stores, now),
    discordApiBase: discordApiBaseFromEnv(),
    onlineWindowSeconds,
    now,
  };
}

/**
 * Wraps a route's handler in the middleware stack every function shares. The order matters:
 * `before` runs top-down (normalise, identify, count, validate), `after`/`onError` bottom-up,
 * so the envelope is built before http-error-handler writes it, and headers are added last.
 */
export function withMiddleware<R extends RouteDefinition>(route: R, handler: RouteHandler<R>, deps: StackDeps): LambdaHandler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>()
    .use(httpHeaderNormalizer())
    // Never the whole event, whatever POWERTOOLS_LOGGER_LOG_EVENT says: its path can hold a Discord webhook token.
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(requestContext())
    .use(httpErrorHandler({ logger: false }))
    .use(errorEnvelope(route.answers))
    .use(rateLimit(deps.limiter, route.rateLimitBy))
    .use(route.auth === 'apiKey' && route.method !== 'GET' ? [freshKey(deps.apiKeys)] : [])
    .use(validate(route))
    .use(conditionalGet())
    .use(imageOutput())
    .handler((_event, context) => handler(context.input as RouteInput<R>, context, deps)) as unknown as LambdaHandler;
}

export type GroupHandlers<G extends FunctionGroup> = { [K in GroupRouteId<G>]: RouteHandler<Routes[K]> };

/**
 * The entry point of one function group: API Gateway tells which resource and method matched,
 * and the group dispatches to that route's wrapped handler.
 */
export function groupHandler<G extends FunctionGroup>(group: G, handlers: GroupHandlers<G>, deps?: StackDeps): LambdaHandler {
  const entries = Object.entries(handlers) as [RouteId, RouteHandler<RouteDefinition>][];
  for (const [id] of entries) {
    if (routes[id].group !== group) throw new Error(`route ${id} belongs to ${routes[id].group}, not ${group}`);
  }
  // Services are built on the first request, not on import: the docs function imports the image
  // groups' handlers without running their functions.
  let byRoute: Map<string, LambdaHandler> | undefined;
  const wrapped = () => {
    if (!byRoute) {
      const services = deps ?? depsFromEnv();
      byRoute = new Map(entries.map(([id, handler]) => [`${routes[id].method} ${routes[id].path}`, withMiddleware(routes[id] as RouteDefinition, handler, services)]));
    }
    return byRoute;
  };
  const served = new Set(entries.map(([id]) => `${routes[id].method} ${routes[id].path}`));
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
        return { statusCode: 500, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: errorBody('INTERNAL_ERROR', 'The function is misconfigured', requestId) };
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
