import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../shared/logging/logger';
import { API_METRICS, recordMetric } from '../../shared/observability/metrics';
import type { DrainResult } from '../../shared/webhooks/retries';

/**
 * What the consumer does with one kick: drain its webhook's queue
 * (until `deadline`, ms), and hide a kick whose head is not due yet.
 */
export interface RetryConsumerDeps {
  drain(webhookId: string, deadline: number): Promise<DrainResult>;
  hide(receiptHandle: string, seconds: number): Promise<void>;
}

/** Time kept back from the function's timeout: a drain stops this early, so its kick is handed back, not timed out. */
const MARGIN_MS = 6_000;

/**
 * The retry queue's consumer (SQS FIFO, one message group per webhook): each kick drains its
 * webhook's queue. A queue whose head is due later keeps its kick, hidden until then, and the
 * kicks after it in the same group are handed back too (a FIFO group must stay in order); other
 * webhooks' kicks in the batch go on. Answers the partial batch failures.
 */
export async function consumeRetryKicks(
  event: SQSEvent,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
  deps: RetryConsumerDeps,
): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  const held = new Set<string>();
  const deadline = Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS;
  recordQueue(event);
  for (const record of event.Records) {
    const group = record.attributes.MessageGroupId ?? record.messageId;
    if (held.has(group)) {
      failures.push(record.messageId);
      continue;
    }
    try {
      const webhookId = (JSON.parse(record.body) as { webhookId?: unknown }).webhookId;
      // A kick that names no webhook has nothing to drain: dropped, not retried.
      if (typeof webhookId !== 'string') {
        logger.error('a retry kick without a webhook id was dropped', { messageId: record.messageId });
        continue;
      }
      const result = await deps.drain(webhookId, deadline);
      if (result.kind === 'wait') {
        await deps.hide(record.receiptHandle, result.seconds);
        failures.push(record.messageId);
        held.add(group);
      }
    } catch (error) {
      logger.error("a webhook's retry queue could not be drained", {
        messageId: record.messageId,
        error: error as Error,
      });
      failures.push(record.messageId);
      held.add(group);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

/**
 * What the consumer knows of the queue: the kicks in this batch, and how long the oldest waited
 * since it was sent (SentTimestamp); SQS's own depth and age metrics are on the dashboard beside them.
 */
function recordQueue(event: SQSEvent, now = Date.now()): void {
  const sent = event.Records.map((record) => Number(record.attributes.SentTimestamp)).filter(Number.isFinite);
  recordMetric(API_METRICS.retryKicks, event.Records.length, 'Count');
  if (sent.length > 0)
    recordMetric(API_METRICS.retryOldestAge, Math.max(0, (now - Math.min(...sent)) / 1000), 'Seconds');
}
