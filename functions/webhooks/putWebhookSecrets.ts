import { checkWebhook } from '../../shared/discord/poster';
import { discordRefusal } from '../../shared/discord/refusal';
import { ApiError } from '../../shared/errors/apiError';
import { jsonResponse } from '../../shared/http/responses';
import type { WebhookHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { storableSecrets } from '../../shared/webhooks/secrets';

const WORDING = {
  // The API key is fine; it just does not prove control of this webhook.
  wrongToken: new ApiError('FORBIDDEN', 'Discord rejected the webhook token: only whoever holds the webhook URL may register its secrets'),
  refused: 'Discord could not confirm the webhook',
  failed: 'Discord could not confirm the webhook',
};

/**
 * Replaces the signature secrets of a Discord webhook, after Discord confirms the token (so an
 * API key alone cannot lock someone else's webhook). Secrets are sealed or hashed, never stored
 * or answered in the clear; the answer names the providers that now require signed deliveries
 * (all of them with `requireSignatures`).
 */
export const putWebhookSecrets: WebhookHandler<Routes['putWebhookSecrets']> = async ({ path, body }, context, deps) => {
  // What Discord says counts for the relay too: a confirmed token is known good, a refused one remembered.
  const pair = await deps.pairGuard.recall(path.id, path.token);
  const check = await deps.pairGuard.consult(pair, (onInvalidAnswer) => checkWebhook(path.id, path.token, { apiBase: deps.discordApiBase, onInvalidAnswer }));
  if (check.kind !== 'delivered') throw discordRefusal(check, WORDING);
  const secrets = await storableSecrets(path.id, body.secrets, deps.secretBox);
  const updatedAt = deps.now().toISOString();
  const requireSignatures = body.requireSignatures === true;
  await deps.webhookSecrets.replace({ webhookId: path.id, secrets, ...(requireSignatures ? { requireSignatures } : {}), keyId: context.keyId ?? 'unknown', updatedAt });
  return jsonResponse({ webhookId: path.id, signedProviders: Object.keys(secrets).sort(), requireSignatures, updatedAt }, context.requestId);
};
