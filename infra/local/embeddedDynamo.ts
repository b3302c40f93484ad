import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
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
import dynalite from 'dynalite';
import { answerInProcess, type StoreTransport } from '../../shared/store/inProcessStores';
import { createTableInput } from '../../shared/store/schema';
import { callsInProcess } from './inProcessCalls';
import { localStoreCredentials, type StoreCredentials } from './storeCredentials';
import { guardStore } from './storeGuard';
import { watchStore, type StoreWatch } from './storeWatch';

export interface EmbeddedDynamo {
  endpoint: string;
  credentials: StoreCredentials;
  /** The calls it answered (past the guard) and the writes to API key records among them. */
  watch: StoreWatch;
  /** How this process's clients call it, without a socket (registered for its endpoint). */
  transport: StoreTransport;
  close(): Promise<void>;
}

export interface EmbeddedDynamoOptions {
  dataDir?: string;
  port?: number;
  /** Where the watch counts (StoreWatch): shared memory when the store runs on a thread of its own. */
  counts?: Int32Array;
}

/** dynalite on loopback: in memory, or persisted under `dataDir`, answering only this process's
 * credentials (storeGuard.ts). If the wished port is taken (another local server), any free port
 * is used; the endpoint says which. */
export async function startEmbeddedDynamo(options: EmbeddedDynamoOptions = {}): Promise<EmbeddedDynamo> {
  const credentials = localStoreCredentials();
  const server = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const watch = watchStore(server, options.counts);
  guardStore(server, credentials.accessKeyId);
  try {
    server.listen(options.port ?? 0, '127.0.0.1');
    await once(server, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  }
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  // This process's clients call it without a socket; other processes (the CLIs) over loopback.
  const inProcess = callsInProcess(server);
  const stopAnswering = answerInProcess(endpoint, inProcess);
  return {
    endpoint,
    credentials,
    watch,
    transport: inProcess,
    close: async () => {
      stopAnswering();
      await inProcess.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

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
