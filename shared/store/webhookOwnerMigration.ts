import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OWNED, ownedByAssignments } from './owned';
import { conditionalUpdate } from './errors';
import { scanEach } from './scanEach';
import { SECRETS } from './webhookSecrets';

/**
 * Webhook secrets registered before webhooks belonged to accounts name only the key that
 * registered them: they go to that key's owner (and onto its list, gsi3), so they show on its
 * dashboard. A key nobody can find again leaves them to nobody (`key:<id>`). Idempotent; each move
 * is conditional on the record still being as read. Returns how many moved.
 */
export function migrateWebhookOwners(
  db: DynamoDBDocumentClient,
  table: string,
  ownerOfKey: (keyId: string) => Promise<string | undefined>,
): Promise<number> {
  const filter = {
    expression: `sk = :secrets AND attribute_not_exists(${OWNED.partitionKey})`,
    values: { ':secrets': SECRETS },
  };
  return scanEach(db, table, filter, async (item) => {
    const keyId = String(item.keyId);
    const owner =
      typeof item.ownerAccount === 'string' ? item.ownerAccount : ((await ownerOfKey(keyId)) ?? `key:${keyId}`);
    const owned = ownedByAssignments(owner, String(item.pk));
    // Registered anew meanwhile (with its owner): nothing left to do.
    return conditionalUpdate(db, {
      TableName: table,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: `SET ${['ownerAccount = :owner', ...owned.set].join(', ')}`,
      ConditionExpression: 'keyId = :keyId AND updatedAt = :updatedAt',
      ExpressionAttributeValues: { ':owner': owner, ...owned.values, ':keyId': keyId, ':updatedAt': item.updatedAt },
    });
  });
}
