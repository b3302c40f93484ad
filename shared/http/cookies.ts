/**
 * The session cookie, and the sign-in cookie that binds OAuth2 state to the
 * browser: set by the dashboard, read by every group that serves signed-in routes.
 */
export const SESSION_COOKIE = 'cbk_session';
export const SIGN_IN_COOKIE = 'cbk_signin';

/** A cookie's value from the Cookie header (RFC 6265 section 5.4: `name=value` pairs joined by `; `). */
export function readCookie(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const pair of (headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

export interface CookieScope {
  /** The URL path the cookie is sent to (the API's base path in front of it). */
  path: string;
  /** Behind https (always in AWS): the browser sends it over https only. */
  secure: boolean;
}

/**
 * A Set-Cookie value: never readable by scripts, sent on top-level navigations
 * from elsewhere (the return from Discord) but not on cross-site requests.
 */
export function setCookie(name: string, value: string, maxAgeSeconds: number, scope: CookieScope): string {
  return [
    `${name}=${value}`,
    `Path=${scope.path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(scope.secure ? ['Secure'] : []),
  ].join('; ');
}

export const clearCookie = (name: string, scope: CookieScope) => setCookie(name, '', 0, scope);
