/** Where an error answer's fields are: the API's envelope, or the webhook relay's `{message, code}`. */
interface ErrorAnswer {
  error?: { code?: unknown; message?: unknown; details?: unknown };
  meta?: { requestId?: unknown };
  message?: unknown;
  code?: unknown;
}

export interface ErrorDetail {
  field?: string;
  issue?: string;
}

/** An answer other than a success: its status, the API's error code and message, and what it said about retrying. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status (400, 401, 403, 404, 413, 429, 503, ...). */
  readonly status: number;
  /** The API's error code: INVALID_PARAMETER, UNAUTHORIZED, RATE_LIMITED, ... (HTTP_<status> without one). */
  readonly code: string;
  /** The request's id, for a support request or the server's logs (undefined when the answer had none). */
  readonly requestId: string | undefined;
  /** Seconds to wait before trying again, from Retry-After (undefined without one). */
  readonly retryAfter: number | undefined;
  /** Which fields were wrong and why, on a 400. */
  readonly details: ErrorDetail[];

  constructor(fields: {
    status: number;
    code: string;
    message: string;
    requestId?: string;
    retryAfter?: number;
    details?: ErrorDetail[];
  }) {
    super(fields.message);
    this.status = fields.status;
    this.code = fields.code;
    this.requestId = fields.requestId;
    this.retryAfter = fields.retryAfter;
    this.details = fields.details ?? [];
  }

  /** The error an answer carries (its body read here). */
  static async from(response: Response): Promise<ApiError> {
    const text = await response.text();
    let answer: ErrorAnswer = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') answer = parsed as ErrorAnswer;
    } catch {}
    const string = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    const details = Array.isArray(answer.error?.details) ? (answer.error.details as ErrorDetail[]) : [];
    return new ApiError({
      status: response.status,
      code: string(answer.error?.code) ?? string(answer.code) ?? `HTTP_${response.status}`,
      message:
        string(answer.error?.message) ??
        string(answer.message) ??
        `${response.status} ${response.statusText || 'error'}`.trim(),
      requestId: string(answer.meta?.requestId) ?? response.headers.get('X-Request-Id') ?? undefined,
      retryAfter: retryAfterSeconds(response.headers.get('Retry-After')),
      details,
    });
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
