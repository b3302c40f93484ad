import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../crypto/hash';
import { jsonResponse } from '../http/responses';
import { readCookie, SESSION_COOKIE } from '../http/cookies';
import { ApiError } from '../errors/apiError';
import type { RouteDefinition, RouteInput } from '../routes/types';
import type { ApiContext, ApiMiddleware, ApiRequest, RequestSession } from '../http/middleware/types';
import type { RouteHandler, SessionServices } from './groupKit';
import type { SignedIn } from '../store';

/** A handler of a signed-in route: its input, and the session (its account) it runs for. */
export type SignedInHandler<R extends RouteDefinition, S> = (
  input: RouteInput<R>,
  session: RequestSession,
  context: ApiContext,
  services: S,
) => ReturnType<RouteHandler<R, S>>;

const NOT_SIGNED_IN = 'Not signed in (or the session ended); sign in on the dashboard';

const sameText = (a: string, b: string) => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Checks a signed-in route's caller before its input is read: a live session cookie (else 401) and,
 * on writes, the session's CSRF token in X-CSRF-Token (else 403). It runs in two steps around the
 * rate limit (middlewareChain.ts), so a refused caller is counted per source IP first and random
 * cookies cannot dodge the count (docs/design.md, "Signed-in routes and the rate limit").
 */
export function signedInSession(
  route: RouteDefinition,
  services: SessionServices,
): { check: ApiMiddleware; refuse: ApiMiddleware } {
  // Per request: one function serves concurrent requests locally.
  const refusals = new WeakMap<ApiRequest, unknown>();
  return {
    check: {
      before: async (request) => {
        // Set only by this check, so a reused context cannot carry another request's session.
        delete request.context.session;
        try {
          request.context.session = await checkedSession(route, request.event.headers ?? {}, services);
        } catch (refusal) {
          refusals.set(request, refusal);
        }
      },
    },
    refuse: {
      before: (request) => {
        if (!request.context.session) throw refusals.get(request) ?? new ApiError('UNAUTHORIZED', NOT_SIGNED_IN);
      },
    },
  };
}

/** The live session the cookie names, with its CSRF token on a write; else the refusal. */
async function checkedSession(
  route: RouteDefinition,
  headers: Record<string, string | undefined>,
  services: SessionServices,
): Promise<SignedIn> {
  const session = await currentSession(headers, services);
  if (!session) throw new ApiError('UNAUTHORIZED', NOT_SIGNED_IN);
  if (route.method !== 'GET') {
    const token = headers['x-csrf-token'];
    if (!token || !sameText(token, session.csrfToken))
      throw new ApiError('FORBIDDEN', 'The X-CSRF-Token header is missing or wrong; reload the dashboard');
  }
  return session;
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
export async function currentSession(
  headers: Record<string, string | undefined>,
  services: SessionServices,
): Promise<SignedIn | undefined> {
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
