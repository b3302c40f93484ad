import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';

/** What became of a provider delivery (the relay's log, kept 7 days). */
export type DeliveryOutcome = 'pending' | 'forwarded' | 'ignored' | 'rejected' | 'rateLimited' | 'failed';

export interface DeliveryKey {
  webhookId: string;
  provider: string;
  /** The provider's own id of the delivery (X-GitHub-Delivery, X-Gitlab-Event-UUID, ...). */
  deliveryId: string;
}

export interface DeliveryLog {
  /** Claims a delivery before forwarding it: `duplicate` when it was forwarded (or is being forwarded) already. */
  claim(key: DeliveryKey, event: string, now: Date): Promise<'claimed' | 'duplicate'>;
  /** Records the outcome; a failed one keeps its rendered message so it can be replayed. */
  finish(key: DeliveryKey, outcome: Exclude<DeliveryOutcome, 'pending'>, now: Date, details?: { discordStatus?: number; message?: unknown }): Promise<void>;
}

const KEEP_SECONDS = 7 * 86_400;
/** A claim older than this was left by a crashed attempt; the provider's retry may take it over. */
const STALE_CLAIM_MS = 60_000;
const keyOf = ({ webhookId, provider, deliveryId }: DeliveryKey) => ({ pk: `HOOK#${webhookId}`, sk: `DELIVERY#${provider}#${deliveryId}` });

export class DynamoDeliveryLog implements DeliveryLog {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(key: DeliveryKey, event: string, now: Date): Promise<'claimed' | 'duplicate'> {
    try {
      await guarded('PutItem', () =>
        this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...keyOf(key), ...key, event, outcome: 'pending', receivedAt: now.toISOString(), updatedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS },
            // New, or an earlier attempt that did not get through (the provider is retrying), or a stale claim.
            ConditionExpression: 'attribute_not_exists(pk) OR NOT (outcome IN (:forwarded, :ignored, :pending)) OR (outcome = :pending AND updatedAt < :stale)',
            ExpressionAttributeValues: { ':forwarded': 'forwarded', ':ignored': 'ignored', ':pending': 'pending', ':stale': new Date(now.getTime() - STALE_CLAIM_MS).toISOString() },
          }),
        ),
      );
      return 'claimed';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'duplicate';
      throw error;
    }
  }

  async finish(key: DeliveryKey, outcome: Exclude<DeliveryOutcome, 'pending'>, now: Date, details: { discordStatus?: number; message?: unknown } = {}): Promise<void> {
    const extra = [details.discordStatus !== undefined ? 'discordStatus = :status' : null, outcome === 'failed' && details.message ? 'message = :message' : null].filter(Boolean);
    await guarded('UpdateItem', () =>
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keyOf(key),
          UpdateExpression: `SET outcome = :outcome, updatedAt = :now${extra.map((part) => `, ${part}`).join('')}`,
          ExpressionAttributeValues: {
            ':outcome': outcome,
            ':now': now.toISOString(),
            ...(details.discordStatus !== undefined ? { ':status': details.discordStatus } : {}),
            ...(outcome === 'failed' && details.message ? { ':message': details.message } : {}),
          },
        }),
      ),
    );
  }
}
