import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalUpdate } from '../errors';
import { scanEach } from '../scanEach';
import { OWNED, ownedByAssignments } from '../owned';
import { botKey, PROFILE } from './layout';

/**
 * Brings profiles of earlier layouts to today's (account owners, the owner index gsi3, public
 * listings only for verified bots) in one idempotent scan, each change conditional on what was
 * read; returns how many changed. The layouts it migrates from are in docs/design.md ("Bot profile layouts").
 */
export function migrateBotOwners(
  db: DynamoDBDocumentClient,
  table: string,
  ownerOfKey: (keyId: string) => Promise<string | undefined>,
): Promise<number> {
  const filter = {
    expression:
      `sk = :profile AND (attribute_exists(ownerKeyId) OR attribute_not_exists(${OWNED.partitionKey}) OR ` +
      '(attribute_not_exists(verifiedAt) AND attribute_exists(gsi1pk)))',
    values: { ':profile': PROFILE },
  };
  return scanEach(db, table, filter, (item) => bringUpToDate(db, table, item, ownerOfKey));
}

async function bringUpToDate(
  db: DynamoDBDocumentClient,
  table: string,
  item: Record<string, unknown>,
  ownerOfKey: (keyId: string) => Promise<string | undefined>,
): Promise<boolean> {
  const keyId = typeof item.ownerKeyId === 'string' ? item.ownerKeyId : undefined;
  const owner =
    typeof item.ownerAccount === 'string'
      ? item.ownerAccount
      : keyId !== undefined
        ? ((await ownerOfKey(keyId)) ?? `key:${keyId}`)
        : undefined;
  if (owner === undefined) return false;
  const unlisted = item.verifiedAt === undefined ? ['gsi1pk', 'gsi2pk'] : [];
  const owned = ownedByAssignments(owner, botKey(String(item.clientId)));
  // Changed meanwhile (another run, a write, a delete): the next run looks at it again if needed.
  return conditionalUpdate(db, {
    TableName: table,
    Key: { pk: item.pk, sk: item.sk },
    UpdateExpression:
      `SET ${['ownerAccount = :owner', ...owned.set].join(', ')} ` + `REMOVE ${['ownerKeyId', ...unlisted].join(', ')}`,
    // As read: still that key's (or that account's) and still as verified as it was.
    ConditionExpression:
      `${keyId !== undefined ? 'ownerKeyId = :keyId' : 'ownerAccount = :owner'} AND ` +
      `${item.verifiedAt === undefined ? 'attribute_not_exists(verifiedAt)' : 'attribute_exists(verifiedAt)'}`,
    ExpressionAttributeValues: {
      ':owner': owner,
      ...owned.values,
      ...(keyId !== undefined ? { ':keyId': keyId } : {}),
    },
  });
}
