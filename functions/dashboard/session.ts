import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../shared/crypto/hash';
import { jsonResponse } from '../../shared/http/responses';
import { ApiError } from '../../shared/errors/apiError';
import type { RouteDefinition, RouteInput } from '../../shared/routes/types';
import type { ApiContext } from '../../shared/http/middleware/types';
import type { SessionRecord } from '../../shared/store';
import { readCookie, SESSION_COOKIE } from './cookies';
import type { DashboardHandler, DashboardServices } from './services';

/** A handler of a signed-in route: its input, and the session (its account) it runs for. */
export type SignedInHandler<R extends RouteDefinition> = (
  input: RouteInput<R>,
  session: SignedIn,
  context: ApiContext,
  services: DashboardServices,
) => ReturnType<DashboardHandler<R>>;

export interface SignedIn extends SessionRecord {
  /** The SHA-256 of the cookie's id: the session's key in the table. */
  idHash: string;
}

const sameText = (a: string, b: string) => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * A route of the signed-in dashboard: the session cookie must name a live session (else 401), and
 * every request that changes something must carry the session's CSRF token in X-CSRF-Token (else
 * 403): a page elsewhere can make the browser send the cookie, but cannot read the token.
 */
export const signedIn =
  <R extends RouteDefinition>(route: R, handler: SignedInHandler<R>): DashboardHandler<R> =>
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
export async function currentSession(headers: Record<string, string | undefined>, services: DashboardServices): Promise<SignedIn | undefined> {
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
