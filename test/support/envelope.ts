import { expect } from '@jest/globals';
import type { Reply } from './localApi';

/** The error envelope of ../shared/API.md, with a request id that matches X-Request-Id when present. */
export function expectErrorEnvelope(reply: Reply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  expect(reply.json).toEqual({
    success: false,
    error: expect.objectContaining({ code, message: expect.any(String) }),
    meta: { generatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), requestId: expect.any(String) },
  });
  const requestId = reply.headers.get('x-request-id');
  if (requestId) expect(reply.json.meta.requestId).toBe(requestId);
}
