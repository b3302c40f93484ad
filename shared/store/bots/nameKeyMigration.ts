import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalUpdate } from '../errors';
import { scanEach } from '../scanEach';
import { nameKey, PROFILE } from './layout';

/**
 * Gives profiles with an older name key (layout.ts, nameKey) today's key, so they sort among the
 * others; returns how many changed. Idempotent and safe beside live traffic: each rewrite is
 * conditional on the key and name being as read.
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
