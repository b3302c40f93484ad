import type { APIGatewayProxyResult } from 'aws-lambda';
import { fitMessage } from '../../shared/discord/message';
import { postToDiscord, type DeliveryOutcome } from '../../shared/discord/poster';
import { messageBody } from '../../shared/http/envelope';
import { ApiError, type ErrorCode } from '../../shared/http/errors';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { PayloadError } from '../../shared/webhooks/provider';
import { providerNamed } from '../../shared/webhooks/providers/index';

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

const LOGGED: Record<DeliveryOutcome['kind'], 'forwarded' | 'rejected' | 'rateLimited' | 'failed'> = {
  delivered: 'forwarded',
  rejected: 'rejected',
  rateLimited: 'rateLimited',
  failed: 'failed',
};

/**
 * A provider's delivery, read, rendered within Discord's limits and posted to the Discord webhook.
 * Deliveries that carry the provider's id are claimed in the log first, so a redelivery of one
 * already forwarded answers "duplicate" instead of posting twice; the outcome is logged after.
 */
export const relayWebhook: RouteHandler<Routes['relayWebhook']> = async ({ path, raw }, _context, deps) => {
  const provider = providerNamed(path.provider);
  if (!provider) throw new ApiError('INVALID_PARAMETER', `Unknown provider ${path.provider}`);
  let outcome;
  try {
    outcome = provider.read({ headers: raw.headers, body: raw.body });
  } catch (error) {
    if (error instanceof PayloadError) throw new ApiError('INVALID_BODY', error.message);
    throw error;
  }
  const key = outcome.deliveryId ? { webhookId: path.id, provider: provider.name, deliveryId: outcome.deliveryId } : undefined;
  if (key && (await deps.deliveries.claim(key, outcome.event, deps.now())) === 'duplicate') return answer(200, `duplicate: ${outcome.event}`);
  if (outcome.kind === 'ignored') {
    if (key) await deps.deliveries.finish(key, 'ignored', deps.now());
    return answer(200, `ignored: ${outcome.event}`);
  }
  const message = fitMessage({ username: outcome.username, embeds: outcome.embeds });
  const apiBase = process.env.DISCORD_API_BASE || 'https://discord.com/api';
  const result = await postToDiscord(path.id, path.token, message, { apiBase });
  if (key) {
    const discordStatus = 'status' in result ? result.status : undefined;
    await deps.deliveries.finish(key, LOGGED[result.kind], deps.now(), { discordStatus, message });
  }
  return outcomeAnswer(result, outcome.event);
};
