import { expect, test } from '@jest/globals';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/store/client';
import { suiteStore } from '../support/dynamo';

/**
 * The local server's own store client names its access key without signing (the embedded store
 * checks the key, never a signature): it must still read and write, and a client naming another
 * key must still be refused by the store's guard.
 */
const store = suiteStore();

const clientOf = () =>
  createDocumentClient({
    tableName: store().tableName,
    endpoint: store().dynamo.endpoint,
    region: 'us-east-1',
    embedded: true,
  });

test('the embedded client writes and reads, unsigned', async () => {
  const client = clientOf();
  const headers: Record<string, string>[] = [];
  client.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      headers.push((args.request as { headers: Record<string, string> }).headers);
      return result;
    },
    { step: 'finalizeRequest', priority: 'low' },
  );
  const Item = { pk: 'TEST#unsigned', sk: 'A', value: 7 };
  await client.send(new PutCommand({ TableName: store().tableName, Item }));
  expect(
    (await client.send(new GetCommand({ TableName: store().tableName, Key: { pk: Item.pk, sk: 'A' } }))).Item,
  ).toEqual(Item);
  expect(headers.map((h) => h.authorization)).toEqual([
    expect.stringContaining('Signature=none'),
    expect.stringContaining('Signature=none'),
  ]);
  client.destroy();
});

test('a client naming another access key is refused, signed or not', async () => {
  const own = process.env.DYNAMODB_ACCESS_KEY_ID;
  process.env.DYNAMODB_ACCESS_KEY_ID = 'LOCALSOMEONEELSE';
  try {
    const client = clientOf();
    await expect(
      client.send(new GetCommand({ TableName: store().tableName, Key: { pk: 'TEST#unsigned', sk: 'A' } })),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    client.destroy();
  } finally {
    process.env.DYNAMODB_ACCESS_KEY_ID = own;
  }
});
