import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { sha256Hex } from '../../shared/crypto/hash';
import { fitMessage } from '../../shared/discord/message';
import { discordRefusal, type RefusalWording } from '../../shared/discord/refusal';
import { messageBody } from '../../shared/http/envelope';
import { ApiError, type ErrorCode } from '../../shared/errors/apiError';
import type { WebhookHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { forwards, parseEventFilter } from '../../shared/webhooks/eventFilter';
import { forwardToDiscord } from '../../shared/webhooks/forward';
import { queueAfterFirstAttempt, queueBehind } from '../../shared/webhooks/retries';
import { countRefusedAttempt, refusesPair, rememberedRefusal } from '../../shared/webhooks/refusedPairs';
import { PayloadError, type Provider, type ProviderDelivery } from '../../shared/webhooks/provider';
import { providerNamed } from '../../shared/webhooks/providers/index';
import { verifyDelivery } from '../../shared/webhooks/secrets';
import { recordAttempt } from '../../shared/webhooks/attempts';
import { answeredAs, countedRelay } from '../../shared/webhooks/relayOutcomes';

/**
 * The relay's {"message"} answer: a 200 for the provider, or a refusal answered as it is ("in
 * flight"); refusals that are failures are thrown and answered in the same shape by the error middleware.
 */
const answer = (
  message: string,
  refusal?: { statusCode: number; code: ErrorCode; headers: Record<string, string> },
): APIGatewayProxyResult => ({
  statusCode: refusal?.statusCode ?? 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...refusal?.headers },
  body: messageBody(message, refusal?.code),
});

const queued = (event: string) => answeredAs(answer(`queued: ${event}`), 'queued');

// A message Discord refuses as invalid never passes: a 4xx, so the provider does not retry it.
const WORDING: RefusalWording = {
  wrongToken: new ApiError('UNAUTHORIZED', 'Discord rejected the webhook token'),
  invalid: { code: 'INVALID_BODY', lead: 'Discord refused the message as invalid' },
  failed: 'Discord failed',
};

function readDelivery(provider: Provider, delivery: ProviderDelivery) {
  try {
    return provider.read(delivery);
  } catch (error) {
    if (error instanceof PayloadError) throw new ApiError('INVALID_BODY', error.message);
    throw error;
  }
}

/**
 * The provider's retry of a delivery an earlier attempt still holds: not acknowledged (that attempt
 * may yet fail, or have died), but retryable. By Retry-After the attempt has logged its outcome (the
 * retry is then a duplicate) or its claim has gone stale (the retry forwards it). Answered, not
 * thrown: nothing failed here, so it is not logged as an error.
 */
const inFlight = (event: string, seconds: number): APIGatewayProxyResult =>
  answer(`in flight: ${event} is being forwarded by an earlier attempt; retry in ${seconds} s`, {
    statusCode: 503,
    code: 'SERVICE_UNAVAILABLE',
    headers: { 'Retry-After': String(seconds) },
  });

/** A refusal Discord gave this pair before, answered again without asking Discord. */
const remembered = (status: number) => discordRefusal(rememberedRefusal(status), WORDING);

/**
 * A provider's delivery: verified, read, rendered within Discord's limits and posted to the Discord
 * webhook, claimed in the log first so a redelivery answers "duplicate". How the pair guard,
 * retries, logging and the `events` filter fit in is in docs/design.md ("The relay's path").
 */
