import type { RouteInput, RouteDefinition } from '../../shared/routes/types';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import type { CookieScope } from '../../shared/http/cookies';

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

/**
 * From DASHBOARD_URL when the operator set it (a custom domain), else from the request: API
 * Gateway sets X-Forwarded-Proto, and the base path is the stage's (`/prod`). Discord only sends
 * the browser back to a redirect URI registered with the application, so a forged Host header
 * cannot steer a sign-in elsewhere.
 */
export function dashboardPlace(raw: RouteInput<RouteDefinition>['raw'], publicUrl: string | undefined): DashboardPlace {
  const pageUrl = (publicUrl ?? `${raw.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${raw.headers.host ?? 'localhost'}${raw.basePath}${dashboardPage.path}`).replace(/\/+$/, '');
  const { pathname, protocol } = new URL(pageUrl);
  const secure = protocol === 'https:';
  return {
    pageUrl,
    redirectUri: `${pageUrl}${CALLBACK_BELOW}`,
    session: { path: '/', secure },
    signIn: { path: `${pathname}${CALLBACK_BELOW}`, secure },
  };
}
