import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from '../errors';
import { PROFILE } from './layout';

/**
 * Bots used to belong to the key that registered them (`ownerKeyId`); they belong to its account
 * now (`ownerAccount`), so rotating a key keeps them. Moves every profile still naming a key over to that
 * key's owner (a key nobody can find again leaves the bot to nobody: `key:<id>`). A one-off scan,
 * idempotent and safe beside live traffic (each move is conditional); returns how many moved.
 */
export async function migrateBotOwners(db: DynamoDBDocumentClient, table: string, ownerOfKey: (keyId: string) => Promise<string | undefined>): Promise<number> {
  let moved = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await guarded('Scan', () =>
      db.send(
        new ScanCommand({
          TableName: table,
          FilterExpression: 'sk = :profile AND attribute_exists(ownerKeyId) AND attribute_not_exists(ownerAccount)',
          ExpressionAttributeValues: { ':profile': PROFILE },
          ExclusiveStartKey: start,
        }),
      ),
    );
    for (const item of page.Items ?? []) {
      const keyId = String(item.ownerKeyId);
      const owner = (await ownerOfKey(keyId)) ?? `key:${keyId}`;
      try {
        await guarded('UpdateItem', () =>
          db.send(
            new UpdateCommand({
              TableName: table,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET ownerAccount = :owner REMOVE ownerKeyId',
              ConditionExpression: 'ownerKeyId = :keyId AND attribute_not_exists(ownerAccount)',
              ExpressionAttributeValues: { ':owner': owner, ':keyId': keyId },
            }),
          ),
        );
        moved += 1;
      } catch (error) {
        // Moved meanwhile (another run) or deleted: nothing left to do for it.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return moved;
}
