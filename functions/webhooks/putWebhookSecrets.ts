import { checkWebhook, type DeliveryOutcome } from '../../shared/discord/poster';
import { ApiError } from '../../shared/http/errors';
import { jsonResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { storableSecrets } from '../../shared/webhooks/secrets';

/** Why Discord's answer about the webhook stops the registration. */
function refusal(check: Exclude<DeliveryOutcome, { kind: 'delivered' }>): ApiError {
  switch (check.kind) {
    case 'rejected':
      if (check.reason === 'notFound') return new ApiError('NOT_FOUND', 'Discord has no such webhook');
      if (check.reason === 'invalid') return new ApiError('UPSTREAM_ERROR', `Discord could not confirm the webhook (${check.status})`);
      // The API key is fine; it just does not prove control of this webhook.
      return new ApiError('FORBIDDEN', 'Discord rejected the webhook token: only whoever holds the webhook URL may register its secrets');
    case 'rateLimited':
      return new ApiError('RATE_LIMITED', `Discord is rate limiting this webhook; retry in ${check.retryAfterSeconds} s`, undefined, { 'Retry-After': String(check.retryAfterSeconds) });
    case 'failed':
      return new ApiError('UPSTREAM_ERROR', `Discord could not confirm the webhook: ${check.reason}`);
  }
}

/**
 * Replaces the signature secrets of a Discord webhook, after Discord confirms the token (so an
 * API key alone cannot lock someone else's webhook). Secrets are sealed or hashed, never stored
 * or answered in the clear; the answer names the providers that now require signed deliveries.
 */
export const putWebhookSecrets: RouteHandler<Routes['putWebhookSecrets']> = async ({ path, body }, context, deps) => {
  const check = await checkWebhook(path.id, path.token, { apiBase: deps.discordApiBase });
  if (check.kind !== 'delivered') throw refusal(check);
  const secrets = await storableSecrets(path.id, body.secrets, deps.secretBox);
  const updatedAt = deps.now().toISOString();
  await deps.webhookSecrets.replace({ webhookId: path.id, secrets, keyId: context.keyId ?? 'unknown', updatedAt });
  return jsonResponse({ webhookId: path.id, signedProviders: Object.keys(secrets).sort(), updatedAt }, context.requestId);
};
