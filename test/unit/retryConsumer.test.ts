import { afterEach, describe, expect, test } from '@jest/globals';
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { consumeRetryKicks } from '../../functions/webhooks/retryConsumer';
import type { DrainResult } from '../../shared/webhooks/retries';
import { hideKick, SqsRetryKicker } from '../../shared/webhooks/retryKickers';

const sqsMock = mockClient(SQSClient);
afterEach(() => {
  sqsMock.reset();
});

const kick = (messageId: string, webhookId: unknown, body = JSON.stringify({ webhookId })): SQSRecord =>
  ({
    messageId,
    receiptHandle: `receipt-${messageId}`,
    body,
    attributes: { MessageGroupId: String(webhookId) },
    eventSource: 'aws:sqs',
  }) as unknown as SQSRecord;
const context = { getRemainingTimeInMillis: () => 15_000 };

describe('the retry queue consumer (SQS FIFO, partial batch failures)', () => {
  test('a webhook whose head is due later keeps its kick hidden, holding its group; others go on', async () => {
    const drained: string[] = [];
    const hidden: [string, number][] = [];
    const results: Record<string, DrainResult> = { a: { kind: 'wait', seconds: 7 }, b: { kind: 'empty' } };
    const event = { Records: [kick('1', 'a'), kick('2', 'b'), kick('3', 'a')] } as SQSEvent;
    const answer = await consumeRetryKicks(event, context, {
      drain: async (webhookId) => {
        drained.push(webhookId);
        return results[webhookId] as DrainResult;
      },
      hide: async (receipt, seconds) => {
        hidden.push([receipt, seconds]);
      },
    });
    expect(drained).toEqual(['a', 'b']);
    expect(hidden).toEqual([['receipt-1', 7]]);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '1' }, { itemIdentifier: '3' }] });
  });

  test('a throwing drain hands its kick back; no webhook: dropped; drains stop 6 s before timeout', async () => {
    const deadlines: number[] = [];
    const started = Date.now();
    const answer = await consumeRetryKicks(
      { Records: [kick('1', 'x'), kick('2', undefined, '{}'), kick('3', 'y', 'not json')] } as SQSEvent,
      context,
      {
        drain: async (_webhookId, deadline) => {
          deadlines.push(deadline);
          throw new Error('the store is down');
        },
        hide: async () => undefined,
      },
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '1' }, { itemIdentifier: '3' }] });
    expect(deadlines).toHaveLength(1);
    expect(deadlines[0]! - started).toBeGreaterThanOrEqual(9_000 - 50);
    expect(deadlines[0]! - started).toBeLessThanOrEqual(9_000 + 50);
  });

  test('a kick is a FIFO message grouped by webhook; hiding sets its visibility (12 hours at most)', async () => {
    sqsMock.on(SendMessageCommand).resolves({});
    sqsMock.on(ChangeMessageVisibilityCommand).resolves({});
    const sqs = new SQSClient({ region: 'us-east-1' });
    await new SqsRetryKicker(async () => sqs, 'https://sqs/queue.fifo').kick('123456789012345678');
    const sent = sqsMock.commandCalls(SendMessageCommand)[0]?.args[0].input;
    expect(sent).toMatchObject({
      QueueUrl: 'https://sqs/queue.fifo',
      MessageBody: '{"webhookId":"123456789012345678"}',
      MessageGroupId: '123456789012345678',
      MessageDeduplicationId: expect.any(String),
    });
    const hide = hideKick(async () => sqs, 'https://sqs/queue.fifo');
    await hide('receipt-1', 7.2);
    await hide('receipt-2', 100_000);
    expect(sqsMock.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: 'https://sqs/queue.fifo', ReceiptHandle: 'receipt-1', VisibilityTimeout: 8 },
      { QueueUrl: 'https://sqs/queue.fifo', ReceiptHandle: 'receipt-2', VisibilityTimeout: 43_200 },
    ]);
  });

  test('a client that could not be made is made again at the next kick, not given up on', async () => {
    sqsMock.on(SendMessageCommand).resolves({});
    let attempts = 0;
    const kicker = new SqsRetryKicker(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('credentials not ready');
      return new SQSClient({ region: 'us-east-1' });
    }, 'https://sqs/queue.fifo');
    await expect(kicker.kick('123456789012345678')).rejects.toThrow('credentials not ready');
    await kicker.kick('123456789012345678');
    await kicker.kick('123456789012345678');
    expect([attempts, sqsMock.commandCalls(SendMessageCommand).length]).toEqual([2, 2]);
  });
});
