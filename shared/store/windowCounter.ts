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
  /** When this count was made (unix s), kept on the item as `lastAt` (a key's "last used"). */
  at?: number,
): Promise<number> {
  const { Attributes } = await guarded('UpdateItem', () =>
    db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: `ADD #count :count SET expiresAt = :expiresAt${at === undefined ? '' : ', lastAt = :at'}`,
        ExpressionAttributeNames: { '#count': attribute },
        ExpressionAttributeValues: {
          ':count': count,
          ':expiresAt': expiresAt,
          ...(at === undefined ? {} : { ':at': at }),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return Number(Attributes?.[attribute]);
}
