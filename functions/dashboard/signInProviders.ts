import { ApiError } from '../../shared/errors/apiError';
import { logger } from '../../shared/logging/logger';

/** Who signed in: an account is a Discord user id (on the local server, the local developer). */
export interface Account {
  id: string;
  name: string;
}

/** The two halves of an OAuth2 authorization-code sign-in with PKCE (RFC 6749 section 4.1, RFC 7636). */
export interface SignInProvider {
  /** `local` when this is the local server's development sign-in (the page labels it so). */
  kind: 'discord' | 'local';
  /** Where the browser goes to authorize. */
  authorizeUrl(request: { state: string; challenge: string; redirectUri: string }): string;
  /** The account behind an authorization code (the code and verifier are used once, then dropped). */
  account(grant: { code: string; verifier: string; redirectUri: string }): Promise<Account>;
}

export interface DiscordApp {
  /** DISCORD_API_BASE: {base}/oauth2/authorize, {base}/oauth2/token, {base}/users/@me. */
  apiBase: string;
  clientId: string;
  /** Read when first needed (in AWS from Secrets Manager). */
  clientSecret: () => Promise<string>;
  timeoutMs?: number;
}

/** Sign-in with a Discord application, scope `identify`: the user's id and name, nothing else. */
export function discordSignIn(app: DiscordApp): SignInProvider {
  const timeout = () => AbortSignal.timeout(app.timeoutMs ?? 5_000);
  return {
    kind: 'discord',
    authorizeUrl: ({ state, challenge, redirectUri }) =>
      `${app.apiBase}/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: app.clientId,
        scope: 'identify',
        redirect_uri: redirectUri,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        prompt: 'none',
      })}`,
    async account({ code, verifier, redirectUri }) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: app.clientId,
        client_secret: await app.clientSecret(),
      });
      const token = await discordJson<{ access_token?: unknown; token_type?: unknown }>(
        'token',
        `${app.apiBase}/oauth2/token`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form.toString(),
          signal: timeout(),
        },
      );
      if (typeof token.access_token !== 'string') throw upstream('token', 'no access token in the answer');
      // The access token is used for this one read and then forgotten: nothing of Discord's is kept.
      const user = await discordJson<{ id?: unknown; username?: unknown; global_name?: unknown }>(
        'user',
        `${app.apiBase}/users/@me`,
        {
          headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' },
          signal: timeout(),
        },
      );
      if (typeof user.id !== 'string' || !/^[0-9]{1,20}$/.test(user.id))
        throw upstream('user', 'no user id in the answer');
      const name =
        typeof user.global_name === 'string' && user.global_name
          ? user.global_name
          : typeof user.username === 'string'
            ? user.username
            : user.id;
      return { id: user.id, name };
    },
  };
}

/**
 * The local server's sign-in when no Discord application is configured: the "authorization"
 * is the callback itself, and every sign-in is the local developer, who owns the key `npm start`
 * prints. The local server alone turns it on, and the handler takes it from loopback callers only.
 */
export const LOCAL_ACCOUNT: Account = { id: 'local', name: 'Local developer' };
export const localSignIn: SignInProvider = {
  kind: 'local',
  authorizeUrl: ({ state, redirectUri }) => `${redirectUri}?${new URLSearchParams({ state, code: 'local' })}`,
  account: async () => LOCAL_ACCOUNT,
};

/** A Discord answer as JSON; a refusal (the code used, expired or forged) is a 401, an outage a 502. */
async function discordJson<T>(step: 'token' | 'user', url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw upstream(step, (error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable');
  }
  if (response.status === 400 || response.status === 401) {
    await response.body?.cancel();
    logger.info('Discord refused the sign-in', { step, status: response.status });
    throw new ApiError(
      'UNAUTHORIZED',
      'Discord did not accept this sign-in (the code is used, expired or not ours); sign in again',
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw upstream(step, `status ${response.status}`);
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw upstream(step, 'not JSON');
  }
}

function upstream(step: string, why: string): ApiError {
  logger.warn('Discord sign-in call failed', { step, why });
  return new ApiError('UPSTREAM_ERROR', 'Discord could not complete the sign-in; try again in a moment');
}
