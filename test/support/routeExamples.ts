import { examplePath, isPicture } from '../../shared/routes/examplePath';
import type { RouteEntry } from '../../shared/routes/table';

/** A request as a client sends it: method, path with its query, headers and body text. */
export interface ExampleRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The query parameters of a route's example that are picture URLs (`image`, `avatar`, `other`, ...). */
export const pictureParams = (route: RouteEntry): string[] =>
  Object.entries(route.example.query ?? {})
    .filter(([, value]) => isPicture(value))
    .map(([name]) => name);

/** A route's example query with every picture URL replaced by `picture` (a test's own image host). */
export const exampleQuery = (route: RouteEntry, picture: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(route.example.query ?? {}).map(([name, value]) => [name, isPicture(value) ? picture : value]),
  );

/**
 * A route's table example as an HTTP request: path parameters filled in, its query, a JSON body.
 * `picture` chooses the URL of each picture parameter (default: the example's own).
 */
export function exampleRequest(route: RouteEntry, picture?: (param: string) => string): ExampleRequest {
  const path = examplePath(route, picture ? { picture } : {});
  const { body } = route.example;
  if (body === undefined) return { method: route.method, path, headers: {} };
  return { method: route.method, path, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}
