import {
  callbackQuery,
  pageQuery,
  createdKeyData,
  csrfHeaders,
  keyListData,
  keyPath,
  newKeyBody,
  revokedKeyData,
  rolledKeyData,
  sessionData,
  signedOutData,
  usageData,
} from '../schemas/dashboard';
import { defineRoute } from '../types';

/**
 * The dashboard group's routes (functions/dashboard/): the page, the sign-in with Discord (OAuth2
 * authorization code with PKCE) and the JSON API the page is a thin client of. The API routes take
 * the session cookie (`auth: 'session'`) and, on writes, the session's CSRF token in a header.
 */
export const dashboardRoutes = {
  dashboardPage: defineRoute({
    method: 'GET',
    path: '/dashboard',
    group: 'dashboard',
    auth: 'none',
    response: 'html',
    summary: 'The dashboard: sign in with Discord, then create, list and revoke your API keys and manage your bots',
    schemas: { query: pageQuery },
    example: {},
  }),
  dashboardSignIn: defineRoute({
    method: 'GET',
    path: '/dashboard/signin',
    group: 'dashboard',
    auth: 'none',
    response: 'redirect',
    summary: "Start signing in: on to Discord's authorization page (scope identify, PKCE S256, a single-use state)",
    schemas: {},
    example: {},
  }),
  dashboardCallback: defineRoute({
    method: 'GET',
    path: '/dashboard/callback',
    group: 'dashboard',
    auth: 'none',
    response: 'redirect',
    summary:
      "Finish signing in: Discord's redirect back with the code; opens a session and goes on to the dashboard " +
      '(a Cancel on Discord goes back to the page, which says so)',
    errors: ['UNAUTHORIZED', 'UPSTREAM_ERROR'],
    schemas: { query: callbackQuery },
    example: { query: { state: 'the-state-from-the-sign-in', code: 'the-code-from-discord' } },
  }),
  dashboardSession: defineRoute({
    method: 'GET',
    path: '/dashboard/api/session',
    group: 'dashboard',
    auth: 'session',
    response: 'json',
    summary: 'Who is signed in, and the CSRF token their writes send',
    schemas: { data: sessionData },
    example: {},
  }),
  dashboardSignOut: defineRoute({
    method: 'POST',
    path: '/dashboard/api/signout',
    group: 'dashboard',
    auth: 'session',
    response: 'json',
    summary: 'Sign out: the session ends and its cookie is cleared',
    errors: ['FORBIDDEN'],
    schemas: { headers: csrfHeaders, data: signedOutData },
    example: {},
  }),
  dashboardKeys: defineRoute({
    method: 'GET',
    path: '/dashboard/api/keys',
    group: 'dashboard',
    auth: 'session',
    response: 'json',
    summary: "Your API keys, newest first (never the keys' values)",
    schemas: { data: keyListData },
    example: {},
  }),
  dashboardCreateKey: defineRoute({
    method: 'POST',
    path: '/dashboard/api/keys',
    group: 'dashboard',
    auth: 'session',
    response: 'json',
    creates: true,
    summary: 'Create an API key: its value is in this answer once and never again (at most 5 active keys)',
    errors: ['FORBIDDEN'],
    maxBodyBytes: 4 * 1024,
    schemas: { headers: csrfHeaders, body: newKeyBody, data: createdKeyData },
    example: { body: { name: 'my bot' } },
  }),
  dashboardKeyUsage: defineRoute({
    method: 'GET',
    path: '/dashboard/api/keys/{keyId}/usage',
    group: 'dashboard',
    auth: 'session',
    response: 'json',
    summary:
      "One of your keys' requests per minute (last hour), hour (24 hours) and day (30 days), 429s counted " +
      'apart, with charts',
    errors: ['NOT_FOUND'],
    schemas: { path: keyPath, data: usageData },
    example: { path: { keyId: 'key_0123456789abcdef' } },
  }),
  dashboardRevokeKey: defineRoute({
    method: 'DELETE',
    path: '/dashboard/api/keys/{keyId}',
    group: 'dashboard',
    auth: 'session',
    response: 'json',
    summary: 'Revoke one of your API keys, at once',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: keyPath, headers: csrfHeaders, data: revokedKeyData },
    example: { path: { keyId: 'key_0123456789abcdef' } },
  }),
  dashboardRollKey: defineRoute({
    method: 'POST',
    path: '/dashboard/api/keys/{keyId}/roll',
    group: 'dashboard',
    auth: 'session',
    response: 'json',
    creates: true,
    summary:
      'Roll one of your API keys: a replacement with the same name (its value in this answer once), then the ' +
      'old key revoked',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: keyPath, headers: csrfHeaders, data: rolledKeyData },
    example: { path: { keyId: 'key_0123456789abcdef' } },
  }),
};
