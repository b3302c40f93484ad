import { htmlPage } from '../../shared/http/htmlPage';
import type { Routes } from '../../shared/routes/table';
import { h } from '../../shared/svg/builder';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import type { DashboardHandler } from './services';
import { DASHBOARD_SCRIPT } from './pageScript';
import { DASHBOARD_STYLE } from './pageStyle';

/** GET /dashboard: one self-contained page; signed out it offers the sign-in, signed in its script shows the keys. */
export const dashboardPage: DashboardHandler<Routes['dashboardPage']> = async ({ raw }, _context, services) => {
  const local = services.signIn?.kind === 'local';
  return htmlPage({
    title: 'Dashboard',
    style: DASHBOARD_STYLE,
    script: DASHBOARD_SCRIPT,
    allow: { 'connect-src': "'self'" },
    headers: { 'Cache-Control': 'no-store' },
    body: [
      h('h1', {}, 'Dashboard'),
      h(
        'section',
        { id: 'signed-out' },
        h('p', {}, 'Sign in to create and manage your API keys.'),
        h('a', { class: 'button', href: `${raw.basePath}${dashboardRoutes.dashboardSignIn.path}` }, local ? 'Sign in locally (development only)' : 'Sign in with Discord'),
        local ? h('p', { class: 'note' }, 'No Discord application is configured on this local server: this sign-in works from this machine only, as the local developer who owns the key npm start printed.') : [],
      ),
    ],
  });
};
