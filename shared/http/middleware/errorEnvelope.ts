import type { RouteDefinition } from '../../routes/types';
import { errorBody, messageBody } from '../envelope';
import { ApiError } from '../../errors/apiError';
import { logger } from '../../logging/logger';
import type { ApiMiddleware } from './types';
import { StoreUnavailableError, UNAVAILABLE_RETRY_AFTER } from '../../errors/unavailable';

/**
 * Turns whatever was thrown into the error envelope of ../shared/API.md, in the shape
 * @middy/http-error-handler expects (statusCode, expose, message = body, headers); that
 * middleware, registered before this one, then writes the response.
 * A storage outage is a 503 with Retry-After; anything unforeseen is logged and becomes a 500.
 */
export function errorEnvelope(answers: RouteDefinition['answers'] = 'envelope'): ApiMiddleware {
  return {
    onError: (request) => {
      const error = toApiError(request.error);
      if (error.statusCode >= 500) logger.error('request failed', { error: request.error as Error });
      // The webhook relay's answers are {"message", "code"}, and never a 500 (a fault of ours is a 502 there).
      const asMessage = answers === 'message';
      const statusCode = asMessage && error.statusCode === 500 ? 502 : error.statusCode;
      const body = asMessage
        ? messageBody(error.message, error.code)
        : errorBody(error.code, error.message, request.context.requestId, error.details);
      request.error = Object.assign(new Error(body), {
        statusCode,
        expose: true,
        headers: { ...error.headers, 'Content-Type': 'application/json; charset=utf-8' },
      });
    },
  };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const headers = (error as { headers?: Record<string, string> } | null)?.headers ?? {};
  if (error instanceof StoreUnavailableError) {
    return new ApiError('SERVICE_UNAVAILABLE', 'A storage dependency is unavailable; retry shortly', undefined, {
      ...headers,
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER),
    });
  }
  return new ApiError('INTERNAL_ERROR', 'Internal error', undefined, headers);
}
