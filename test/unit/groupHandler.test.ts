import { describe, expect, test } from '@jest/globals';
import { svgResponse } from '../../shared/http/responses';
import { groupHandler } from '../../shared/http/stack';
import { envelopeOf, lambdaContext, memoryLimiter, proxyEvent, stackDeps } from './fixtures';

/** What a group function answers for events its routes do not match (the stack's ANY methods). */
const handler = groupHandler('rank-card', { rankCard: async () => svgResponse('<svg/>') }, stackDeps(memoryLimiter(60).limiter));

describe('group entry point', () => {
  test.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s on a known path -> 405 with Allow, before any key or limiter', async (method) => {
    const result = await handler({ ...proxyEvent({ requestId: 'req-405' }), httpMethod: method }, lambdaContext());
    expect(result.statusCode).toBe(405);
    expect(result.headers).toMatchObject({ Allow: 'GET', 'X-Request-Id': 'req-405', 'Content-Type': expect.stringMatching(/^application\/json/) });
    expect(envelopeOf(result)).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here; use GET` }, meta: { requestId: 'req-405' } });
  });

  test('a path of no route -> 404 envelope', async () => {
    const result = await handler({ ...proxyEvent(), resource: '/v1/nothing' }, lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(envelopeOf(result)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('services built from the environment', () => {
  test('are built on the first request, and a broken environment is a 500 envelope, not a crash', async () => {
    process.env.BOT_ONLINE_WINDOW_SECONDS = 'soon';
    try {
      // Building the group does not read the environment (the docs function imports handlers this way).
      const fromEnv = groupHandler('rank-card', { rankCard: async () => svgResponse('<svg/>') });
      const result = await fromEnv(proxyEvent({ requestId: 'req-env' }), lambdaContext());
      expect(result.statusCode).toBe(500);
      expect(envelopeOf(result)).toMatchObject({ success: false, error: { code: 'INTERNAL_ERROR', message: 'The function is misconfigured' }, meta: { requestId: 'req-env' } });
      // Other methods on the path still answer 405 without the services.
      expect((await fromEnv({ ...proxyEvent(), httpMethod: 'POST' }, lambdaContext())).statusCode).toBe(405);
    } finally {
      delete process.env.BOT_ONLINE_WINDOW_SECONDS;
    }
  });
});
