import type { DiscordMessage } from '../discord/message';
import type { DeliveryOutcome } from '../discord/poster';
import { positiveInteger } from '../config/positiveInteger';
import { logger } from '../logging/logger';
import { ApiError } from '../errors/apiError';
import { UNAVAILABLE_RETRY_AFTER } from '../errors/unavailable';
import { isInFlight, isReplayable, type DeliveryKey, type DeliveryRecord, type KeptMessage } from '../store/deliveries';
import type { QueuedDelivery, RetryQueueStore } from '../store/retryQueue';
import { keep, type ForwardResult } from './forward';
import { replayDelivery, type ReplayDeps } from './replay';

/**
 * The relay's retry queue: deliveries Discord refuses for a while (429, 5xx, time-outs) wait in
 * their webhook's queue and are posted again in order, honouring Retry-After. A `RetryKicker` runs
 * the retries (SQS FIFO in AWS, an in-process loop locally); both drain with `drainWebhook`.
 */
export interface RetryKicker {
  /** Asks for the webhook's queue to be drained in `delaySeconds`. */
  kick(webhookId: string, delaySeconds: number): Promise<void>;
}

export type RetryDeps = ReplayDeps & {
  retryQueue: RetryQueueStore;
  kicker: RetryKicker;
  /** RELAY_RETRY_BACKOFF_SECONDS: the first wait when Discord names none (default 5; doubled each attempt). */
  retryBackoffSeconds?: number;
};

/** RELAY_RETRY_BACKOFF_SECONDS, else 5. */
export const retryBackoffFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  positiveInteger(env, 'RELAY_RETRY_BACKOFF_SECONDS', DEFAULT_BACKOFF_SECONDS);

/** Attempts (the first included) before a delivery is given up: it stays in the log, replayable by hand for 7 days. */
export const MAX_ATTEMPTS = 10;
const DEFAULT_BACKOFF_SECONDS = 5;
/**
 * Seconds before the next attempt when Discord named no time: 5,
 * 10, 20 ... at most 10 minutes (or the first wait, if longer).
 */
export const backoffSeconds = (attempts: number, first = DEFAULT_BACKOFF_SECONDS): number =>
  Math.min(Math.max(600, first), first * 2 ** Math.max(0, attempts - 1));
/**
 * While another attempt holds the head (a replay by hand), or the key service or store failed: look again after this.
 */
const LOOK_AGAIN_SECONDS = 5;
const STOPPED_SECONDS = 30;

/** How long Discord asked to wait, or the backoff for this attempt. */
const waitAfter = (result: DeliveryOutcome, attempts: number, deps: RetryDeps) =>
  result.kind === 'rateLimited'
    ? Math.max(1, Math.ceil(result.retryAfterSeconds))
    : backoffSeconds(attempts, deps.retryBackoffSeconds);

/**
 * Puts a logged delivery at the end of its webhook's queue, for an attempt in `waitSeconds`. The
 * entry comes first: a record marked queued without one would never be posted, while an entry whose
 * record was not marked is harmless (the drain posts a replayable record once and drops the rest).
 */
async function enqueue(
  key: DeliveryKey,
  attempts: number,
  waitSeconds: number,
  deps: RetryDeps,
  kept?: KeptMessage,
): Promise<void> {
  const now = deps.now();
  await deps.retryQueue.add(key, now);
  await deps.deliveries.finish(key, 'queued', now, {
    ...(kept ? { kept } : {}),
    retry: { attempts, at: new Date(now.getTime() + waitSeconds * 1000) },
  });
  await kick(key, waitSeconds, deps);
}

/**
 * Asks for the webhook's queue to be drained. The delivery is queued already, so a kick that
 * cannot be sent (SQS unreachable) is logged, not answered as a failure: the provider's retry would
 * only be a duplicate, and the webhook's next delivery kicks its queue again.
 */
async function kick(key: DeliveryKey, waitSeconds: number, deps: RetryDeps): Promise<void> {
  try {
    await deps.kicker.kick(key.webhookId, waitSeconds);
  } catch (error) {
    logger.error("a queued delivery's retry could not be asked for; the webhook's next delivery asks again", {
      webhookId: key.webhookId,
      deliveryId: key.deliveryId,
      error: error as Error,
    });
  }
}

/**
 * After a first attempt Discord refused for a while: queued when its message was kept (else the provider must retry).
 */
export async function queueAfterFirstAttempt(
  key: DeliveryKey,
  result: ForwardResult,
  deps: RetryDeps,
): Promise<boolean> {
  if (!result.kept || (result.kind !== 'rateLimited' && result.kind !== 'failed')) return false;
  await enqueue(key, 1, waitAfter(result, 1, deps), deps);
  return true;
}

/**
 * A new delivery for a webhook whose queue is not empty waits behind it (posting it now would
 * overtake older messages); false when the queue is empty. When its token cannot be sealed (the
 * key service is down) it can neither wait nor go first: the claim is given back and the provider
 * told to retry (503).
 */
