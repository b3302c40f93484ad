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
  const headers = event.headers ?? {};
  const host = headers.host;
  if (!host) return undefined;
  const scheme = headers['x-forwarded-proto']?.split(',')[0]?.trim() || 'https';
  const query = new URLSearchParams(
    Object.entries(event.multiValueQueryStringParameters ?? {}).flatMap(([name, values]) =>
      (values ?? []).map((value): [string, string] => [name, value]),
    ),
  ).toString();
  return `${scheme}://${host}${event.requestContext?.path ?? event.path}${query ? `?${query}` : ''}`;
}
