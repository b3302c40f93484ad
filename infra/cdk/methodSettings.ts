import { MethodLoggingLevel, type MethodDeploymentOptions } from 'aws-cdk-lib/aws-apigateway';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import type { RouteDefinition } from '../../shared/routes/types';

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/** Path parameters that are secrets: a Discord webhook token lets anyone post to its channel. */
const SECRET_PATH_PARAMETERS = ['token'];

/** A path whose requests carry a secret in their URL. */
export const carriesSecret = (path: string): boolean =>
  SECRET_PATH_PARAMETERS.some((name) => path.includes(`{${name}}`));

/** The stage's own execution logging (errors only, no request or response data). */
export const STAGE_LOGGING: MethodDeploymentOptions = {
  loggingLevel: MethodLoggingLevel.ERROR,
  dataTraceEnabled: false,
  metricsEnabled: true,
};
/** No execution log at all: API Gateway's log lines may name the request's path parameters. */
const NO_EXECUTION_LOG: MethodDeploymentOptions = { ...STAGE_LOGGING, loggingLevel: MethodLoggingLevel.OFF };

const RELAY = webhookRoutes.relayWebhook;
const isRelay = (route: RouteDefinition) => route.method === RELAY.method && route.path === RELAY.path;

/** The throttles of the routes without a key: the relay's (every provider's deliveries), and each other one's. */
export interface PublicThrottles {
  public: Throttle;
  relay: Throttle;
}

/**
 * The stage's method settings, from the route table: every method of a path with a secret in it
 * (its routes and its 405 catch-all) writes no execution log, and every route without a key
 * (which no usage plan bounds) has its own throttle, shared by all its callers. Each entry
 * spells out its logging, so it never depends on what API Gateway copies from the stage.
 */
export function methodSettings(
  routes: readonly RouteDefinition[],
  throttles: PublicThrottles,
): Record<string, MethodDeploymentOptions> {
  const logging = (path: string) => (carriesSecret(path) ? NO_EXECUTION_LOG : STAGE_LOGGING);
  const settings: Record<string, MethodDeploymentOptions> = {};
  for (const path of new Set(routes.map((route) => route.path)))
    if (carriesSecret(path)) settings[`${path}/*`] = NO_EXECUTION_LOG;
  for (const route of routes.filter((r) => r.auth !== 'apiKey')) {
    const throttle = isRelay(route) ? throttles.relay : throttles.public;
    settings[`${route.path}/${route.method}`] = {
      ...logging(route.path),
      throttlingRateLimit: throttle.rateLimit,
      throttlingBurstLimit: throttle.burstLimit,
    };
  }
  return settings;
}
