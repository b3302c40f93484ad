import type { RouteEntry } from './table';

/** An example value that is a picture's URL (`image`, `avatar`, `other`, ...). */
export const isPicture = (value: string) => /^https?:\/\//.test(value);

/**
 * A route's table example as the path a client calls: path parameters filled in, its query with
 * `extra` added, and each picture URL replaced by `picture(name)` when given (a host the caller serves).
 */
export function examplePath(
  route: RouteEntry,
  { extra = {}, picture }: { extra?: Record<string, string>; picture?: (param: string) => string } = {},
): string {
  const { path = {}, query = {} } = route.example;
  const filled = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(path[name] ?? ''));
  const params = Object.entries({ ...query, ...extra }).map(([name, value]): [string, string] => [
    name,
    picture && isPicture(value) ? picture(name) : value,
  ]);
  return params.length > 0 ? `${filled}?${new URLSearchParams(params)}` : filled;
}
