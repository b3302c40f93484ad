import { readFileSync } from 'node:fs';
import type * as z from 'zod/mini';
import { routeList, type RouteEntry, type RouteId } from '../../shared/routes/table';

/**
 * Route lists for tests, derived from the route table: a route added there gets the generic
 * contract tests without anyone remembering to list it.
 */

/** The parameter names of a route's query schema (its zod object's shape). */
export const queryFields = (route: RouteEntry): string[] =>
  Object.keys((route.schemas.query as unknown as { shape?: Record<string, z.ZodMiniType> } | undefined)?.shape ?? {});

export const svgRoutes: RouteEntry[] = routeList.filter((route) => route.response === 'svg');

/** Every image route that draws one fetched picture: its query has an `image` parameter. */
export const pictureRoutes: RouteEntry[] = svgRoutes.filter((route) => queryFields(route).includes('image'));

/**
 * The numeric parameters a route fills in itself when the request leaves them out (width, height,
 * amount...), read from its schema: what parsing `{ image }` alone adds.
 */
export function numericDefaults(route: RouteEntry, image: string): Record<string, number> {
  const parsed = (route.schemas.query as z.ZodMiniType).parse({ image }) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}

type Parameter = { name: string; in: string; schema?: ParameterSchema };
type ParameterSchema = { type?: string; minimum?: number; maximum?: number; default?: unknown };
const published = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
};

/**
 * The numeric query defaults the published API document (docs/openapi.json) states for a route: what clients are told.
 */
export function documentedDefaults(route: RouteEntry): Record<string, number> {
  const parameters = published.paths[route.path]?.[route.method.toLowerCase()]?.parameters ?? [];
  return Object.fromEntries(
    parameters
      .filter((p) => p.in === 'query' && typeof p.schema?.default === 'number')
      .map((p) => [p.name, p.schema?.default as number]),
  );
}

/** The schema the published API document states for one of a route's query parameters. */
export const documentedSchema = (route: RouteEntry, name: string): ParameterSchema | undefined =>
  published.paths[route.path]?.[route.method.toLowerCase()]?.parameters?.find(
    (p) => p.in === 'query' && p.name === name,
  )?.schema;

/** `[id, route]` pairs for test.each / describe.each. */
export const casesOf = (list: RouteEntry[]) => list.map((route) => [route.id, route] as const);

/** The ids of `list` that a per-route table has no entry for (a test fails on any). */
export const missingFrom = (list: RouteEntry[], table: Partial<Record<RouteId, unknown>>): RouteId[] =>
  list.map((route) => route.id).filter((id) => !(id in table));
