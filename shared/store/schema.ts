import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single-table layout ("Data model" in docs/design.md): generic `pk` and `sk`, three overloaded
 * GSIs for listings, and `expiresAt` as the TTL attribute. The CDK stack and the local server both
 * build the table from it, so they cannot drift apart.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /**
   * A second ordering of the same listings (public bots by guild count), an account's keys, a webhook's log by time.
   */
  gsi2: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  /** What an account owns (bot profiles under ACCOUNT#<id>), verified or not, public or not. */
  gsi3: { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ttlAttribute: 'expiresAt',
} as const;

/** Every listing index, for the code that builds or grants them all. */
export const listingIndexes = [tableSchema.gsi1, tableSchema.gsi2, tableSchema.gsi3] as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey } = tableSchema;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      partitionKey,
      sortKey,
      ...listingIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: listingIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
