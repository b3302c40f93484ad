import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { ATTEMPT_LIMITS, withCallDeadline } from '../aws/callLimits';
import { lazyLoad } from '../loading/lazyLoad';
import { captured } from '../observability/tracing';
import type { RetryKicker } from './retries';

/** Where the local server's retry loop hears kicks: in this process (infra/local/retryLoop.ts). */
export const localRetryKicks = new EventEmitter<{ kick: [webhookId: string, delaySeconds: number] }>();

/** The local server's kicker: tells the in-process loop. */
export const localKicker: RetryKicker = {
  kick: async (webhookId, delaySeconds) => {
    localRetryKicks.emit('kick', webhookId, delaySeconds);
  },
};

/**
 * The SQS client's module, loaded on the first kick or hide: most relay deliveries succeed at once
 * and never queue a retry, so a cold start of the webhooks function need not load it.
 */
const loadSqs = lazyLoad(() => import('@aws-sdk/client-sqs'));

/** Where a client comes from; each kicker makes its client once, when first asked for (lazyLoad). */
export type SqsClientSource = () => Promise<SQSClient>;

/**
 * AWS: one message per kick on the SQS FIFO queue, grouped by webhook, so one consumer at a time
 * drains a webhook's queue, in order. FIFO queues take no per-message delay: the consumer sees
 * when the head is due and hides the message until then.
 */
export class SqsRetryKicker implements RetryKicker {
  private readonly sqs: SqsClientSource;

  constructor(
    sqs: SqsClientSource,
    private readonly queueUrl: string,
  ) {
    this.sqs = lazyLoad(sqs);
  }

  async kick(webhookId: string): Promise<void> {
    const [{ SendMessageCommand }, sqs] = await Promise.all([loadSqs(), this.sqs()]);
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify({ webhookId }),
        MessageGroupId: webhookId,
        MessageDeduplicationId: randomUUID(),
      }),
    );
  }
}

/** The SQS client of the relay's queue: fails fast like the DynamoDB client. */
export const retryQueueClient: SqsClientSource = async () => {
  const { SQSClient } = await loadSqs();
  return withCallDeadline(captured(new SQSClient({ maxAttempts: 3, requestHandler: ATTEMPT_LIMITS })));
};

/** RETRY_QUEUE_URL (the stack's FIFO queue) in Lambda; the in-process loop locally. */
export function retryKickerFromEnv(env: NodeJS.ProcessEnv = process.env): RetryKicker {
  return env.RETRY_QUEUE_URL ? new SqsRetryKicker(retryQueueClient, env.RETRY_QUEUE_URL) : localKicker;
}

/** Hides a received kick for `seconds` (its webhook's head is due then): the FIFO group waits with it. */
export const hideKick = (source: SqsClientSource, queueUrl: string) => {
  const sqs = lazyLoad(source);
  return async (receiptHandle: string, seconds: number) => {
    const [{ ChangeMessageVisibilityCommand }, client] = await Promise.all([loadSqs(), sqs()]);
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.min(MAX_VISIBILITY_SECONDS, Math.max(0, Math.ceil(seconds))),
      }),
    );
  };
};

/** SQS's longest visibility timeout (12 hours). */
const MAX_VISIBILITY_SECONDS = 43_200;
