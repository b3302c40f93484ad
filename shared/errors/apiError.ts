/** The error codes of ../shared/API.md, with the status each one answers with. */
export const ERROR_STATUS = {
  MISSING_PARAMETER: 400,
  INVALID_PARAMETER: 400,
  INVALID_BODY: 400,
  IMAGE_FETCH_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UPSTREAM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldIssue {
  field: string;
  issue: string;
}

/** An error a client is meant to see: it becomes the JSON error envelope with its status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  /** Read by @middy/http-error-handler: only exposed errors reach the client as they are. */
  readonly expose = true;

  /**
   * Several failures of one request as one answer: the first one's code and message, every
   * one's details. Anything that is not an ApiError is a fault and is thrown as it is.
   */
  static combine(errors: unknown[]): ApiError {
    const unexpected = errors.find((error) => !(error instanceof ApiError));
    if (unexpected !== undefined || errors.length === 0) throw unexpected ?? new Error('nothing to combine');
    const [first, ...rest] = errors as [ApiError, ...ApiError[]];
    return new ApiError(
      first.code,
      first.message,
      [first, ...rest].flatMap((error) => error.details ?? []),
      first.headers,
    );
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    public headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}
