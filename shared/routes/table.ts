import { docsRoutes } from './groups/docs';
import { rankCardRoutes } from './groups/rankCard';
import { filterRoutes } from './groups/filters';
import { generatorRoutes } from './groups/generators';
import { overlayRoutes } from './groups/overlays';
import { botRoutes } from './groups/bots';
import { webhookRoutes } from './groups/webhooks';
import { dashboardRoutes } from './groups/dashboard';
import type { RouteDefinition, RouteSchemas } from './types';

/**
 * The route table: the single source of truth for the CDK stack, the local server, the OpenAPI
 * document and the tests. Each function group's routes are in groups/<group>.ts, so its bundle
 * carries only its own routes and schemas. Adding an endpoint = one entry there + one handler in its group.
 */
export const routes = {
  ...docsRoutes,
  ...rankCardRoutes,
  ...filterRoutes,
  ...generatorRoutes,
  ...overlayRoutes,
  ...botRoutes,
  ...webhookRoutes,
  ...dashboardRoutes,
};

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type RouteEntry = RouteDefinition<RouteSchemas, FunctionGroup> & { id: RouteId };

export const routeList: RouteEntry[] = Object.entries(routes).map(([id, route]) => ({ ...route, id: id as RouteId }));

/**
 * The function groups, as the routes name them: each has a folder
 * functions/<group>/ (one Lambda; the authorizer is apart).
 */
export type FunctionGroup = Routes[RouteId]['group'];

/** Route ids served by one function group. */
export type GroupRouteId<G extends FunctionGroup> = {
  [K in RouteId]: Routes[K]['group'] extends G ? K : never;
}[RouteId];

/** The methods a path answers (its 405s' Allow): its routes', and HEAD where a route there takes probes. */
export function methodsOn(path: string, entries: readonly RouteDefinition[] = routeList): string[] {
  const onPath = entries.filter((route) => route.path === path);
  return [...onPath.map((route) => route.method), ...(onPath.some((route) => route.probe) ? ['HEAD'] : [])];
}
