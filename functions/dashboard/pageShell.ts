import type { APIGatewayProxyResult } from 'aws-lambda';
import { UNAVAILABLE_RETRY_AFTER } from '../../shared/errors/unavailable';
import { htmlPage, type HtmlPage } from '../../shared/http/htmlPage';
import { siteHeader } from '../../shared/html/siteHeader';
import { DASHBOARD_SCRIPT } from './generated/pageScript';
import { DASHBOARD_STYLE } from './pageStyle';

export interface DashboardShell extends Omit<HtmlPage, 'style' | 'script' | 'header'> {
  basePath: string;
  statusCode?: number;
}

/**
 * A page of the dashboard (its own, or one saying what went wrong): the dashboard's style, script
 * and site header, never cached (it is an account's own), and a 503's Retry-After.
 */
export function dashboardShell({
  basePath,
  statusCode = 200,
  headers,
  ...page
}: DashboardShell): APIGatewayProxyResult {
  const answer = htmlPage({
    ...page,
    style: DASHBOARD_STYLE,
    script: DASHBOARD_SCRIPT,
    header: siteHeader(basePath, 'dashboard'),
    headers: {
      'Cache-Control': 'no-store',
      ...(statusCode === 503 ? { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER) } : {}),
      ...headers,
    },
  });
  return { ...answer, statusCode };
}
