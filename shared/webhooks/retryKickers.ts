import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ATTEMPT_LIMITS, withCallDeadline } from '../aws/callLimits';
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
 * AWS: one message per kick on the SQS FIFO queue, grouped by webhook, so one consumer at a time
 * drains a webhook's queue, in order. FIFO queues take no per-message delay: the consumer sees
 * when the head is due and hides the message until then.
 */
export class SqsRetryKicker implements RetryKicker {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async kick(webhookId: string): Promise<void> {
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify({ webhookId }), MessageGroupId: webhookId, MessageDeduplicationId: randomUUID() }));
  }
}

/** The SQS client of the relay's queue: fails fast like the DynamoDB client. */
export const retryQueueClient = () => withCallDeadline(new SQSClient({ maxAttempts: 3, requestHandler: ATTEMPT_LIMITS }));

/** RETRY_QUEUE_URL (the stack's FIFO queue) in Lambda; the in-process loop locally. */
export function retryKickerFromEnv(env: NodeJS.ProcessEnv = process.env): RetryKicker {
  return env.RETRY_QUEUE_URL ? new SqsRetryKicker(retryQueueClient(), env.RETRY_QUEUE_URL) : localKicker;
}

/** Hides a received kick for `seconds` (its webhook's head is due then): the FIFO group waits with it. */
export const hideKick = (sqs: SQSClient, queueUrl: string) => async (receiptHandle: string, seconds: number) => {
  await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: Math.min(MAX_VISIBILITY_SECONDS, Math.max(0, Math.ceil(seconds))) }));
};

/** SQS's longest visibility timeout (12 hours). */
const MAX_VISIBILITY_SECONDS = 43_200;
