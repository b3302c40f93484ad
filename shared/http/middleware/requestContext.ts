import { randomUUID } from 'node:crypto';
import { logger } from '../../logging/logger';
import { addHeaders, type ApiMiddleware } from './types';

/**
 * Gives every request an id (API Gateway's, so it matches the access log, else a fresh one),
 * puts it and the caller on every log line, echoes it as X-Request-Id, and logs one line per
 * request with its status and duration. That line names its request itself: the logger's keys
 * belong to the process, which the local server shares between requests under way.
 */
export function requestContext(): ApiMiddleware {
  const started = new WeakMap<object, { at: number; keys: Record<string, unknown> }>();
  const finish = (request: Parameters<NonNullable<ApiMiddleware['after']>>[0]) => {
    addHeaders(request, { 'X-Request-Id': request.context.requestId });
    const status = request.response?.statusCode ?? (request.error as { statusCode?: number } | null)?.statusCode;
    const { at = Date.now(), keys = {} } = started.get(request) ?? {};
    logger.info('request', { ...keys, status, durationMs: Date.now() - at });
  };
  return {
    before: (request) => {
      const at = Date.now();
      const { event, context } = request;
      context.requestId = event.requestContext?.requestId || context.awsRequestId || randomUUID();
      context.keyId = (event.requestContext?.authorizer?.keyId as string | undefined) || undefined;
      context.account = (event.requestContext?.authorizer?.owner as string | undefined) || undefined;
      context.quotaLine = (event.requestContext?.authorizer?.quotaLine as string | undefined) || undefined;
      const keys = {
        requestId: context.requestId,
        method: event.httpMethod,
        route: event.resource,
        keyId: context.keyId,
        sourceIp: event.requestContext?.identity?.sourceIp,
      };
      started.set(request, { at, keys });
      logger.appendKeys(keys);
    },
    after: finish,
    onError: finish,
  };
}
