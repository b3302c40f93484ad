import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';
import { partitionKey } from './recordKinds';

/** What is stored for a registered secret: the sealed secret (HMAC schemes) or its hash (token schemes). */
export type StoredSecret = { kind: 'hmac'; sealed: string } | { kind: 'token'; sha256: string };

/** The signature secrets registered for one Discord webhook, by provider (sealed or hashed, never plain). */
export interface WebhookSecrets {
  webhookId: string;
  secrets: Record<string, StoredSecret>;
  /** Deliveries of providers without a registered secret are refused too (401). */
  requireSignatures?: boolean;
  /** The API key that registered them, and when. */
  keyId: string;
  updatedAt: string;
}

export interface WebhookSecretStore {
  get(webhookId: string): Promise<WebhookSecrets | undefined>;
  /** Replaces the webhook's secrets; an empty set removes the record (and with it requireSignatures). */
  replace(record: WebhookSecrets): Promise<void>;
}

const keyOf = (webhookId: string) => ({ pk: partitionKey('webhook', webhookId), sk: 'SECRETS' });

export class DynamoWebhookSecretStore implements WebhookSecretStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(webhookId: string): Promise<WebhookSecrets | undefined> {
    // Consistent: a secret registered a moment ago must already guard the next delivery.
    const { Item } = await guarded('GetItem', () => this.db.send(new GetCommand({ TableName: this.tableName, Key: keyOf(webhookId), ConsistentRead: true })));
    if (!Item) return undefined;
    const { secrets, requireSignatures, keyId, updatedAt } = Item as unknown as WebhookSecrets;
    return { webhookId, secrets, ...(requireSignatures ? { requireSignatures } : {}), keyId, updatedAt };
  }

  async replace(record: WebhookSecrets): Promise<void> {
    if (Object.keys(record.secrets).length === 0) {
      await guarded('DeleteItem', () => this.db.send(new DeleteCommand({ TableName: this.tableName, Key: keyOf(record.webhookId) })));
      return;
    }
    await guarded('PutItem', () => this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...keyOf(record.webhookId), ...record } })));
  }
}
