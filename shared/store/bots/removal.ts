import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from '../errors';
import { botKey, PROFILE } from './layout';
import { getProfile, refusalFor } from './profiles';
import type { BotProfile, Refusal } from './types';
import { StoreUnavailableError } from '../../errors/unavailable';

/** Owner only: every record of the bot (see removeRecords). */
export async function removeBot(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
): Promise<true | Refusal> {
  const profile = await getProfile(db, table, clientId);
  if (!profile) return 'notFound';
  if (profile.ownerAccount !== owner) return 'forbidden';
  return (await removeRecords(db, table, profile)) || refusalFor(db, table, clientId);
}

/**
 * Removes a bot as `profile` was read: its commands and hourly points first, the profile last and
 * only if it is still that owner's same life, so nobody can register it anew and lose records to
 * this cleanup. False when the profile changed meanwhile.
 */
export async function removeRecords(db: DynamoDBDocumentClient, table: string, profile: BotProfile): Promise<boolean> {
  const { clientId } = profile;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await guarded('Query', () =>
      db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': botKey(clientId) },
          ProjectionExpression: 'pk, sk',
          ExclusiveStartKey: start,
        }),
      ),
    );
    const keys = (page.Items ?? []).filter((item) => item.sk !== PROFILE).map(({ pk, sk }) => ({ pk, sk }));
    for (let i = 0; i < keys.length; i += 25) await deleteBatch(db, table, keys.slice(i, i + 25));
    start = page.LastEvaluatedKey;
  } while (start);

  try {
    await guarded('DeleteItem', () =>
      db.send(
        new DeleteCommand({
          TableName: table,
          Key: { pk: botKey(clientId), sk: PROFILE },
          ConditionExpression: 'ownerAccount = :me AND #generation = :generation',
          ExpressionAttributeNames: { '#generation': 'generation' },
          ExpressionAttributeValues: { ':me': profile.ownerAccount, ':generation': profile.generation },
        }),
      ),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  return true;
}

/** One BatchWriteItem, retrying what DynamoDB leaves unprocessed (briefly: a Lambda has seconds). */
async function deleteBatch(db: DynamoDBDocumentClient, table: string, keys: Record<string, unknown>[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    // Still throttled after the retries: an outage (503, retry later), not a fault of ours.
    if (attempt === 4)
      throw new StoreUnavailableError(
        'BatchWriteItem',
        `${requests.length} deletes left unprocessed; delete the bot again`,
      );
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    const { UnprocessedItems } = await guarded('BatchWriteItem', () =>
      db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } })),
    );
    requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
  }
}
