import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { guarded } from './errors';
import { ownedBy, queryOwned } from './owned';
import { partitionKey } from './recordKinds';

/** What is stored for a registered secret: the sealed secret (HMAC schemes) or its hash (token schemes). */
const storedSecret = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hmac'), sealed: z.string() }),
  z.object({ kind: z.literal('token'), sha256: z.string() }),
]);
export type StoredSecret = z.output<typeof storedSecret>;

/**
 * The signature secrets registered for one Discord webhook, by
 * provider (sealed or hashed, never plain). Rows are read through it.
 */
const webhookSecretsRecord = z.object({
  webhookId: z.string(),
  secrets: z.record(z.string(), storedSecret),
  /** What its owner calls it on the dashboard (1 to 100 characters, trimmed, no control characters). */
  name: z.optional(z.string()),
  /**
   * The Discord token its relay URL carries, sealed, and the token's last 4 characters (shown
   * masked): the dashboard shows the relay URL again. Absent on records saved before they were kept.
   */
  sealedToken: z.optional(z.string()),
  tokenEnd: z.optional(z.string()),
  /** Deliveries of providers without a registered secret are refused too (401). */
  requireSignatures: z.optional(z.boolean()),
  /** The API key that registered them, and when. */
  keyId: z.string(),
  /**
   * The account that registered them last (the key's owner, or the
   * signed-in dashboard user): the webhook is on its dashboard.
   */
  ownerAccount: z.optional(z.string()),
  updatedAt: z.string(),
});
export type WebhookSecrets = z.output<typeof webhookSecretsRecord>;

/** What a read-merge-write expects to find: the record as read (by its updatedAt), or none. */
export type SeenSecrets = { updatedAt: string } | 'absent';

/** The record changed between a read and the write that built on it. */
export class SecretsChangedError extends Error {
  override readonly name = 'SecretsChangedError';
}

export interface WebhookSecretStore {
  get(webhookId: string): Promise<WebhookSecrets | undefined>;
  /**
   * Replaces the webhook's secrets; an empty set removes the record (and with it requireSignatures).
   * With `seen`, only if the record is still as it was read, else SecretsChangedError.
   */
  replace(record: WebhookSecrets, seen?: SeenSecrets): Promise<void>;
  /** The webhooks whose secrets the account registered last, by webhook id. */
  listOwned(owner: string): Promise<WebhookSecrets[]>;
}

const keyOf = (webhookId: string) => ({ pk: partitionKey('webhook', webhookId), sk: SECRETS });
export const SECRETS = 'SECRETS';

/** A row as the code sees it: requireSignatures only when set. */
function toRecord(item: Record<string, unknown>): WebhookSecrets {
  const { requireSignatures, ...record } = webhookSecretsRecord.parse(item);
  return { ...record, ...(requireSignatures ? { requireSignatures } : {}) };
}

export class DynamoWebhookSecretStore implements WebhookSecretStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(webhookId: string): Promise<WebhookSecrets | undefined> {
    // Consistent: a secret registered a moment ago must already guard the next delivery.
    const { Item } = await guarded('GetItem', () =>
      this.db.send(new GetCommand({ TableName: this.tableName, Key: keyOf(webhookId), ConsistentRead: true })),
    );
    if (!Item) return undefined;
    return toRecord(Item);
  }

  async listOwned(owner: string): Promise<WebhookSecrets[]> {
    return (await queryOwned(this.db, this.tableName, owner, partitionKey('webhook', ''))).map(toRecord);
  }

  async replace(record: WebhookSecrets, seen?: SeenSecrets): Promise<void> {
    const condition =
      seen === undefined
        ? {}
        : seen === 'absent'
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': seen.updatedAt } };
    try {
      if (Object.keys(record.secrets).length === 0) {
        await guarded('DeleteItem', () =>
          this.db.send(new DeleteCommand({ TableName: this.tableName, Key: keyOf(record.webhookId), ...condition })),
        );
        return;
      }
      const owned = record.ownerAccount ? ownedBy(record.ownerAccount, keyOf(record.webhookId).pk) : {};
      await guarded('PutItem', () =>
        this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...keyOf(record.webhookId), ...record, ...owned },
            ...condition,
          }),
        ),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException)
        throw new SecretsChangedError(`the secrets of webhook ${record.webhookId} changed since they were read`);
      throw error;
    }
  }
}
