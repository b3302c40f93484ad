import { describe, expect, jest, test } from '@jest/globals';

// Powertools reads these when the logger is built (on import): the switch an operator could flip
// in the console to log whole events, and a level at which the request line is written.
process.env.POWERTOOLS_LOGGER_LOG_EVENT = 'true';
process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
const { routes } = await import('../../shared/routes/table');
const { lambdaContext, memoryLimiter, proxyEvent, allServices, wrapRoute } = await import('./fixtures');

/** A Discord webhook token (in the relay's URL) never reaches the function's log. */
describe('function logs', () => {
  test('a relay request logs its route template, never its token, even with event logging on', async () => {
    const parameters = routes.relayWebhook.example.path!;
    const event = {
      ...proxyEvent({ method: 'POST', resource: routes.relayWebhook.path, query: null, keyId: null, body: '{}' }),
      path: `/webhooks/${parameters.id}/${parameters.token}/${parameters.provider}`,
      pathParameters: { ...parameters },
    };
    const written: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      const handler = wrapRoute(
        routes.relayWebhook,
        async () => ({ statusCode: 200, headers: {}, body: '{"message":"forwarded: push"}' }),
        allServices(memoryLimiter(60).limiter),
      );
      await handler(event, lambdaContext());
    } finally {
      write.mockRestore();
    }
    const log = written.join('');
    expect(log).toContain(`"route":"${routes.relayWebhook.path}"`);
    expect(log).not.toContain(parameters.token);
  });
});
