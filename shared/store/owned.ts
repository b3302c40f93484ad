import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';
import { partitionKey } from './recordKinds';
import { tableSchema } from './schema';

/**
 * What an account owns (its bots, its webhooks) is listed on
 * gsi3 under ACCOUNT#<owner>, by the item's own partition key.
 */
export const OWNED = tableSchema.gsi3;

/** The attributes that put an item on its owner's list. */
export const ownedBy = (owner: string, itemKey: string) => ({
  [OWNED.partitionKey]: partitionKey('account', owner),
  [OWNED.sortKey]: itemKey,
});

/** The same, as an UpdateItem's SET assignments and their values (`:gsi3pk`, `:gsi3sk`). */
export function ownedByAssignments(owner: string, itemKey: string): { set: string[]; values: Record<string, string> } {
  const entries = Object.entries(ownedBy(owner, itemKey));
  return {
    set: entries.map(([name]) => `${name} = :${name}`),
    values: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
  };
}

/** Every item the account owns whose list key starts with `prefix` (BOT#, HOOK#). */
export async function queryOwned(
  db: DynamoDBDocumentClient,
  table: string,
  owner: string,
  prefix: string,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await guarded('Query', () =>
      db.send(
        new QueryCommand({
          TableName: table,
          IndexName: OWNED.name,
          KeyConditionExpression: '#pk = :owned AND begins_with(#sk, :prefix)',
          ExpressionAttributeNames: { '#pk': OWNED.partitionKey, '#sk': OWNED.sortKey },
          ExpressionAttributeValues: { ':owned': partitionKey('account', owner), ':prefix': prefix },
          ExclusiveStartKey: start,
        }),
      ),
    );
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}
