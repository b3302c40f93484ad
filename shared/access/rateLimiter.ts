import ipaddr from 'ipaddr.js';
import type { RateCounterStore } from '../store';
import { standing } from '../store/slidingWindow';
import { UNAVAILABLE_RETRY_AFTER } from '../errors/unavailable';
import { ApiError } from '../errors/apiError';
import { positiveInteger } from '../config/positiveInteger';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix second at which the oldest request counted leaves the window (when full: room comes back). */
  reset: number;
  /** Seconds until a retry can succeed; set when not allowed. */
  retryAfter?: number;
}

export interface RateLimiterOptions {
  limit: number;
  now?: () => number;
}

/**
 * Sliding-window limiter: never more than `limit` requests let through in any 60 seconds (its window
 * is 61 whole seconds, slidingWindow.ts). Each request is one conditional write on the principal's
 * item, so the count is exact however many Lambda instances serve the principal at once; refusals
 * are counted beside it for the dashboard.
 */
export class RateLimiter {
  readonly limit: number;
  private readonly now: () => number;

  constructor(
    private readonly counters: RateCounterStore,
    options: RateLimiterOptions,
  ) {
    this.limit = options.limit;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one request of `principal` against `limit` (the limiter's own by default); `tag` names
   * the key whose usage it is on a principal keys share (a key slot's quota line).
   */
  async hit(
    principal: string,
    { limit = this.limit, tag }: { limit?: number; tag?: string } = {},
  ): Promise<RateDecision> {
    const nowMs = this.now();
    // A key's counts are its usage (30 days of charts, its "Last used"); anyone else's go with their hour.
    const usage = principal.startsWith(KEY_PRINCIPAL) || principal.startsWith(LINE_PRINCIPAL);
    const { allowed, state, second } = await this.counters.take({
      principal,
      limit,
      nowMs,
      keepUntil: usage ? Math.floor(nowMs / 1000) + USAGE_KEPT_SECONDS : 0,
      ...(tag === undefined ? {} : { tag }),
      recordLastUse: usage,
    });
    const { counted, reset, freeAt } = standing(state, limit, second);
    const full = counted >= limit;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - counted),
      reset: full ? freeAt : reset,
      ...(allowed ? {} : { retryAfter: Math.max(1, freeAt - second) }),
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
 * Principals: a key by its id, the dashboard's signed-in browser by its account (however many
 * sessions it has, wherever they are), anything unauthenticated by its source address. A key that
 * holds one of an account's slots is counted on that slot's line instead (linePrincipal): keys made,
 * used and revoked in turn continue one count, so they cannot multiply the account's quota.
 */
const KEY_PRINCIPAL = 'key:';
export const keyPrincipal = (keyId: string) => `${KEY_PRINCIPAL}${keyId}`;
export const accountPrincipal = (accountId: string) => `account:${accountId}`;
const LINE_PRINCIPAL = 'line:';
/** A key holding one of an account's slots is counted on the slot's line, which its successors continue. */
export const linePrincipal = (quotaLine: string) => `${LINE_PRINCIPAL}${quotaLine}`;
/** A key's usage on its line is tagged by the start of its random id: short names keep the item small. */
const usageTag = (keyId: string) => keyId.replace(/^key_/, '').slice(0, 8);

/**
 * Where a key's requests are counted, for the limiter and for the dashboard's reading of them: its
 * slot's line under its tag, else its own id (keys made before slot indexes, or without an owner).
 */
export const keyCounting = (keyId: string, quotaLine: string | undefined): { principal: string; tag?: string } =>
  quotaLine ? { principal: linePrincipal(quotaLine), tag: usageTag(keyId) } : { principal: keyPrincipal(keyId) };

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
