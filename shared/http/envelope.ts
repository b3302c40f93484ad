import type { ErrorCode, FieldIssue } from '../errors/apiError';

export interface Meta {
  generatedAt: string;
  requestId: string;
}

export const meta = (requestId: string, now: Date = new Date()): Meta => ({
  generatedAt: now.toISOString(),
  requestId,
});

export function successBody(data: unknown, requestId: string): string {
  return JSON.stringify({ success: true, data, meta: meta(requestId) });
}

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: FieldIssue[]): string {
  return JSON.stringify({
    success: false,
    error: { code, message, ...(details?.length ? { details } : {}) },
    meta: meta(requestId),
  });
}

/** The webhook relay's answer: `{"message"}`, with a `code` on errors (no data, no meta). */
export const messageBody = (message: string, code?: ErrorCode): string =>
  JSON.stringify({ message, ...(code ? { code } : {}) });
