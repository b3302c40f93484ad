import { SNOWFLAKE } from '../patterns';
import { providerListData, relayHeaders, relayPath, secretsBody, secretsData, webhookPath } from '../schemas/webhooks';
import { defineRoute } from '../types';

const WEBHOOK_EXAMPLE = { id: '1234567890123456789', token: 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-aBcDeFgHiJkLmNoPqRsTuVwXyZ01' };

/** The webhooks group's routes (functions/webhooks/): its part of the route table (table.ts). */
export const webhookRoutes = {
  listWebhooks: defineRoute({
    method: 'GET',
    path: '/webhooks',
    group: 'webhooks',
    auth: 'none',
    response: 'json',
    summary: 'The providers the webhook relay speaks and the events it renders',
    schemas: { data: providerListData },
    example: {},
  }),
  relayWebhook: defineRoute({
    method: 'POST',
    path: '/webhooks/{id}/{token}/{provider}',
    group: 'webhooks',
    auth: 'none',
    response: 'json',
    answers: 'message',
    rawBody: true,
    // Per id and token: posts with a wrong token (webhook ids are public) cannot spend the real token's quota.
    rateLimitBy: { pathParameter: 'id', pattern: SNOWFLAKE, prefix: 'webhook', hashedParameter: 'token' },
    maxBodyBytes: 1024 * 1024,
    summary: "Relay a provider's webhook delivery to the Discord webhook {id}/{token}",
    errors: ['UNAUTHORIZED', 'UPSTREAM_ERROR'],
    schemas: { path: relayPath, headers: relayHeaders },
    example: { path: { id: WEBHOOK_EXAMPLE.id, token: WEBHOOK_EXAMPLE.token, provider: 'github' } },
  }),
  putWebhookSecrets: defineRoute({
    method: 'PUT',
    path: '/v1/webhooks/{id}/{token}',
    group: 'webhooks',
    auth: 'apiKey',
    response: 'json',
    summary: 'Register the signature secrets (per provider) that deliveries to the Discord webhook {id}/{token} must carry',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    schemas: { path: webhookPath, body: secretsBody, data: secretsData },
    maxBodyBytes: 16 * 1024,
    example: { path: WEBHOOK_EXAMPLE, body: { secrets: { github: 'my-signing-secret' } } },
  }),
};
