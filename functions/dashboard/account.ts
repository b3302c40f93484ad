import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import { clearCookie, SESSION_COOKIE } from '../../shared/http/cookies';
import { dashboardPlace } from './place';
import { accountJson } from '../../shared/runtime/signedIn';
import { signedIn } from './services';

const { dashboardSession: sessionRoute, dashboardSignOut: signOutRoute } = dashboardRoutes;

export const dashboardSession = signedIn(sessionRoute, async (_input, session, context) =>
  accountJson(
    { account: { id: session.accountId, name: session.accountName }, csrfToken: session.csrfToken },
    context.requestId,
  ),
);

export const dashboardSignOut = signedIn(signOutRoute, async ({ raw }, session, context, services) => {
  // Where the cookie lives first: a request too malformed to say (its Host) leaves the session be.
  const place = dashboardPlace(raw, services.publicUrl);
  await services.sessions.delete(session.idHash);
  const response = accountJson({ signedOut: true }, context.requestId);
  return { ...response, headers: { ...response.headers, 'Set-Cookie': clearCookie(SESSION_COOKIE, place.session) } };
});
