import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single-table layout (see "Data model" in docs/design.md). Every item has a generic partition
 * key `pk` and sort key `sk`; two GSIs serve listings: gsi1 (`gsi1pk`/`gsi1sk`, overloaded: API
 * keys by id, public bots by name, kept webhook deliveries) and gsi2 (`gsi2pk`/`gsi2sk`: public
 * bots by guild count); `expiresAt` (epoch seconds) is the TTL attribute. The CDK stack and the
 * local server both build the table from this description, so they cannot drift apart.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** A second ordering of the same listings (public bots by guild count). */
  gsi2: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ttlAttribute: 'expiresAt',
} as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, gsi1, gsi2 } = tableSchema;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [partitionKey, sortKey, gsi1.partitionKey, gsi1.sortKey, gsi2.partitionKey, gsi2.sortKey].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [gsi1, gsi2].map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
