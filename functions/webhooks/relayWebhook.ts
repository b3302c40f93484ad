import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { fitMessage } from '../../shared/discord/message';
import type { DeliveryOutcome } from '../../shared/discord/poster';
import { messageBody } from '../../shared/http/envelope';
import { ApiError, type ErrorCode } from '../../shared/http/errors';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { forwardToDiscord, tokenContext } from '../../shared/webhooks/forward';
import { PayloadError, type Provider, type ProviderDelivery } from '../../shared/webhooks/provider';
import { providerNamed } from '../../shared/webhooks/providers/index';
import { verifyDelivery } from '../../shared/webhooks/secrets';

const answer = (statusCode: number, message: string, code?: ErrorCode, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  body: messageBody(message, code),
});

/** What the caller (the provider) is told about Discord's answer. */
function outcomeAnswer(outcome: DeliveryOutcome, event: string): APIGatewayProxyResult {
  switch (outcome.kind) {
    case 'delivered':
      return answer(200, `forwarded: ${event}`);
    case 'rejected':
      if (outcome.reason === 'unauthorized') return answer(401, 'Discord rejected the webhook token', 'UNAUTHORIZED');
      if (outcome.reason === 'notFound') return answer(404, 'Discord has no such webhook', 'NOT_FOUND');
      return answer(502, `Discord refused the message (${outcome.status})`, 'UPSTREAM_ERROR');
    case 'rateLimited':
      return answer(429, `Discord is rate limiting this webhook; retry in ${outcome.retryAfterSeconds} s`, 'RATE_LIMITED', { 'Retry-After': String(outcome.retryAfterSeconds) });
    case 'failed':
      return answer(502, `Discord failed: ${outcome.reason}`, 'UPSTREAM_ERROR');
  }
}

function readDelivery(provider: Provider, delivery: ProviderDelivery) {
  try {
    return provider.read(delivery);
  } catch (error) {
    if (error instanceof PayloadError) throw new ApiError('INVALID_BODY', error.message);
    throw error;
  }
}

/**
 * A provider's delivery: verified when the webhook registered a secret for the provider, read,
 * rendered within Discord's limits and posted to the Discord webhook. Every delivery is claimed
 * in the log first, so a redelivery of one already forwarded answers "duplicate" instead of
 * posting twice. The rendered message and the sealed token are kept until Discord takes the
 * message, so `npm run webhooks -- replay` can deliver it later.
 */
export const relayWebhook: RouteHandler<Routes['relayWebhook']> = async ({ path, raw }, _context, deps) => {
  const provider = providerNamed(path.provider);
  if (!provider) throw new ApiError('INVALID_PARAMETER', `Unknown provider ${path.provider}`);
  const delivery = { headers: raw.headers, body: raw.body };
  await verifyDelivery(path.id, provider, delivery, deps);
  const outcome = readDelivery(provider, delivery);
  // Without the provider's id there is nothing to deduplicate on; the log still keeps the delivery.
  const key = { webhookId: path.id, provider: provider.name, deliveryId: outcome.deliveryId ?? `relay-${randomUUID()}` };
  if (outcome.kind === 'ignored') {
    if ((await deps.deliveries.claim(key, outcome.event, deps.now())) === 'duplicate') return answer(200, `duplicate: ${outcome.event}`);
    await deps.deliveries.finish(key, 'ignored', deps.now());
    return answer(200, `ignored: ${outcome.event}`);
  }
  const message = fitMessage({ username: outcome.username, embeds: outcome.embeds });
  // Kept from the claim on, so a delivery is replayable even if this attempt dies before its outcome is logged.
  const kept = { message, sealedToken: await deps.secretBox.seal(path.token, tokenContext(path.id)) };
  if ((await deps.deliveries.claim(key, outcome.event, deps.now(), kept)) === 'duplicate') return answer(200, `duplicate: ${outcome.event}`);
  return outcomeAnswer(await forwardToDiscord(key, path.token, message, deps), outcome.event);
};
