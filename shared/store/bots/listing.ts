import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from '../errors';
import { queryOwned } from '../owned';
import { partitionKey } from '../recordKinds';
import { indexOf, LISTING } from './layout';
import { botProfile, type BotProfile, type BotSort, type ListingKey } from './types';

const MAX_READS = 10;
const READ_SIZE = 50;

/** The keys that place an item in an index: what a cursor holds and ExclusiveStartKey takes. */
function listingKey(item: Record<string, unknown>, sort: BotSort): ListingKey {
  const index = indexOf(sort);
  return {
    pk: String(item.pk),
    sk: String(item.sk),
    [index.partitionKey]: String(item[index.partitionKey]),
    [index.sortKey]: String(item[index.sortKey]),
  };
}

/**
 * A page of public bots, read one item past the page so a cursor exists only when another bot
 * follows; a tag filters the same query, so reading goes on a bounded number of times. Keyset pages
 * are exact only for a listing that holds still: a bot whose guild count changes may land on either
 * side of the cursor.
 */
export async function listProfiles(
  db: DynamoDBDocumentClient,
  table: string,
  options: { limit: number; sort: BotSort; tag?: string; after?: ListingKey },
) {
  const { limit, sort, tag } = options;
  const index = indexOf(sort);
  const found: Record<string, unknown>[] = [];
  let start: ListingKey | undefined = options.after;
  for (let reads = 0; reads < MAX_READS && found.length <= limit; reads += 1) {
    const page = await guarded('Query', () =>
      db.send(
        new QueryCommand({
          TableName: table,
          IndexName: index.name,
          KeyConditionExpression: '#pk = :listing',
          ExpressionAttributeNames: { '#pk': index.partitionKey, ...(tag ? { '#tags': 'tags' } : {}) },
          ExpressionAttributeValues: { ':listing': LISTING, ...(tag ? { ':tag': tag } : {}) },
          ...(tag ? { FilterExpression: 'contains(#tags, :tag)' } : {}),
          Limit: tag ? READ_SIZE : limit + 1 - found.length,
          ExclusiveStartKey: start,
        }),
      ),
    );
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey as ListingKey | undefined;
    if (!start) break;
  }
  const items = found.slice(0, limit);
  const last = items.at(-1);
  // A bot follows the page: continue after its last bot. Else reading stopped early (a rare tag),
  // and everything up to `start` was shown or filtered out: continue from there. Else: the end.
  const next = found.length > limit && last ? listingKey(last, sort) : start;
  return { bots: items.map((item) => botProfile.parse(item)), next };
}

/** Every profile an account owns (gsi3), by client id. */
export async function listOwned(db: DynamoDBDocumentClient, table: string, owner: string): Promise<BotProfile[]> {
  return (await queryOwned(db, table, owner, partitionKey('bot', ''))).map((item) => botProfile.parse(item));
}
