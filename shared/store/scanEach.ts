import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';

/**
 * A one-off scan of the items matching `filter` (migrations; never on a request path): `visit` says
 * whether it changed each one; returns how many did.
 */
export async function scanEach(
  db: DynamoDBDocumentClient,
  table: string,
  filter: { expression: string; values: Record<string, unknown> },
  visit: (item: Record<string, unknown>) => Promise<boolean>,
): Promise<number> {
  let changed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await guarded('Scan', () =>
      db.send(
        new ScanCommand({
          TableName: table,
          FilterExpression: filter.expression,
          ExpressionAttributeValues: filter.values,
          ExclusiveStartKey: start,
        }),
      ),
    );
    for (const item of page.Items ?? []) if (await visit(item)) changed += 1;
    start = page.LastEvaluatedKey;
  } while (start);
  return changed;
}
