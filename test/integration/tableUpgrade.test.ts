import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { startEmbeddedDynamo, type EmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import { ensureTable } from '../../infra/local/localTable';
import { createTableInput } from '../../shared/store/schema';

/** A local store persisted by an older version (one index fewer) is rebuilt without losing an item. */
let dynamo: EmbeddedDynamo;
let client: DynamoDBClient;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: dynamo.credentials });
});
afterAll(async () => {
  client.destroy();
  await dynamo.close();
});

test('an older table gains the missing index and keeps all its items', async () => {
  const table = 'older-table';
  const current = createTableInput(table);
  await client.send(
    new CreateTableCommand({ ...current, GlobalSecondaryIndexes: current.GlobalSecondaryIndexes?.slice(0, 1) }),
  );
  for (let n = 0; n < 60; n += 1) {
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: `KEY#${n}` },
          sk: { S: 'APIKEY' },
          gsi1pk: { S: 'APIKEYS' },
          gsi1sk: { S: `key_${n}` },
          n: { N: String(n) },
        },
      }),
    );
  }

  await ensureTable(dynamo.endpoint, table);

  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
  expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(
    current.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort(),
  );
  const { Items } = await client.send(new ScanCommand({ TableName: table }));
  expect(Items?.map((item) => Number(item.n?.N)).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 60 }, (_, n) => n),
  );
  // A table that is already current is left alone.
  await ensureTable(dynamo.endpoint, table);
  expect((await client.send(new ScanCommand({ TableName: table }))).Items).toHaveLength(60);
});

test('the table is ready once ensureTable returns, however long creating it takes', async () => {
  // A store that takes 300 ms to create a table, as dynalite writing to disk under load can.
  const slow = dynalite({ createTableMs: 300 });
  slow.listen(0, '127.0.0.1');
  await once(slow, 'listening');
  const endpoint = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  const reader = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: dynamo.credentials });
  try {
    await ensureTable(endpoint, 'slow-table');
    await expect(
      reader.send(new GetItemCommand({ TableName: 'slow-table', Key: { pk: { S: 'KEY#x' }, sk: { S: 'APIKEY' } } })),
    ).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
  } finally {
    reader.destroy();
    await new Promise((resolve) => slow.close(resolve));
  }
});
