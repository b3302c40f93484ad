import { changeMyMindQuery } from './schemas/generators';
import { jailQuery } from './schemas/overlays';
import { rankCardQuery } from './schemas/rankCard';
import { defineRoute, type FunctionGroup, type RouteDefinition } from './types';

/**
 * The route table: the single source of truth for the CDK stack, the local server, the OpenAPI
 * document and the tests. Adding an endpoint = one entry here + one handler in its group.
 */
export const routes = {
  rankCard: defineRoute({
    method: 'GET',
    path: '/v1/images/rank-card',
    group: 'rank-card',
    auth: 'apiKey',
    response: 'svg',
    summary: 'A rank card with level, XP progress, rank, avatar and presence',
    schemas: { query: rankCardQuery },
  }),
  changeMyMind: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/changemymind',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The "change my mind" meme: a person at a table with your text on the sign',
    schemas: { query: changeMyMindQuery },
  }),
  jail: defineRoute({
    method: 'GET',
    path: '/v1/images/overlays/jail',
    group: 'overlays',
    auth: 'apiKey',
    response: 'svg',
    summary: 'A picture behind jail bars, scaled to the requested size',
    schemas: { query: jailQuery },
  }),
};

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type RouteEntry = RouteDefinition & { id: RouteId };

export const routeList: RouteEntry[] = Object.entries(routes).map(([id, route]) => ({ ...route, id: id as RouteId }));

/** Route ids served by one function group. */
export type GroupRouteId<G extends FunctionGroup> = { [K in RouteId]: Routes[K]['group'] extends G ? K : never }[RouteId];
