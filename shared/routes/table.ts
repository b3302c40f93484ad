import { contrastQuery, hueRotateQuery, pixelateQuery, saturateQuery } from './schemas/filters';
import { changeMyMindQuery, distractedQuery, pictureOnlyQuery } from './schemas/generators';
import { jailQuery, prideQuery, ripQuery } from './schemas/overlays';
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
  contrast: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/contrast',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture with its contrast changed (`amount` 0..5, 1 = unchanged)',
    schemas: { query: contrastQuery },
  }),
  hueRotate: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/hue-rotate',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture with its hues rotated by `degrees`',
    schemas: { query: hueRotateQuery },
  }),
  pixelate: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/pixelate',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture pixelated into flat blocks of `size` pixels',
    schemas: { query: pixelateQuery },
  }),
  saturate: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/saturate',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture with its saturation changed (`amount` 0..10, 0 = grey)',
    schemas: { query: saturateQuery },
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
  deleteDialog: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/delete',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The "delete this?" dialog with the picture as the file',
    schemas: { query: pictureOnlyQuery },
  }),
  trash: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/trash',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture thrown into a bin',
    schemas: { query: pictureOnlyQuery },
  }),
  distracted: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/distracted',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The distracted boyfriend; each of `boyfriend`, `girlfriend`, `other` is a label or a picture URL',
    schemas: { query: distractedQuery },
  }),
  gay: defineRoute({
    method: 'GET',
    path: '/v1/images/overlays/gay',
    group: 'overlays',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The pride flag over the picture, with `opacity` 0..1',
    schemas: { query: prideQuery },
  }),
  rip: defineRoute({
    method: 'GET',
    path: '/v1/images/overlays/rip',
    group: 'overlays',
    auth: 'apiKey',
    response: 'svg',
    summary: 'A gravestone with the picture and an optional epitaph',
    schemas: { query: ripQuery },
  }),
};

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type RouteEntry = RouteDefinition & { id: RouteId };

export const routeList: RouteEntry[] = Object.entries(routes).map(([id, route]) => ({ ...route, id: id as RouteId }));

/** Route ids served by one function group. */
export type GroupRouteId<G extends FunctionGroup> = { [K in RouteId]: Routes[K]['group'] extends G ? K : never }[RouteId];
