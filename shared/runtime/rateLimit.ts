import { sha256Hex } from '../crypto/hash';
import { accountPrincipal, ipPrincipal, keyPrincipal, rateLimitHeaders, type RateLimiter } from '../access/rateLimiter';
import type { RouteDefinition } from '../routes/types';
import { ApiError } from '../errors/apiError';
import { addHeaders, type ApiMiddleware } from '../http/middleware/types';

/**
 * Counts the request against its key, its signed-in account (a session signedInSession checked
 * just before), or else its source IP, before the route's own work is done, answers 429 over the quota,
 * and puts X-RateLimit-* on every response, errors included.
 * If the counter store is down the store error propagates (-> 503) with conservative headers.
 */
export function rateLimit(limiter: RateLimiter, by?: RouteDefinition['rateLimitBy']): ApiMiddleware {
  const withHeaders: NonNullable<ApiMiddleware['after']> = (request) => {
    // A refusal by a limit of its own carries that limit's headers (paceRefusal).
    if ((request.error as { headers?: Record<string, string> } | null)?.headers?.['X-RateLimit-Limit'] !== undefined) return;
    addHeaders(request, request.context.rateHeaders ?? rateLimitHeaders(limiter.unavailable()));
  };
  return {
    before: async (request) => {
      const { context, event } = request;
      // Per route parameter (a webhook id, and its token's hash) when it is well-formed; else per key or account, else per IP.
      const parameter = by ? event.pathParameters?.[by.pathParameter] : undefined;
      const hashed = by?.hashedParameter ? `:${sha256Hex(event.pathParameters?.[by.hashedParameter] ?? '')}` : '';
      const principal =
        by && parameter && by.pattern.test(parameter)
          ? `${by.prefix}:${parameter}${hashed}`
          : context.keyId
            ? keyPrincipal(context.keyId)
            : context.session
              ? accountPrincipal(context.session.accountId)
              : ipPrincipal(event.requestContext?.identity?.sourceIp ?? 'unknown');
      const decision = await limiter.hit(principal);
      context.rateHeaders = rateLimitHeaders(decision);
      if (!decision.allowed) {
        throw new ApiError('RATE_LIMITED', `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfter} s`);
      }
    },
    after: withHeaders,
    onError: withHeaders,
  };
}
