import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';
import { partitionKey } from './recordKinds';
import type { DeliveryKey } from './deliveries';

/**
 * Each webhook's queue of deliveries awaiting a retry, one item per delivery in the webhook's
 * partition, in queued order. While it is not empty, new deliveries join its end rather than
 * overtaking it; the delivery's record stays the log's, the queue only orders.
 */
export interface QueuedDelivery {
  key: DeliveryKey;
  queuedAt: string;
}

export interface RetryQueueStore {
  /** Puts the delivery at the end of its webhook's queue (again, when already there: no harm, it is taken out once). */
  add(key: DeliveryKey, now: Date): Promise<void>;
  /** The first delivery in the webhook's queue, if any. */
  head(webhookId: string): Promise<QueuedDelivery | undefined>;
  /** Takes a delivery out of its webhook's queue (delivered, refused for good, or given up). */
  remove(entry: QueuedDelivery): Promise<void>;
}

/** Queue entries last as long as the deliveries they order. */
const KEEP_SECONDS = 7 * 86_400;
const PREFIX = 'QUEUE#';
const sortKey = (entry: QueuedDelivery) => `${PREFIX}${entry.queuedAt}#${entry.key.provider}#${entry.key.deliveryId}`;

export class DynamoRetryQueueStore implements RetryQueueStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async add(key: DeliveryKey, now: Date): Promise<void> {
    const entry = { key, queuedAt: now.toISOString() };
    await guarded('PutItem', () =>
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            pk: partitionKey('webhook', key.webhookId),
            sk: sortKey(entry),
            ...entry,
            expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
          },
        }),
      ),
    );
  }

  async head(webhookId: string): Promise<QueuedDelivery | undefined> {
    const { Items } = await guarded('Query', () =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': partitionKey('webhook', webhookId), ':prefix': PREFIX },
          ConsistentRead: true,
          Limit: 1,
        }),
      ),
    );
    const item = Items?.[0];
    return item ? { key: item.key as DeliveryKey, queuedAt: item.queuedAt as string } : undefined;
  }

  async remove(entry: QueuedDelivery): Promise<void> {
    await guarded('DeleteItem', () =>
      this.db.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { pk: partitionKey('webhook', entry.key.webhookId), sk: sortKey(entry) },
        }),
      ),
    );
  }
}
