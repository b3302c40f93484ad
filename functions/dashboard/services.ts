import { signedInRoutes } from '../../shared/runtime/signedIn';
import { RateLimiter, rateLimitFromEnv } from '../../shared/access/rateLimiter';
import { slottedKeys, type SlottedKeyRegistry } from '../../shared/access/keySlots';
import { keyRegistryFromEnv } from './keyRegistry';
import { discordApiBaseFromEnv } from '../../shared/discord/poster';
import type { RouteDefinition } from '../../shared/routes/types';
import type { GroupKit, RouteHandler } from '../../shared/runtime/groupKit';
import type { AccountStore, ApiKeyStore, RateCounterStore, SessionStore, SignInStore } from '../../shared/store';
import { secretsManagerSecret } from './clientSecret';
import { discordSignIn, localSignIn, type SignInProvider } from './signInProviders';
import { dashboardPageUnavailable } from './pageUnavailable';
import { dashboardSignInFailurePage } from './signInFailurePage';

/** What the dashboard's routes use. */
export interface DashboardServices {
  sessions: SessionStore;
  signIns: SignInStore;
  apiKeys: ApiKeyStore;
  accounts: AccountStore;
  /**
   * Creates and revokes keys, counted against the account's slots:
   * the table alone locally; in AWS the usage plan's keys too.
   */
  keys: SlottedKeyRegistry;
  /** Discord, or the local server's development sign-in; undefined when neither is set up. */
  signIn: SignInProvider | undefined;
  /** Key creations per account and minute. */
  keyCreations: RateLimiter;
  /** The limiter's counts: a key's usage. */
  rateCounters: RateCounterStore;
  /** The quota per key and minute (RATE_LIMIT_PER_MINUTE): of a minute's count, what passed it was refused. */
  rateLimit: number;
  /** DASHBOARD_URL: the dashboard's public URL when the request's own Host should not be trusted to name it. */
  publicUrl: string | undefined;
  now: () => Date;
}

export type DashboardHandler<R extends RouteDefinition> = RouteHandler<R, DashboardServices>;

/** Key creations an account may make per minute. */
export const KEY_CREATIONS_PER_MINUTE = 10;

/** Which sign-in this function offers, from its environment. */
export function signInFromEnv(env: NodeJS.ProcessEnv = process.env): SignInProvider | undefined {
  const clientId = env.DISCORD_CLIENT_ID;
  if (clientId) {
    // In AWS the secret stays in Secrets Manager (its ARN here); locally it is the variable itself.
    const { DISCORD_CLIENT_SECRET: secret, DISCORD_CLIENT_SECRET_ARN: secretArn } = env;
    if (!secret && !secretArn) throw new Error('DISCORD_CLIENT_ID is set without DISCORD_CLIENT_SECRET');
    return discordSignIn({
      apiBase: discordApiBaseFromEnv(env),
      clientId,
      clientSecret: secretArn ? secretsManagerSecret(secretArn) : async () => secret as string,
    });
  }
  // Only the local server sets this (infra/local/server.ts); the AWS stack never does.
  return env.DASHBOARD_LOCAL_SIGN_IN === '1' ? localSignIn : undefined;
}

export const dashboardKit: GroupKit<DashboardServices> = {
  services: (stores) => ({
    sessions: stores.sessions,
    signIns: stores.signIns,
    apiKeys: stores.apiKeys,
    accounts: stores.accounts,
    keys: slottedKeys(keyRegistryFromEnv(stores.apiKeys), stores),
    signIn: signInFromEnv(),
    keyCreations: new RateLimiter(stores.rateCounters, { limit: KEY_CREATIONS_PER_MINUTE }),
    rateCounters: stores.rateCounters,
    rateLimit: rateLimitFromEnv(),
    publicUrl: process.env.DASHBOARD_URL || undefined,
    now: () => new Date(),
  }),
  output: () => [dashboardPageUnavailable, dashboardSignInFailurePage],
};

/**
 * The dashboard's signed-in routes: they get the session the chain checked (a live one, and the CSRF token on writes).
 */
export const signedIn = signedInRoutes<DashboardServices>();
