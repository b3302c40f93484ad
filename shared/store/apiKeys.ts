import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { conditionalUpdate, guarded } from './errors';
import { tableSchema } from './schema';
import { partitionKey, recordKinds } from './recordKinds';

/**
 * An API key as stored: never the key itself, only its SHA-256.
 * Rows are read through it (the table's own attributes dropped).
 */
const apiKeyRecord = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  keyHash: z.string(),
  createdAt: z.string(),
  revokedAt: z.optional(z.string()),
  /** In AWS: the id of the API Gateway key (value = keyHash) that joins the usage plan. */
  gatewayKeyId: z.optional(z.string()),
  /**
   * Whether the key takes one of its owner's key slots (shared/access/keySlots.ts) until revoked:
   * true from creation until the slot is given back; absent on keys made before slots were
   * recorded per key.
   */
  holdsSlot: z.optional(z.boolean()),
  /** Which of its owner's slot indexes it holds: the rate limiter counts it on that line, which outlives the key. */
  slot: z.optional(z.number().check(z.int(), z.minimum(0))),
});

export type ApiKeyRecord = z.output<typeof apiKeyRecord>;

export interface ApiKeyStore {
  /** Stores a new record; fails if a key with the same hash exists. */
  put(record: ApiKeyRecord): Promise<void>;
  /** Strongly consistent read by hash: the authorizer's lookup. */
  getByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  getById(id: string): Promise<ApiKeyRecord | undefined>;
  list(): Promise<ApiKeyRecord[]>;
  /** The keys of one owner (a dashboard account), newest first. */
  listByOwner(owner: string): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked (idempotent); undefined when no such id exists. */
  revoke(id: string, at: string): Promise<ApiKeyRecord | undefined>;
  /** Marks a revoked key's slot given back; true for the one call that does it, false after. */
  giveUpSlot(record: ApiKeyRecord): Promise<boolean>;
}

// Primary item: pk KEY#<hash>, so the hot path (authorizer) is one consistent GetItem.
// GSI1: gsi1pk APIKEYS, gsi1sk <id>, for listing and for finding a key by its id.
// GSI2: gsi2pk ACCOUNT#<owner>, gsi2sk KEY#<createdAt>#<id>, for an account's keys in order.
const pkOf = (keyHash: string) => partitionKey('apiKey', keyHash);
const ownerListing = (record: ApiKeyRecord) => ({
  gsi2pk: partitionKey('account', record.owner),
  gsi2sk: `KEY#${record.createdAt}#${record.id}`,
});
const SK = 'APIKEY';
const LIST_PK = recordKinds.apiKey.listing;

const toRecord = (item: Record<string, unknown>): ApiKeyRecord => apiKeyRecord.parse(item);

export class DynamoApiKeyStore implements ApiKeyStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(record: ApiKeyRecord): Promise<void> {
    await guarded('PutItem', () =>
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            pk: pkOf(record.keyHash),
            sk: SK,
            gsi1pk: LIST_PK,
            gsi1sk: record.id,
            ...ownerListing(record),
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async getByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const { Item } = await guarded('GetItem', () =>
      this.db.send(
        new GetCommand({ TableName: this.tableName, Key: { pk: pkOf(keyHash), sk: SK }, ConsistentRead: true }),
      ),
    );
    return Item ? toRecord(Item) : undefined;
  }

  async getById(id: string): Promise<ApiKeyRecord | undefined> {
    const { Items = [] } = await guarded('Query', () =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: tableSchema.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :id',
          ExpressionAttributeValues: { ':pk': LIST_PK, ':id': id },
        }),
      ),
    );
    return Items[0] ? toRecord(Items[0]) : undefined;
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.queryAll({
      IndexName: tableSchema.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': LIST_PK },
    });
  }

  listByOwner(owner: string): Promise<ApiKeyRecord[]> {
    return this.queryAll({
      IndexName: tableSchema.gsi2.name,
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :keys)',
      ExpressionAttributeValues: { ':pk': partitionKey('account', owner), ':keys': 'KEY#' },
      ScanIndexForward: false,
    });
  }

  /** Every page of one index query. */
  private async queryAll(query: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<ApiKeyRecord[]> {
    const records: ApiKeyRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await guarded('Query', () =>
        this.db.send(new QueryCommand({ TableName: this.tableName, ...query, ExclusiveStartKey: startKey })),
      );
      records.push(...(page.Items ?? []).map(toRecord));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return records;
  }

  async revoke(id: string, at: string): Promise<ApiKeyRecord | undefined> {
    const found = await this.getById(id);
    if (!found) return undefined;
    if (found.revokedAt) return found;
    try {
      const { Attributes } = await guarded('UpdateItem', () =>
        this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { pk: pkOf(found.keyHash), sk: SK },
            UpdateExpression: 'SET revokedAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
            ExpressionAttributeValues: { ':at': at },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return Attributes ? toRecord(Attributes) : undefined;
    } catch (error) {
      // Revoked concurrently by someone else: the key is revoked either way.
      if (error instanceof ConditionalCheckFailedException) return this.getById(id);
      throw error;
    }
  }

  giveUpSlot(record: ApiKeyRecord): Promise<boolean> {
    return conditionalUpdate(this.db, {
      TableName: this.tableName,
      Key: { pk: pkOf(record.keyHash), sk: SK },
      UpdateExpression: 'SET holdsSlot = :no',
      ConditionExpression: 'holdsSlot = :yes AND attribute_exists(revokedAt)',
      ExpressionAttributeValues: { ':yes': true, ':no': false },
    });
  }
}
