import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../crypto/hash';
import { jsonResponse } from '../http/responses';
import { readCookie, SESSION_COOKIE } from '../http/cookies';
import { ApiError } from '../errors/apiError';
import type { RouteDefinition, RouteInput } from '../routes/types';
import type { ApiContext } from '../http/middleware/types';
import type { RouteHandler } from './groupKit';
import type { SessionRecord, SessionStore } from '../store';

/** What any group needs to serve signed-in dashboard routes (`auth: 'session'`): the sessions, and the time. */
export interface SessionServices {
  sessions: SessionStore;
  now: () => Date;
}

export interface SignedIn extends SessionRecord {
  /** The SHA-256 of the cookie's id: the session's key in the table. */
  idHash: string;
}

/** A handler of a signed-in route: its input, and the session (its account) it runs for. */
export type SignedInHandler<R extends RouteDefinition, S extends SessionServices> = (
  input: RouteInput<R>,
  session: SignedIn,
  context: ApiContext,
  services: S,
) => ReturnType<RouteHandler<R, S>>;

const sameText = (a: string, b: string) => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Routes of the signed-in dashboard, in whichever group serves them (`signedInRoutes<MyServices>()`
 * once per group): the session cookie must name a live session (else 401), and every request that
 * changes something must carry the session's CSRF token in X-CSRF-Token (else 403): a page
 * elsewhere can make the browser send the cookie, but cannot read the token.
 */
export const signedInRoutes =
  <S extends SessionServices>() =>
  <R extends RouteDefinition>(route: R, handler: SignedInHandler<R, S>): RouteHandler<R, S> =>
  async (input, context, services) => {
    const session = await currentSession(input.raw.headers, services);
    if (!session) throw new ApiError('UNAUTHORIZED', 'Not signed in (or the session ended); sign in on the dashboard');
    if (route.method !== 'GET') {
      const token = input.raw.headers['x-csrf-token'];
      if (!token || !sameText(token, session.csrfToken)) throw new ApiError('FORBIDDEN', 'The X-CSRF-Token header is missing or wrong; reload the dashboard');
    }
    return handler(input, session, context, services);
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
