import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalUpdate } from '../errors';
import { scanEach } from '../scanEach';
import { nameKey, PROFILE } from './layout';

/**
 * Profiles written before names were keyed in hex (layout.ts, nameKey) get today's key for the
 * listing by name, so they sort among the others. Idempotent (a key already right is left alone)
 * and safe beside live traffic: each rewrite is conditional on the key and name being as read, so a
 * profile renamed, re-registered or deleted meanwhile (which writes today's key, or none) is not
 * touched. Returns how many changed.
 */
export function migrateBotNameKeys(db: DynamoDBDocumentClient, table: string): Promise<number> {
  const filter = { expression: 'sk = :profile AND attribute_exists(gsi1sk)', values: { ':profile': PROFILE } };
  return scanEach(db, table, filter, async (item) => {
    if (typeof item.name !== 'string') return false;
    const key = nameKey(item.name, String(item.clientId));
    if (item.gsi1sk === key) return false;
    return conditionalUpdate(db, {
      TableName: table,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'SET gsi1sk = :key',
      ConditionExpression: 'gsi1sk = :was AND #name = :name',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':key': key, ':was': item.gsi1sk, ':name': item.name },
    });
  });
}
