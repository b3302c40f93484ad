import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from '../errors';
import { botKey, guildKey, LISTING, nameKey, PROFILE } from './layout';
import { botFieldNames } from './fields';
import { botProfile, type BotFields, type BotProfile, type Refusal } from './types';

export async function getProfile(db: DynamoDBDocumentClient, table: string, clientId: string): Promise<BotProfile | undefined> {
  const { Item } = await guarded('GetItem', () => db.send(new GetCommand({ TableName: table, Key: { pk: botKey(clientId), sk: PROFILE }, ConsistentRead: true })));
  return Item ? botProfile.parse(Item) : undefined;
}

/** Why a conditional write on a bot failed: it does not exist, or another account owns it. */
export async function refusalFor(db: DynamoDBDocumentClient, table: string, clientId: string): Promise<Refusal> {
  return (await getProfile(db, table, clientId)) ? 'forbidden' : 'notFound';
}

/**
 * One conditional UpdateItem: two keys racing to register one bot cannot both own it. PUT
 * semantics: optional fields the body leaves out are removed. Created when createdAt is now.
 */
export async function registerProfile(db: DynamoDBDocumentClient, table: string, clientId: string, owner: string, fields: BotFields, now: Date) {
  const at = now.toISOString();
  const generation = randomUUID();
  const values: Record<string, unknown> = { ':me': owner, ':now': at, ':clientId': clientId, ':name': fields.name, ':public': fields.public, ':tags': fields.tags, ':generation': generation, ':noStats': {} };
  const set = [
    'clientId = :clientId',
    '#name = :name',
    '#public = :public',
    'tags = :tags',
    'ownerAccount = if_not_exists(ownerAccount, :me)',
    '#generation = if_not_exists(#generation, :generation)',
    'createdAt = if_not_exists(createdAt, :now)',
    'updatedAt = :now',
    'stats = if_not_exists(stats, :noStats)',
  ];
  const remove: string[] = [];
  // Every field goes through a name placeholder: some are DynamoDB reserved words.
  const names: Record<string, string> = { '#name': 'name', '#public': 'public', '#generation': 'generation' };
  for (const field of botFieldNames) {
    names[`#${field}`] = field;
    if (fields[field] === undefined) remove.push(`#${field}`);
    else {
      set.push(`#${field} = :${field}`);
      values[`:${field}`] = fields[field];
    }
  }
  if (fields.public) {
    set.push('gsi1pk = :listing', 'gsi1sk = :nameKey', 'gsi2pk = :listing', 'gsi2sk = if_not_exists(gsi2sk, :noGuilds)');
    Object.assign(values, { ':listing': LISTING, ':nameKey': nameKey(fields.name, clientId), ':noGuilds': guildKey(0, clientId) });
  } else {
    remove.push('gsi1pk', 'gsi2pk');
  }
  const bot = await updateProfileIf(db, table, clientId, {
    condition: 'attribute_not_exists(pk) OR ownerAccount = :me',
    update: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
    names,
    values,
  });
  return bot ? { bot, created: bot.generation === generation } : ('forbidden' as const);
}

/** A conditional UpdateItem of a profile: the profile as it is now, or undefined when the condition failed. */
export async function updateProfileIf(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  change: { condition: string; update: string; names: Record<string, string>; values: Record<string, unknown> },
): Promise<BotProfile | undefined> {
  try {
    const { Attributes } = await guarded('UpdateItem', () =>
      db.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: botKey(clientId), sk: PROFILE },
          ConditionExpression: change.condition,
          UpdateExpression: change.update,
          ExpressionAttributeNames: change.names,
          ExpressionAttributeValues: change.values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return botProfile.parse(Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
