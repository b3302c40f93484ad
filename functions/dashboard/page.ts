import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import type { Routes } from '../../shared/routes/table';
import { h } from '../../shared/html/builder';
import { botsSection } from './botsSection';
import { dashboardShell } from './pageShell';
import { usageSection } from './usageSection';
import { webhooksSection } from './webhooksSection';
import type { DashboardHandler } from './services';
import { currentSession } from '../../shared/runtime/signedIn';

const signedOut = (signInHref: string, local: boolean, declined: boolean) =>
  h(
    'section',
    { id: 'signed-out' },
    declined
      ? h(
          'p',
          { class: 'note', role: 'status' },
          'You cancelled signing in with Discord: nothing was shared and you are not signed in.',
        )
      : [],
    h('p', {}, 'Sign in to create and revoke your API keys and see how much they are used.'),
    // After a cancel the way on is to start again, and the link says so.
    h(
      'a',
      { class: 'button primary', href: signInHref },
      declined ? 'Try again' : local ? 'Sign in locally (development only)' : 'Sign in with Discord',
    ),
    local
      ? h(
          'p',
          { class: 'note' },
          'No Discord application is configured on this local server: this sign-in works from this machine only, ' +
            'as the local developer who owns the key npm start printed.',
        )
      : [],
  );

/** The signed-in page: the script fills in the keys. */
const signedIn = (accountName: string) =>
  h(
    'div',
    { id: 'signed-in' },
    h(
      'div',
      { class: 'account' },
      h('p', {}, 'Signed in as ', h('strong', { id: 'account-name' }, accountName)),
      h('button', { type: 'button', id: 'sign-out' }, 'Sign out'),
    ),
    // Every form here calls the dashboard's API from the page's script, which takes this away: without
    // it the forms would be inert, so say so (a <noscript> is not shown where only script execution is off).
    h(
      'p',
      { id: 'needs-script', class: 'problem' },
      'This page needs JavaScript: its forms (keys, bots, webhooks, signing out) call the dashboard\u2019s API ' +
        'from the page. Turn JavaScript on for this site and reload.',
    ),
    h('p', { id: 'problem', class: 'problem', role: 'alert' }),
    h('p', { id: 'status', class: 'note', role: 'status' }),
    h(
      'section',
      { 'aria-labelledby': 'keys-title' },
      h('h2', { id: 'keys-title', tabindex: -1 }, 'API keys'),
      h('p', { id: 'key-count', class: 'note' }),
      h(
        'form',
        { id: 'create-key' },
        h('label', { for: 'key-name' }, 'Key name'),
        h(
          'div',
          { class: 'row' },
          h('input', {
            id: 'key-name',
            name: 'name',
            maxlength: 64,
            required: 'required',
            autocomplete: 'off',
            placeholder: 'my bot',
          }),
          h('button', { type: 'submit', id: 'create-button', class: 'primary' }, 'Create key'),
        ),
      ),
      h(
        'div',
        { id: 'new-key', hidden: 'hidden' },
        h('label', { for: 'new-key-value' }, 'Your new key'),
        h(
          'div',
          { class: 'row' },
          h('input', { id: 'new-key-value', readonly: 'readonly', spellcheck: 'false' }),
          h('button', { type: 'button', id: 'copy-key' }, 'Copy'),
        ),
        h(
          'p',
          { class: 'note' },
          'It is shown only now: copy it and keep it safe. ' +
            'Only its hash is stored; if you lose it, create another and revoke this one.',
        ),
      ),
      h('p', { id: 'no-keys', class: 'note', hidden: 'hidden' }, 'No keys yet.'),
      h(
        'div',
        { class: 'table', tabindex: 0, role: 'region', 'aria-label': 'Your keys' },
        h(
          'table',
          { id: 'keys' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Name', 'Id', 'Created', 'Last used', 'Today', 'Status', 'Actions'].map((label) =>
                h('th', { scope: 'col' }, label),
              ),
            ),
          ),
          h('tbody', {}),
        ),
      ),
    ),
    usageSection(),
    botsSection(),
    webhooksSection(),
  );

/**
 * GET /dashboard: one self-contained page. Signed out it offers the sign-in (no script needed);
 * signed in it says who, and hands its script the session's CSRF token in a data block (the page is
 * the account's own: never cached), and the script shows the keys.
 */
export const dashboardPage: DashboardHandler<Routes['dashboardPage']> = async ({ query, raw }, _context, services) => {
  const session = await currentSession(raw.headers, services);
  return dashboardShell({
    title: 'Dashboard',
    basePath: raw.basePath,
    // The API below this page; the usage charts arrive as SVG text and are shown as data: pictures.
    allow: { 'connect-src': "'self'", 'img-src': 'data:' },
    ...(session
      ? {
          data: {
            session: { account: { id: session.accountId, name: session.accountName }, csrfToken: session.csrfToken },
          },
        }
      : {}),
    body: [
      h('h1', {}, 'Dashboard'),
      session
        ? signedIn(session.accountName)
        : signedOut(
            `${raw.basePath}${dashboardRoutes.dashboardSignIn.path}`,
            services.signIn?.kind === 'local',
            query.signin === 'declined',
          ),
    ],
  });
};
