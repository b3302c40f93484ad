import { botPath, commandsBody, listBotsQuery, registerBotBody, statsBody } from './schemas/bots';
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
  listBots: defineRoute({
    method: 'GET',
    path: '/v1/bots',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Public bots, by name or guild count, optionally by tag, a page at a time',
    schemas: { query: listBotsQuery },
  }),
  getBot: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'A bot: profile, latest stats and whether it is online',
    schemas: { path: botPath },
  }),
  getBotCommands: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}/commands',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'The commands of a bot, grouped by category',
    schemas: { path: botPath },
  }),
  getBotStats: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}/stats',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'The latest stats of a bot and its last 24 hourly points',
    schemas: { path: botPath },
  }),
  getBotStatus: defineRoute({
    method: 'GET',
    path: '/v1/bots/{clientId}/status',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Whether a bot is online, when it was last seen, its uptime over the kept history',
    schemas: { path: botPath },
  }),
  registerBot: defineRoute({
    method: 'PUT',
    path: '/v1/bots/{clientId}',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Register a bot (the first key to do so owns it) or replace its profile',
    schemas: { path: botPath, body: registerBotBody },
    maxBodyBytes: 8 * 1024,
  }),
  postBotStats: defineRoute({
    method: 'POST',
    path: '/v1/bots/{clientId}/stats',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Heartbeat: the current stats of a bot',
    schemas: { path: botPath, body: statsBody },
    maxBodyBytes: 2 * 1024,
  }),
  putBotCommands: defineRoute({
    method: 'PUT',
    path: '/v1/bots/{clientId}/commands',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Replace the command list of a bot',
    schemas: { path: botPath, body: commandsBody },
    maxBodyBytes: 256 * 1024,
  }),
  deleteBot: defineRoute({
    method: 'DELETE',
    path: '/v1/bots/{clientId}',
    group: 'bots',
    auth: 'apiKey',
    response: 'json',
    summary: 'Remove a bot and all its records',
    schemas: { path: botPath },
  }),
};

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type RouteEntry = RouteDefinition & { id: RouteId };

export const routeList: RouteEntry[] = Object.entries(routes).map(([id, route]) => ({ ...route, id: id as RouteId }));

/** Route ids served by one function group. */
export type GroupRouteId<G extends FunctionGroup> = { [K in RouteId]: Routes[K]['group'] extends G ? K : never }[RouteId];
