import { test } from '@jest/globals';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/store/client';
import { startTestStore } from '../support/dynamo';

test('dbg', async () => {
  const store = await startTestStore();
  const db = createDocumentClient({
    tableName: store.tableName,
    endpoint: store.dynamo.endpoint,
    region: 'us-east-1',
    embedded: true,
  });
  const time = async (label: string, n: number, fn: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 50; i++) await fn(i);
    const t = performance.now();
    for (let i = 0; i < n; i++) await fn(i);
    console.log(label, (((performance.now() - t) / n) * 1000).toFixed(0), 'us each');
  };
  await db.send(
    new UpdateCommand({
      TableName: store.tableName,
      Key: { pk: 'big', sk: 'x' },
      UpdateExpression: 'SET d = :d, s70 = :z',
      ExpressionAttributeValues: { ':d': -1e9, ':z': 0 },
    }),
  );
  const S = Array.from({ length: 61 }, (_, i) => `s${i + 60}`);
  const forms: Record<string, string> = {
    explicitOr: S.map((x) => `(attribute_not_exists(${x}) OR #d < ${x})`).join(' AND '),
    notGe: S.map((x) => `NOT #d >= ${x}`).join(' AND '),
    notExistsAndGe: S.map((x) => `NOT (attribute_exists(${x}) AND #d >= ${x})`).join(' AND '),
    deMorgan: 'NOT (' + S.map((x) => `(attribute_exists(${x}) AND #d >= ${x})`).join(' OR ') + ')',
    none: 'attribute_exists(#d)',
    explicit1: S.map((x) => `(attribute_not_exists(${x}) OR #d < ${x})`)
      .slice(0, 1)
      .join(' AND '),
    explicit3: S.map((x) => `(attribute_not_exists(${x}) OR #d < ${x})`)
      .slice(0, 3)
      .join(' AND '),
    sizeTrick: S.map((x) => `(attribute_not_exists(${x}) OR #d < ${x})`)
      .slice(0, 5)
      .join(' AND '),
  };
  for (const [label, cond] of Object.entries(forms))
    await time(label, 200, () =>
      db.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: { pk: 'big', sk: 'x' },
          ConditionExpression: cond,
          UpdateExpression: 'ADD c :one',
          ExpressionAttributeNames: { '#d': 'd' },
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
  db.destroy();
  await store.close();
}, 120000);
