import ipaddr from 'ipaddr.js';
import type { RateCounterStore } from '../store';
import { UNAVAILABLE_RETRY_AFTER } from '../errors/unavailable';
import { ApiError } from '../errors/apiError';
import { positiveInteger } from '../config/positiveInteger';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the current window ends. */
  reset: number;
  /** Seconds until a retry can succeed; set when not allowed. */
  retryAfter?: number;
}

export interface RateLimiterOptions {
  limit: number;
  windowSeconds?: number;
  now?: () => number;
}

/**
 * Fixed-window limiter: one atomic counter per principal and window, so the count is exact
 * however many Lambda instances serve the principal at once. Every hit is counted, allowed or not.
 */
export class RateLimiter {
  readonly limit: number;
  private readonly windowSeconds: number;
  private readonly now: () => number;

  constructor(
    private readonly counters: RateCounterStore,
    options: RateLimiterOptions,
  ) {
    this.limit = options.limit;
    this.windowSeconds = options.windowSeconds ?? 60;
    this.now = options.now ?? Date.now;
  }

  /** Counts one request of `principal` against `limit` a window (the limiter's own by default). */
  async hit(principal: string, limit = this.limit): Promise<RateDecision> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const windowStart = nowSeconds - (nowSeconds % this.windowSeconds);
    const reset = windowStart + this.windowSeconds;
    const isKey = principal.startsWith(KEY_PRINCIPAL);
    // A key's counts are its usage (the dashboard's charts, 30 days); anyone else's go one window after their end.
    const keepUntil = isKey ? reset + USAGE_KEPT_SECONDS : reset + this.windowSeconds;
    // A key's hits also say when it was last used, to the second (the dashboard's "Last used").
    const count = await this.counters.increment(principal, windowStart, keepUntil, isKey ? nowSeconds : undefined);
    const allowed = count <= limit;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      reset,
      ...(allowed ? {} : { retryAfter: Math.max(1, reset - nowSeconds) }),
    };
  }

  unavailable(): RateDecision {
    return unavailableDecision(this.limit, this.now());
  }
}

/** The conservative answer when the counter store is down: nothing left, come back shortly. */
export function unavailableDecision(limit: number, nowMs: number = Date.now()): RateDecision {
  const retryAfter = UNAVAILABLE_RETRY_AFTER;
  return { allowed: false, limit, remaining: 0, reset: Math.floor(nowMs / 1000) + retryAfter, retryAfter };
}

/**
 * Of two counts of one request, the one that binds: a refusal, else
 * the one with fewer left; `wider` on a tie (its limit says more).
 */
export function tighter(own: RateDecision, wider: RateDecision): RateDecision {
  if (own.allowed !== wider.allowed) return own.allowed ? wider : own;
  return wider.remaining <= own.remaining ? wider : own;
}

/**
 * Principals: a key by its id, the dashboard's signed-in browser by its account (however many
 * sessions it has, wherever they are), anything unauthenticated by its source address. An
 * account's keys are also counted together (accountKeysPrincipal): keys made, used and revoked
 * in turn leave their counts there, so they cannot multiply the account's quota.
 */
const KEY_PRINCIPAL = 'key:';
export const keyPrincipal = (keyId: string) => `${KEY_PRINCIPAL}${keyId}`;
export const accountPrincipal = (accountId: string) => `account:${accountId}`;
export const accountKeysPrincipal = (accountId: string) => `account-keys:${accountId}`;

/** How long a key's request counts are kept: its usage over the last 30 days, and a day to spare. */
export const USAGE_KEPT_SECONDS = 31 * 24 * 3600;
export const ipPrincipal = (sourceIp: string) => `ip:${addressBlock(sourceIp)}`;

/**
 * The block one caller holds: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6
 * address by its /64, which a single subscriber gets whole and could otherwise walk through to
 * reset any per-address quota.
 */
export function addressBlock(sourceIp: string): string {
  if (!ipaddr.isValid(sourceIp)) return sourceIp;
  const parsed = ipaddr.process(sourceIp);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.reset),
    ...(decision.retryAfter !== undefined ? { 'Retry-After': String(decision.retryAfter) } : {}),
  };
}

/**
 * A 429 from a limit of its own (key creations, verifications, new webhooks per address): its
 * X-RateLimit-* headers are that limit's, and the request quota's headers (rateLimit middleware)
 * do not replace them, so a client never reads "29 remaining" on a refusal.
 */
export function paceRefusal(decision: RateDecision, what: `${string} a minute${string}`): ApiError {
  const retryAfter = decision.retryAfter ?? 60;
  return new ApiError(
    'RATE_LIMITED',
    `At most ${decision.limit} ${what}; retry in ${retryAfter} s`,
    undefined,
    rateLimitHeaders({ ...decision, retryAfter }),
  );
}

/** The limiter every Lambda (functions and authorizer) builds at cold start. */
export const limiterFromEnv = (counters: RateCounterStore) => new RateLimiter(counters, { limit: rateLimitFromEnv() });

export function rateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 60);
}