export async function queueBehind(
  key: DeliveryKey,
  token: string,
  message: DiscordMessage,
  deps: RetryDeps,
): Promise<boolean> {
  if (!(await waitingHead(key.webhookId, deps))) return false;
  const kept = await keep(key, token, message, deps.secretBox);
  if (!kept) {
    await deps.deliveries.finish(key, 'failed', deps.now());
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      'The key service is unavailable, and this webhook has deliveries waiting to be posted before this one; ' +
        'retry shortly',
      undefined,
      {
        'Retry-After': String(UNAVAILABLE_RETRY_AFTER),
      },
    );
  }
  await enqueue(key, 0, 0, deps, kept);
  return true;
}

/**
 * The queue's first delivery still waiting, with its record; those settled meanwhile (replayed by
 * hand, expired) are taken out on the way, and so is one an attempt left pending without its
 * message (the provider's retry of it is its way on; the queue has nothing to post). One being
 * attempted right now (pending, claimed under a minute ago) still waits.
 */
async function waitingHead(
  webhookId: string,
  deps: RetryDeps,
): Promise<{ head: QueuedDelivery; record: DeliveryRecord } | undefined> {
  for (;;) {
    const head = await deps.retryQueue.head(webhookId);
    if (!head) return undefined;
    const record = await deps.deliveries.get(head.key);
    if (record && (isReplayable(record, deps.now()) || isInFlight(record, deps.now()))) return { head, record };
    await deps.retryQueue.remove(head);
  }
}

export type DrainResult = { kind: 'empty' } | { kind: 'wait'; seconds: number };

/**
 * Posts a webhook's queued deliveries in order until the queue is empty, Discord asks to wait, or
 * `deadline` (ms) passes, and says how long to wait before draining again. One drain per webhook at
 * a time is the caller's guarantee; each delivery is claimed before it is posted, so a replay by
 * hand and the queue never both post it.
 */
export async function drainWebhook(
  webhookId: string,
  deps: RetryDeps,
  deadline = Number.POSITIVE_INFINITY,
): Promise<DrainResult> {
  for (;;) {
    if (Date.now() >= deadline) return { kind: 'wait', seconds: 0 };
    const waiting = await waitingHead(webhookId, deps);
    if (!waiting) return { kind: 'empty' };
    const step = await attemptHead(waiting.head, waiting.record, deps);
    if (step !== 'next') return step;
  }
}

/** One step on the head of a queue: `next` when it left the queue, else how long to wait. */
async function attemptHead(
  head: QueuedDelivery,
  record: DeliveryRecord,
  deps: RetryDeps,
): Promise<'next' | DrainResult> {
  const now = deps.now();
  // Being attempted elsewhere (a replay by hand) right now.
  if (!isReplayable(record, now)) return { kind: 'wait', seconds: LOOK_AGAIN_SECONDS };
  const due = record.retryAt ? Date.parse(record.retryAt) - now.getTime() : 0;
  if (due > 0) return { kind: 'wait', seconds: Math.ceil(due / 1000) };
  const replay = await replayDelivery(head.key, deps);
  if (replay.kind === 'notReplayable') return { kind: 'wait', seconds: LOOK_AGAIN_SECONDS };
  if (replay.kind === 'stopped' && replay.unopenable) {
    // Sealed under another secret key: no attempt will open it. It leaves the queue (the messages
    // behind it go on) and stays in the log, replayable by hand once the key is put back.
    logger.error('a queued delivery was given up: its kept token cannot be opened', {
      webhookId: head.key.webhookId,
      deliveryId: head.key.deliveryId,
      reason: replay.reason,
    });
    await deps.retryQueue.remove(head);
    return 'next';
  }
  if (replay.kind === 'stopped') {
    logger.warn('a queued delivery could not be retried now', {
      webhookId: head.key.webhookId,
      deliveryId: head.key.deliveryId,
      reason: replay.reason,
    });
    return { kind: 'wait', seconds: STOPPED_SECONDS };
  }
  const result = replay.outcome;
  if (result.kind === 'delivered' || result.kind === 'rejected') {
    await deps.retryQueue.remove(head);
    return 'next';
  }
  const attempts = (record.attempts ?? 0) + 1;
  if (attempts >= MAX_ATTEMPTS) {
    // Left in the log as Discord last answered (failed or rate
    // limited): `npm run webhooks -- replay` can still post it.
    logger.error('a queued delivery was given up after its last attempt', {
      webhookId: head.key.webhookId,
      deliveryId: head.key.deliveryId,
      attempts,
    });
    await deps.retryQueue.remove(head);
    return 'next';
  }
  const seconds = waitAfter(result, attempts, deps);
  await deps.deliveries.finish(head.key, 'queued', deps.now(), {
    retry: { attempts, at: new Date(deps.now().getTime() + seconds * 1000) },
  });
  return { kind: 'wait', seconds };
}
