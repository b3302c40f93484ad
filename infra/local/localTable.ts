import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../shared/store/schema';
import { localStoreCredentials } from './storeCredentials';

/** Creates the table unless it exists already. dynalite has no TTL sweeper: expired rate windows
 * stay in the local store, harmless because every window has its own key. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: localStoreCredentials() });
  try {
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
      await addMissingIndexes(client, tableName);
    }
    await untilActive(client, tableName);
  } finally {
    client.destroy();
  }
}

/**
 * dynalite answers a table's CreateTable while it is still CREATING, and anything else on it
 * "not found" until its status is written (asynchronously, to disk with DATA_DIR): under load the
 * server's first read came first. So the table is waited for, briefly.
 */
async function untilActive(client: DynamoDBClient, tableName: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.TableStatus !== 'ACTIVE') {
    if (Date.now() > deadline)
      throw new Error(`the local table ${tableName} did not become active in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A table persisted (DATA_DIR) by an older version may lack an index the code now queries.
 * dynalite cannot add one to an existing table, so the table is rebuilt around its items:
 * every item is read, the table created anew, and every item written back.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wanted = createTableInput(tableName).GlobalSecondaryIndexes ?? [];
  if (wanted.every((index) => present.has(index.IndexName))) return;

  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}
