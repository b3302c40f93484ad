import type { APIGatewayProxyResult } from 'aws-lambda';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import { basePathOf } from '../../shared/http/basePath';
import type { ApiMiddleware } from '../../shared/http/middleware/types';
import { logger } from '../../shared/logging/logger';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import { h } from '../../shared/html/builder';
import { dashboardShell } from './pageShell';

/** The dashboard when the store cannot answer: 503 with Retry-After, the page's own chrome, a link to try again. */
const unavailablePage = (basePath: string): APIGatewayProxyResult =>
  dashboardShell({
    title: 'Dashboard',
    basePath,
    statusCode: 503,
    body: [
      h('h1', {}, 'Dashboard'),
      h(
        'section',
        { id: 'unavailable' },
        h('p', { class: 'problem', role: 'alert' }, 'The dashboard is unavailable; retry shortly.'),
        h('a', { class: 'button primary', href: `${basePath}${dashboardRoutes.dashboardPage.path}` }, 'Retry'),
      ),
    ],
  });

/**
 * The dashboard group's output middleware (services.ts): when the store cannot answer GET
 * /dashboard (the request's count, or the session read), the answer is still a page, not the API's
 * JSON envelope: unavailablePage. Set as the response, so the headers of the chain's other
 * middlewares (X-RateLimit-*, the request id) are still added to it.
 */
export const dashboardPageUnavailable: ApiMiddleware = {
  onError: (request) => {
    const { event, error } = request;
    if (
      event.httpMethod !== 'GET' ||
      event.resource !== dashboardRoutes.dashboardPage.path ||
      !(error instanceof StoreUnavailableError)
    )
      return;
    logger.error('dashboard page: the store is unavailable', { error });
    request.response = unavailablePage(basePathOf(event));
  },
};
