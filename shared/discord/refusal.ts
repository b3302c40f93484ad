import { ApiError, type ErrorCode } from '../errors/apiError';
import type { DeliveryOutcome } from './poster';

/**
 * How one use of Discord words its refusals: what a wrong token means there, the lead of a failure,
 * and what a request Discord refuses as invalid is (the caller's, so a 4xx: retrying cannot help).
 */
export interface RefusalWording {
  wrongToken: ApiError;
  invalid: { code: ErrorCode; lead: string };
  failed: string;
}

/** The errors discordRefusal made: Discord's refusals, which the relay's metric counts apart. */
const byDiscord = new WeakSet<ApiError>();
export const isDiscordRefusal = (error: unknown): boolean => error instanceof ApiError && byDiscord.has(error);

/** Why Discord's answer stops a request: one mapping for the relay (posting) and secret registration (checking). */
export function discordRefusal(
  outcome: Exclude<DeliveryOutcome, { kind: 'delivered' }>,
  wording: RefusalWording,
): ApiError {
  const error = refusal(outcome, wording);
  byDiscord.add(error);
  return error;
}

function refusal(outcome: Exclude<DeliveryOutcome, { kind: 'delivered' }>, wording: RefusalWording): ApiError {
  switch (outcome.kind) {
    case 'rejected':
      if (outcome.reason === 'unauthorized') return wording.wrongToken;
      if (outcome.reason === 'notFound') return new ApiError('NOT_FOUND', 'Discord has no such webhook');
      return new ApiError(
        wording.invalid.code,
        `${wording.invalid.lead} (${outcome.status}${outcome.error ? `: ${outcome.error}` : ''})`,
      );
    case 'rateLimited':
      return new ApiError(
        'RATE_LIMITED',
        `Discord is rate limiting this webhook; retry in ${outcome.retryAfterSeconds} s`,
        undefined,
        { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    case 'failed':
      return new ApiError('UPSTREAM_ERROR', `${wording.failed}: ${outcome.reason}`);
  }
}
