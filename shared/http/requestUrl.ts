import { basePathOf } from './basePath';

/**
 * The URL the client called, as it would have written it: scheme (X-Forwarded-Proto, which API
 * Gateway and the local server always set), host, the path as requested (with any stage or
 * base-path mapping) and the query. Providers that sign the URL they were given (Square, Trello)
 * are checked against it. The query is rebuilt from API Gateway's parsed parameters, in their order.
 */
export function requestUrl(event: {
  path: string;
  headers: Record<string, string | undefined> | null;
  multiValueQueryStringParameters?: Record<string, string[] | undefined> | null;
  requestContext?: { path?: string };
}): string | undefined {
  const origin = originOf(event.headers);
  if (!origin) return undefined;
  const query = new URLSearchParams(
    Object.entries(event.multiValueQueryStringParameters ?? {}).flatMap(([name, values]) =>
      (values ?? []).map((value): [string, string] => [name, value]),
    ),
  ).toString();
  return `${origin}${event.requestContext?.path ?? event.path}${query ? `?${query}` : ''}`;
}

/** A header's value whatever the case of its name (authorizer events keep names as the client sent them). */
const header = (headers: Record<string, string | undefined> | null | undefined, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * The API's URL up to its own paths as the client wrote it ("https://host/prod"): where the
 * dashboard and the docs are for this client. Without a Host header, the base path alone.
 */
export function apiBaseUrl(event: {
  path: string;
  resource?: string;
  headers?: Record<string, string | undefined> | null;
  requestContext?: { path?: string };
}): string {
  return `${originOf(event.headers) ?? ''}${basePathOf(event)}`;
}

/** "scheme://host" as the client called it, or undefined without a Host header. */
function originOf(headers: Record<string, string | undefined> | null | undefined): string | undefined {
  const host = header(headers, 'host');
  const scheme = header(headers, 'x-forwarded-proto')?.split(',')[0]?.trim() || 'https';
  return host ? `${scheme}://${host}` : undefined;
}
