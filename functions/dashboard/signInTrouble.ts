import { ApiError, type ErrorCode, type FieldIssue } from '../../shared/errors/apiError';

/**
 * Why a sign-in did not finish, as a person is told it (signInFailurePage.ts): the sign-in is too
 * old or already used, it belongs to another browser or tab, Discord turned it down, Discord failed.
 * `other` is anything else (sign-in not set up, the local sign-in from afar, a quota, an outage).
 */
export type SignInTrouble = 'expired' | 'elsewhere' | 'refused' | 'discordFailed' | 'other';

/** An ApiError that also says which trouble it is: the JSON envelope reads its code, the page its trouble. */
export class SignInFailure extends ApiError {
  constructor(
    readonly trouble: SignInTrouble,
    code: ErrorCode,
    message: string,
    details?: FieldIssue[],
  ) {
    super(code, message, details);
  }
}

/** The trouble behind what a sign-in route threw: tagged by the handler, else read from the error's code. */
export function troubleOf(error: unknown): SignInTrouble {
  if (error instanceof SignInFailure) return error.trouble;
  if (!(error instanceof ApiError)) return 'other';
  if (error.code === 'UPSTREAM_ERROR') return 'discordFailed';
  if (error.code === 'UNAUTHORIZED') return 'refused';
  // The callback's query broken (no state, an overlong one): not a link this server sent anyone.
  if (error.details?.some((detail) => ['state', 'code', 'error'].includes(detail.field))) return 'elsewhere';
  return 'other';
}
