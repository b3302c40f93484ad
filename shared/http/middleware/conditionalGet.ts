import type { ApiMiddleware } from './types';

/** Answers 304 with an empty body when the client already holds the response's ETag. */
export function conditionalGet(): ApiMiddleware {
  return {
    after: (request) => {
      const etag = request.response?.headers?.ETag;
      const ifNoneMatch = request.event.headers?.['if-none-match'];
      if (!request.response || request.response.statusCode !== 200 || typeof etag !== 'string' || !ifNoneMatch) return;
      const candidates = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (candidates.includes(etag) || candidates.includes('*')) {
        const { 'Content-Type': _type, ...headers } = request.response.headers ?? {};
        request.response = { statusCode: 304, headers, body: '' };
      }
    },
  };
}