const relay: WebhookHandler<Routes['relayWebhook']> = async ({ path, query, raw }, _context, deps) => {
  const provider = providerNamed(path.provider);
  if (!provider) throw new ApiError('INVALID_PARAMETER', `Unknown provider ${path.provider}`);
  const filter = parseEventFilter(query.events, provider);
  if (typeof filter === 'string') throw new ApiError('INVALID_PARAMETER', `events ${filter}`);
  const pair = await deps.pairGuard.recall(path.id, path.token);
  if (pair.verdict?.kind === 'refused') {
    // Counted for the address first: beyond its quota the answer is a 429, and the webhook's count is not written.
    await deps.pairGuard.countRefused({ sourceIp: raw.sourceIp });
    await countRefusedAttempt(path.id, deps);
    throw remembered(pair.verdict.status);
  }
  // A pair never seen valid costs its address one of its new pairs a minute, whether it reaches Discord or not.
  await deps.pairGuard.count(pair, { sourceIp: raw.sourceIp });
  const delivery = { headers: raw.headers, body: raw.body, ...(raw.url ? { url: raw.url } : {}) };
  const signature = await verifyDelivery(path.id, provider, delivery, deps).catch(async (error: unknown) => {
    // Listed for the owner without reading the delivery: its contents are not to be trusted.
    if (error instanceof ApiError && error.code === 'UNAUTHORIZED')
      await recordAttempt(path.id, { outcome: 'signatureRefused', provider: provider.name }, deps);
    throw error;
  });
  const outcome = readDelivery(provider, delivery);
  // Turned off by the URL's `events`: answered, nothing stored, nothing posted.
  if (outcome.kind === 'message' && !forwards(filter, outcome.event, outcome.action))
    return answer(`filtered: ${outcome.event}${outcome.action ? `.${outcome.action}` : ''}`);
  const knownGood = pair.verdict?.kind === 'good';
  if (outcome.kind === 'ignored' && !knownGood) return answer(`ignored: ${outcome.event}`);
  const message =
    outcome.kind === 'message' ? fitMessage({ username: outcome.username, embeds: outcome.embeds }) : undefined;
  if (message) await deps.pairGuard.brake(pair);
  // Without the provider's id there is nothing to deduplicate on; the log still keeps the delivery.
  const key = {
    webhookId: path.id,
    provider: provider.name,
    deliveryId: outcome.deliveryId ?? `relay-${randomUUID()}`,
    // The pair's: a stranger's post under the owner's delivery id (and a wrong token) is another delivery.
    tokenHash: pair.tokenHash,
    ...(signature !== undefined ? { signatureHash: sha256Hex(signature) } : {}),
  };
  const claim = await deps.deliveries.claim(key, outcome.event, deps.now());
  if (claim.kind === 'duplicate') {
    const attempt = { provider: provider.name, event: outcome.event, deliveryId: key.deliveryId };
    await recordAttempt(path.id, { outcome: 'duplicate', ...attempt }, deps);
    return answer(`duplicate: ${outcome.event}`);
  }
  if (claim.kind === 'inFlight') return inFlight(outcome.event, claim.retryAfterSeconds);
  if (!message) {
    await deps.deliveries.finish(key, 'ignored', deps.now());
    return answer(`ignored: ${outcome.event}`);
  }
  // Only a pair Discord has accepted (a message taken, or the token confirmed at registration) queues,
  // since anyone can post to a webhook's id: behind older deliveries Discord refused for a while, it
  // waits its turn rather than overtake them.
  if (knownGood && (await queueBehind(key, path.token, message, deps))) return queued(outcome.event);
  const result = await deps.pairGuard.consult(pair, (onInvalidAnswer) =>
    forwardToDiscord(key, path.token, message, deps, {
      firstAttempt: true,
      ...(knownGood ? { keepWith: deps.secretBox } : {}),
      onInvalidAnswer,
    }),
  );
  if (result.kind === 'delivered') return answeredAs(answer(`forwarded: ${outcome.event}`), 'forwarded');
  // Rate limited or failed: posted again later, in order, by the retry queue (an unknown pair's
  // token is not kept: its provider retries).
  if (await queueAfterFirstAttempt(key, result, deps)) return queued(outcome.event);
  if (refusesPair(result)) await countRefusedAttempt(path.id, deps, key);
  throw discordRefusal(result, WORDING);
};

/** The relay, each delivery counted by provider and outcome (metrics). */
export const relayWebhook: WebhookHandler<Routes['relayWebhook']> = countedRelay(
  ({ path }) => providerNamed(path.provider)?.name ?? 'unknown',
  relay,
);
