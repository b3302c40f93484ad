import type { ApiMiddleware } from './types';

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 says for GET). */
export function clientHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const candidates = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return candidates.includes(etag) || candidates.includes('*');
}

/** Answers 304 with an empty body when the client already holds the response's ETag. */
export function conditionalGet(): ApiMiddleware {
  return {
    after: (request) => {
      const etag = request.response?.headers?.ETag;
      if (request.response?.statusCode !== 200 || typeof etag !== 'string') return;
      if (clientHolds(request.event.headers?.['if-none-match'], etag)) {
        const { 'Content-Type': _type, ...headers } = request.response.headers ?? {};
        request.response = { statusCode: 304, headers, body: '' };
      }
    },
  };
}
