import { describe, expect, test } from '@jest/globals';
import { svgResponse } from '../../shared/http/responses';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import * as bots from '../../functions/bots/index';
import { webhookKit } from '../../functions/webhooks/services';
import { botRoutes } from '../../shared/routes/groups/bots';
import { rankCardRoutes } from '../../shared/routes/groups/rankCard';
import { routes } from '../../shared/routes/table';
import { NO_SERVICES, type GroupKit } from '../../shared/runtime/groupKit';
import { createStores } from '../../shared/store';
import { envelopeOf, lambdaContext, memoryLimiter, proxyEvent, allServices } from './fixtures';

/**
 * What a group function answers for events its routes do not match (none reach it: the gateway answers 404 and 405).
 */
const handler = groupHandler(
  rankCardRoutes,
  { rankCard: async () => svgResponse('<svg/>') },
  pictureKit,
  allServices(memoryLimiter(60).limiter),
);

describe('group entry point', () => {
  test.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    '%s on a path it serves only by GET -> 404 envelope, before any key or limiter',
    async (method) => {
      const result = await handler({ ...proxyEvent({ requestId: 'req-404' }), httpMethod: method }, lambdaContext());
      expect(result.statusCode).toBe(404);
      expect(envelopeOf(result)).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', message: `No route ${method} /v1/images/rank-card in group rank-card` },
        meta: { requestId: 'req-404' },
      });
    },
  );

  test('a path of no route -> 404 envelope', async () => {
    const result = await handler({ ...proxyEvent(), resource: '/v1/nothing' }, lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(envelopeOf(result)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('a group function', () => {
  test('serves the routes of one group only', () => {
    const mixed = { rankCard: rankCardRoutes.rankCard, getBot: botRoutes.getBot };
    const answer = async () => svgResponse('<svg/>');
    expect(() => groupHandler(mixed, { rankCard: answer, getBot: answer }, pictureKit)).toThrow(
      'a function serves the routes of one group, not rank-card, bots',
    );
    expect(() => groupHandler({}, {}, pictureKit)).toThrow('not none');
  });
});

describe('services built from the environment', () => {
  test('are built on the first request, and a broken environment is a 500 envelope, not a crash', async () => {
    process.env.BOT_ONLINE_WINDOW_SECONDS = 'soon';
    try {
      // Building the group does not read the environment (the docs function imports handlers this way).
      const fromEnv = groupHandler(botRoutes, bots.handlers, bots.kit);
      const result = await fromEnv(
        proxyEvent({ requestId: 'req-env', resource: routes.listBots.path, query: null }),
        lambdaContext(),
      );
      expect(result.statusCode).toBe(500);
      expect(envelopeOf(result)).toMatchObject({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: 'The function is misconfigured' },
        meta: { requestId: 'req-env' },
      });
      // Events it does not serve are answered without the services.
      expect(
        (await fromEnv({ ...proxyEvent({ resource: routes.listBots.path }), httpMethod: 'PATCH' }, lambdaContext()))
          .statusCode,
      ).toBe(404);
    } finally {
      delete process.env.BOT_ONLINE_WINDOW_SECONDS;
    }
  });
});

describe('each group builds only its own services', () => {
  const stores = createStores({
    tableName: 'unused-in-unit-tests',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
  });
  test.each<[string, GroupKit<object>, string[]]>([
    ['pictures', pictureKit, ['images']],
    // The sessions of their dashboard routes are the chain's (signedInSession), not theirs.
    ['bots', bots.kit, ['bots', 'discordApiBase', 'now', 'onlineWindowSeconds', 'verifications']],
    [
      'webhooks',
      webhookKit,
      [
        'attempts',
        'deliveries',
        'discordApiBase',
        'kicker',
        'now',
        'pairGuard',
        'refusedAttempts',
        'retryBackoffSeconds',
        'retryQueue',
        'secretBox',
        'webhookSecrets',
      ],
    ],
    ['docs', NO_SERVICES, []],
  ])('%s', (_name, kit, names) => {
    process.env.SECRETS_KEY = Buffer.alloc(32, 1).toString('base64');
    try {
      expect(Object.keys(kit.services(stores)).sort()).toEqual(names);
    } finally {
      delete process.env.SECRETS_KEY;
    }
  });

  test('only the image groups turn SVG into PNG', () => {
    expect(pictureKit.output?.()).toHaveLength(1);
    for (const kit of [bots.kit, webhookKit, NO_SERVICES] as { output?: unknown }[]) expect(kit.output).toBeUndefined();
  });
});
