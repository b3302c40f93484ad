import { SNOWFLAKE } from '../patterns';
import {
  ownedWebhooksData,
  ownedWebhooksQuery,
  relayTokenData,
  renameBody,
  renamedData,
  providerListData,
  relayHeaders,
  relayPath,
  relayQuery,
  removedWebhookData,
  replayBody,
  replayData,
  secretsBody,
  secretsData,
  webhookIdPath,
  webhookPath,
  webhookRegistrationBody,
} from '../schemas/webhooks';
import { csrfHeaders } from '../schemas/dashboard';
import { defineRoute } from '../types';

const WEBHOOK_EXAMPLE = {
  id: '1234567890123456789',
  token: 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-aBcDeFgHiJkLmNoPqRsTuVwXyZ01',
};

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
    probe: true,
    // Per id and token: posts with a wrong token (webhook ids are public) cannot spend the real token's quota.
    rateLimitBy: { pathParameter: 'id', pattern: SNOWFLAKE, prefix: 'webhook', hashedParameter: 'token' },
    maxBodyBytes: 1024 * 1024,
    summary: "Relay a provider's webhook delivery to the Discord webhook {id}/{token}",
    // Besides its shape's: Discord refusing the token (401) or knowing no such
    // webhook (404), and failing (502, when the delivery cannot be queued).
    // A message Discord refuses as invalid is INVALID_BODY (400): no retry of it can pass.
    errors: ['UNAUTHORIZED', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    schemas: { path: relayPath, query: relayQuery, headers: relayHeaders },
    example: { path: { id: WEBHOOK_EXAMPLE.id, token: WEBHOOK_EXAMPLE.token, provider: 'github' } },
  }),
  putWebhookSecrets: defineRoute({
    method: 'PUT',
    path: '/v1/webhooks/{id}/{token}',
    group: 'webhooks',
    auth: 'apiKey',
    response: 'json',
    summary:
      'Register the signature secrets (per provider) that deliveries to the Discord webhook {id}/{token} must carry',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    schemas: { path: webhookPath, body: secretsBody, data: secretsData },
    maxBodyBytes: 16 * 1024,
    example: { path: WEBHOOK_EXAMPLE, body: { secrets: { github: 'my-signing-secret' } } },
  }),
  dashboardWebhooks: defineRoute({
    method: 'GET',
    path: '/dashboard/api/webhooks',
    group: 'webhooks',
    auth: 'session',
    response: 'json',
    summary:
      'Your webhooks (whose signature secrets you registered), each with its recent deliveries and their ' +
      'outcomes: refused signatures and duplicates too',
    schemas: { query: ownedWebhooksQuery, data: ownedWebhooksData },
    example: {},
  }),
  dashboardRenameWebhook: defineRoute({
    method: 'PUT',
    path: '/dashboard/api/webhooks/{id}/name',
    group: 'webhooks',
    auth: 'session',
    response: 'json',
    summary: 'Give one of your webhooks the name the dashboard shows it by',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: webhookIdPath, headers: csrfHeaders, body: renameBody, data: renamedData },
    maxBodyBytes: 1024,
    example: { path: { id: WEBHOOK_EXAMPLE.id }, body: { name: 'Releases of the API repository' } },
  }),
  dashboardRelayToken: defineRoute({
    method: 'GET',
    path: '/dashboard/api/webhooks/{id}/relay-token',
    group: 'webhooks',
    auth: 'session',
    response: 'json',
    summary:
      "The Discord token of your webhook's relay URL, kept sealed since you saved it, for copying the URL " +
      'whole (404 for a webhook saved before tokens were kept: save it again)',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: webhookIdPath, data: relayTokenData },
    example: { path: { id: WEBHOOK_EXAMPLE.id } },
  }),
  dashboardSaveWebhook: defineRoute({
    method: 'POST',
    path: '/dashboard/api/webhooks',
    group: 'webhooks',
    auth: 'session',
    response: 'json',
    summary:
      'Register signature secrets of a Discord webhook named by its URL; it joins your webhooks. The secrets ' +
      "given join those you saved before (a provider's new secret replaces its old one); requireSignatures, " +
      'when left out, stays as it was',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    schemas: { headers: csrfHeaders, body: webhookRegistrationBody, data: secretsData },
    maxBodyBytes: 16 * 1024,
    example: {
      body: {
        webhookUrl: `https://discord.com/api/webhooks/${WEBHOOK_EXAMPLE.id}/${WEBHOOK_EXAMPLE.token}`,
        secrets: { github: 'my-signing-secret' },
      },
    },
  }),
  dashboardReplayDelivery: defineRoute({
    method: 'POST',
    path: '/dashboard/api/webhooks/{id}/replay',
    group: 'webhooks',
    auth: 'session',
    response: 'json',
    summary: "Post one of your webhook's failed deliveries to Discord again, once",
    errors: ['FORBIDDEN', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'],
    schemas: { path: webhookIdPath, headers: csrfHeaders, body: replayBody, data: replayData },
    maxBodyBytes: 1024,
    example: {
      path: { id: WEBHOOK_EXAMPLE.id },
      body: { provider: 'github', deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958' },
    },
  }),
  dashboardRemoveWebhook: defineRoute({
    method: 'DELETE',
    path: '/dashboard/api/webhooks/{id}',
    group: 'webhooks',
    auth: 'session',
    response: 'json',
    summary:
      "Remove one of your webhooks' signature secrets (deliveries are then accepted unsigned); it leaves your webhooks",
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    schemas: { path: webhookIdPath, headers: csrfHeaders, data: removedWebhookData },
    example: { path: { id: WEBHOOK_EXAMPLE.id } },
  }),
};
