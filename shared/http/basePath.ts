/**
 * What comes before the API's own paths in the client's URL (`/prod` on execute-api, a custom
 * domain's mapping, nothing locally), for pages and the OpenAPI document to link with. The route's
 * resource matched the end of the path, so what precedes it is the base path, whether or not API
 * Gateway put the mapping into `event.path`.
 */
export function basePathOf(event: { path: string; resource?: string; requestContext?: { path?: string } }): string {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const requested = segments(event.requestContext?.path ?? event.path);
  const matched = segments(event.resource ?? event.path).length;
  const base = requested.slice(0, Math.max(0, requested.length - matched));
  return base.length ? `/${base.join('/')}` : '';
}
