import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';
import { partitionKey } from './recordKinds';

/**
 * What Discord last said about a webhook id and token, keyed by the token's SHA-256 (never the
 * token): `good` (it took a message, or confirmed the token at
 * registration) or `refused` with its status (401/403 wrong token, 404 no
 * such webhook), so a refused pair is answered from memory instead of asking Discord again.
 */
export type PairVerdict = { kind: 'good'; since: string } | { kind: 'refused'; status: number };

export interface WebhookPairStore {
  /** The verdict still in force at `now` (DynamoDB's TTL sweep can lag behind `expiresAt`). */
  get(webhookId: string, tokenHash: string, now: Date): Promise<PairVerdict | undefined>;
  /** Remembers `verdict` until `expiresAt` (unix seconds). */
  remember(webhookId: string, tokenHash: string, verdict: PairVerdict, expiresAt: number): Promise<void>;
}

const keyOf = (webhookId: string, tokenHash: string) => ({
  pk: partitionKey('webhook', webhookId),
  sk: `PAIR#${tokenHash}`,
});

export class DynamoWebhookPairStore implements WebhookPairStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(webhookId: string, tokenHash: string, now: Date): Promise<PairVerdict | undefined> {
    const { Item } = await guarded('GetItem', () =>
      this.db.send(new GetCommand({ TableName: this.tableName, Key: keyOf(webhookId, tokenHash) })),
    );
    if (!Item || Number(Item.expiresAt) * 1000 <= now.getTime()) return undefined;
    return Item.verdict === 'good'
      ? { kind: 'good', since: String(Item.since) }
      : { kind: 'refused', status: Number(Item.status) };
  }

  async remember(webhookId: string, tokenHash: string, verdict: PairVerdict, expiresAt: number): Promise<void> {
    const { kind, ...fields } = verdict;
    await guarded('PutItem', () =>
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keyOf(webhookId, tokenHash), verdict: kind, ...fields, expiresAt },
        }),
      ),
    );
  }
}
