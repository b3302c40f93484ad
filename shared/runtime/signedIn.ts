import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../crypto/hash';
import { jsonResponse } from '../http/responses';
import { readCookie, SESSION_COOKIE } from '../http/cookies';
import { ApiError } from '../errors/apiError';
import type { RouteDefinition, RouteInput } from '../routes/types';
import type { ApiContext, ApiMiddleware } from '../http/middleware/types';
import type { RouteHandler, SessionServices } from './groupKit';
import type { SignedIn } from '../store';

/** A handler of a signed-in route: its input, and the session (its account) it runs for. */
export type SignedInHandler<R extends RouteDefinition, S> = (
  input: RouteInput<R>,
  session: SignedIn,
  context: ApiContext,
  services: S,
) => ReturnType<RouteHandler<R, S>>;

const NOT_SIGNED_IN = 'Not signed in (or the session ended); sign in on the dashboard';

const sameText = (a: string, b: string) => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Checks a signed-in dashboard route's caller (`auth: 'session'`) before its input is read: the
 * session cookie must name a live session (else 401), and every request that changes something
 * must carry the session's CSRF token in X-CSRF-Token (else 403): a page elsewhere can make the
 * browser send the cookie, but cannot read the token. A caller refused so learns nothing of the
 * route's body rules. The session is handed on in `context.session`.
 */
export function signedInSession(route: RouteDefinition, services: SessionServices): ApiMiddleware {
  return {
    before: async ({ event, context }) => {
      const headers = event.headers ?? {};
      const session = await currentSession(headers, services);
      if (!session) throw new ApiError('UNAUTHORIZED', NOT_SIGNED_IN);
      if (route.method !== 'GET') {
        const token = headers['x-csrf-token'];
        if (!token || !sameText(token, session.csrfToken)) throw new ApiError('FORBIDDEN', 'The X-CSRF-Token header is missing or wrong; reload the dashboard');
      }
      context.session = session;
    },
  };
}

/**
 * Handlers of the signed-in dashboard, in whichever group serves them (`signedInRoutes<MyServices>()`
 * once per group): they get the session the chain checked (signedInSession) as an argument.
 */
export const signedInRoutes =
  <S>() =>
  <R extends RouteDefinition>(_route: R, handler: SignedInHandler<R, S>): RouteHandler<R, S> =>
  async (input, context, services) => {
    // Only a route the chain checked has one: a handler wired to another route refuses everyone.
    if (!context.session) throw new ApiError('UNAUTHORIZED', NOT_SIGNED_IN);
    return handler(input, context.session, context, services);
  };

/** The live session the request's cookie names, if any. */
export async function currentSession(headers: Record<string, string | undefined>, services: SessionServices): Promise<SignedIn | undefined> {
  const id = readCookie(headers, SESSION_COOKIE);
  if (!id) return undefined;
  const idHash = sha256Hex(id);
  const session = await services.sessions.get(idHash, Math.floor(services.now().getTime() / 1000));
  return session && { ...session, idHash };
}

/** A signed-in answer: the account's own, so no cache keeps it. */
export function accountJson(data: unknown, requestId: string, statusCode = 200) {
  const response = jsonResponse(data, requestId, statusCode);
  return { ...response, headers: { ...response.headers, 'Cache-Control': 'no-store' } };
}
