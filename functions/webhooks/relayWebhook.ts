import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { fitMessage } from '../../shared/discord/message';
import { discordRefusal } from '../../shared/discord/refusal';
import { messageBody } from '../../shared/http/envelope';
import { ApiError } from '../../shared/http/errors';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { forwardToDiscord, tokenContext } from '../../shared/webhooks/forward';
import { PayloadError, type Provider, type ProviderDelivery } from '../../shared/webhooks/provider';
import { providerNamed } from '../../shared/webhooks/providers/index';
import { verifyDelivery } from '../../shared/webhooks/secrets';

/** A 200 for the provider; refusals are thrown and answered in the same shape by the error middleware. */
const answer = (message: string): APIGatewayProxyResult => ({ statusCode: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: messageBody(message) });

const WORDING = { wrongToken: new ApiError('UNAUTHORIZED', 'Discord rejected the webhook token'), refused: 'Discord refused the message', failed: 'Discord failed' };

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
  // A message to forward is kept from the claim on, so it is replayable even if this attempt dies before its outcome is logged.
  const message = outcome.kind === 'message' ? fitMessage({ username: outcome.username, embeds: outcome.embeds }) : undefined;
  const kept = message && { message, sealedToken: await deps.secretBox.seal(path.token, tokenContext(path.id)) };
  if ((await deps.deliveries.claim(key, outcome.event, deps.now(), kept)) === 'duplicate') return answer(`duplicate: ${outcome.event}`);
  if (!message) {
    await deps.deliveries.finish(key, 'ignored', deps.now());
    return answer(`ignored: ${outcome.event}`);
  }
  const result = await forwardToDiscord(key, path.token, message, deps);
  if (result.kind !== 'delivered') throw discordRefusal(result, WORDING);
  return answer(`forwarded: ${outcome.event}`);
};
