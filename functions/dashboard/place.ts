import type { RouteInput, RouteDefinition } from '../../shared/routes/types';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import type { CookieScope } from '../../shared/http/cookies';
import { ApiError } from '../../shared/errors/apiError';

/** Where the dashboard is, as the browser sees it: its page's URL, and the scope of its cookies. */
export interface DashboardPlace {
  /** The page's absolute URL; the callback is below it. */
  pageUrl: string;
  redirectUri: string;
  session: CookieScope;
  signIn: CookieScope;
}

const { dashboardPage, dashboardCallback } = dashboardRoutes;
const CALLBACK_BELOW = dashboardCallback.path.slice(dashboardPage.path.length);

/** A Host header: a name or address, in brackets for IPv6, and a port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

/** The request's Host header, checked: anything else is a 400, never a URL built from it. */
export function hostOf(raw: RouteInput<RouteDefinition>['raw']): string {
  const host = raw.headers.host ?? 'localhost';
  if (!HOST.test(host))
    throw new ApiError('INVALID_PARAMETER', 'The Host header is not a host name (and port)', [
      { field: 'Host', issue: 'must be a host name or address, and an optional port' },
    ]);
  return host;
}

/**
 * From DASHBOARD_URL when the operator set it (a custom domain), else from the request: API
 * Gateway sets X-Forwarded-Proto, and the base path is the stage's (`/prod`). Discord only sends
 * the browser back to a redirect URI registered with the application, so a forged Host header
 * cannot steer a sign-in elsewhere.
 */
export function dashboardPlace(raw: RouteInput<RouteDefinition>['raw'], publicUrl: string | undefined): DashboardPlace {
  const scheme = raw.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const pageUrl = (publicUrl ?? `${scheme}://${hostOf(raw)}${raw.basePath}${dashboardPage.path}`).replace(/\/+$/, '');
  const { pathname, protocol } = new URL(pageUrl);
  const secure = protocol === 'https:';
  return {
    pageUrl,
    redirectUri: `${pageUrl}${CALLBACK_BELOW}`,
    session: { path: '/', secure },
    signIn: { path: `${pathname}${CALLBACK_BELOW}`, secure },
  };
}
