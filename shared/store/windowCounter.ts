import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';

/**
 * Adds `count` to the counter `attribute` of the item at `key` and returns the new total.
 * UpdateItem ADD is atomic across concurrent Lambdas, and the TTL attribute lets DynamoDB delete
 * finished windows.
 */
export async function addToCounter(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: { pk: string; sk: string },
  count: number,
  expiresAt: number,
  attribute = 'count',
): Promise<number> {
  const { Attributes } = await guarded('UpdateItem', () =>
    db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD #count :count SET expiresAt = :expiresAt',
        ExpressionAttributeNames: { '#count': attribute },
        ExpressionAttributeValues: { ':count': count, ':expiresAt': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return Number(Attributes?.[attribute]);
}
