import { describe, expect, test } from '@jest/globals';
import { svgResponse } from '../../shared/http/responses';
import { groupHandler } from '../../shared/http/stack';
import { envelopeOf, lambdaContext, memoryLimiter, proxyEvent, stackDeps } from './fixtures';

/** What a group function answers for events its routes do not match (none reach it: the gateway answers 404 and 405). */
const handler = groupHandler('rank-card', { rankCard: async () => svgResponse('<svg/>') }, stackDeps(memoryLimiter(60).limiter));

describe('group entry point', () => {
  test.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s on a path it serves only by GET -> 404 envelope, before any key or limiter', async (method) => {
    const result = await handler({ ...proxyEvent({ requestId: 'req-404' }), httpMethod: method }, lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(envelopeOf(result)).toMatchObject({ success: false, error: { code: 'NOT_FOUND', message: `No route ${method} /v1/images/rank-card in group rank-card` }, meta: { requestId: 'req-404' } });
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
      // Events it does not serve are answered without the services.
      expect((await fromEnv({ ...proxyEvent(), httpMethod: 'POST' }, lambdaContext())).statusCode).toBe(404);
    } finally {
      delete process.env.BOT_ONLINE_WINDOW_SECONDS;
    }
  });
});
