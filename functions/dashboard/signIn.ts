import { createHash, randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { sha256Hex } from '../../shared/crypto/hash';
import { ApiError } from '../../shared/errors/apiError';
import type { Routes } from '../../shared/routes/table';
import { clearCookie, readCookie, setCookie, SESSION_COOKIE, SIGN_IN_COOKIE } from '../../shared/http/cookies';
import { dashboardPlace, hostOf } from './place';
import type { RouteDefinition, RouteInput } from '../../shared/routes/types';
import type { DashboardHandler, DashboardServices } from './services';
import type { SignInProvider } from './signInProviders';
import { SignInFailure } from './signInTrouble';

/** A sign-in must be finished within this long. */
const SIGN_IN_SECONDS = 600;
/** A session lasts this long; signing in again starts a new one. */
export const SESSION_SECONDS = 7 * 24 * 3600;

const randomToken = () => randomBytes(32).toString('base64url');
const seconds = (services: DashboardServices) => Math.floor(services.now().getTime() / 1000);

function redirect(location: string, cookies: string[]) {
  return {
    statusCode: 302,
    headers: { Location: location, 'Cache-Control': 'no-store' },
    multiValueHeaders: { 'Set-Cookie': cookies },
    body: '',
  };
}

/**
 * The sign-in this request may use: the local one only from this machine, and only to a page named
 * as this machine: a web page whose own name an attacker made resolve to 127.0.0.1 (DNS rebinding)
 * connects from loopback too, but under its own name.
 */
function providerFor(services: DashboardServices, raw: RouteInput<RouteDefinition>['raw']): SignInProvider {
  const provider = services.signIn;
  if (!provider)
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      'Sign-in is not set up on this server (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET)',
    );
  if (
    provider.kind === 'local' &&
    !(isLoopback(raw.sourceIp) && namesThisServer(hostOf(raw), raw.headers['x-forwarded-port']))
  ) {
    throw new ApiError(
      'FORBIDDEN',
      'The local sign-in is for this machine only: open the dashboard at localhost, 127.0.0.1 or [::1], ' +
        'on the port the server listens on',
    );
  }
  return provider;
}

function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * A Host header naming this server as a browser writes it, with the request's own port or none. A
 * browser writes a host in this one form, so other spellings of loopback (`127.1`, `localhost.`) come
 * from no page opened here: they are refused rather than interpreted.
 */
function namesThisServer(host: string, port: string | undefined): boolean {
  const named = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::(\d+))?$/.exec(host);
  return named !== null && (named[1] === undefined || named[1] === port);
}

/**
 * Starts a sign-in: a fresh state (kept server-side with the PKCE verifier, and in a cookie that
 * binds it to this browser) and on to the authorization page.
 */
export const dashboardSignIn: DashboardHandler<Routes['dashboardSignIn']> = async ({ raw }, _context, services) => {
  const provider = providerFor(services, raw);
  const place = dashboardPlace(raw, services.publicUrl);
  const [state, verifier] = [randomToken(), randomToken()];
  await services.signIns.put(sha256Hex(state), {
    verifier,
    redirectUri: place.redirectUri,
    expiresAt: seconds(services) + SIGN_IN_SECONDS,
  });
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return redirect(provider.authorizeUrl({ state, challenge, redirectUri: place.redirectUri }), [
    setCookie(SIGN_IN_COOKIE, state, SIGN_IN_SECONDS, place.signIn),
  ]);
};

/**
 * Finishes it: the state must be the one this browser started with, and unused; then the code (with
 * the verifier) is exchanged for the account, and a new session opens. Discord's tokens are dropped.
 */
export const dashboardCallback: DashboardHandler<Routes['dashboardCallback']> = async (
  { query, raw },
  _context,
  services,
) => {
  const provider = providerFor(services, raw);
  const place = dashboardPlace(raw, services.publicUrl);
  const bound = readCookie(raw.headers, SIGN_IN_COOKIE);
  if (bound !== query.state) {
    // No cookie at all: it expired with the sign-in (or went when the sign-in finished); another: another tab's.
    throw new SignInFailure(
      bound === undefined ? 'expired' : 'elsewhere',
      'INVALID_PARAMETER',
      'This sign-in was not started in this browser; sign in again',
      [{ field: 'state', issue: 'does not match the sign-in started here' }],
    );
  }
  const signIn = await services.signIns.take(sha256Hex(query.state), seconds(services));
  if (!signIn)
    throw new SignInFailure('expired', 'INVALID_PARAMETER', 'This sign-in is unknown, used or expired; sign in again', [
      { field: 'state', issue: 'is unknown, used or expired' },
    ]);
  // The person chose Cancel on Discord: back to the page, which says so (the state is used up).
  if (query.error === 'access_denied')
    return redirect(`${place.pageUrl}?signin=declined`, [clearCookie(SIGN_IN_COOKIE, place.signIn)]);
  // Discord failing on its side (RFC 6749 section 4.1.2.1) is its outage, not a refusal of this sign-in.
  if (query.error === 'server_error' || query.error === 'temporarily_unavailable')
    throw new ApiError(
      'UPSTREAM_ERROR',
      `Discord could not complete the sign-in (${query.error}); try again in a moment`,
    );
  if (query.error !== undefined || query.code === undefined)
    throw new ApiError('UNAUTHORIZED', `The sign-in was not authorized (${query.error ?? 'no code'})`);

  const account = await provider.account({
    code: query.code,
    verifier: signIn.verifier,
    redirectUri: signIn.redirectUri,
  });
  const id = randomToken();
  await services.sessions.put(sha256Hex(id), {
    accountId: account.id,
    accountName: account.name,
    csrfToken: randomToken(),
    createdAt: services.now().toISOString(),
    expiresAt: seconds(services) + SESSION_SECONDS,
  });
  return redirect(place.pageUrl, [
    setCookie(SESSION_COOKIE, id, SESSION_SECONDS, place.session),
    clearCookie(SIGN_IN_COOKIE, place.signIn),
  ]);
};
