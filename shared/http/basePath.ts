/**
 * What comes before the API's own paths in the URL the client used: `/prod` on an execute-api
 * URL, a custom domain's base-path mapping, nothing locally. Pages and the OpenAPI document link
 * with it. The route's resource has as many segments as the end of the requested path it
 * matched (a `{parameter}` is one segment), so whatever precedes them is the base path; this
 * holds whether or not API Gateway also put the mapping into `event.path`.
 */
export function basePathOf(event: { path: string; resource?: string; requestContext?: { path?: string } }): string {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const requested = segments(event.requestContext?.path ?? event.path);
  const matched = segments(event.resource ?? event.path).length;
  const base = requested.slice(0, Math.max(0, requested.length - matched));
  return base.length ? `/${base.join('/')}` : '';
}
