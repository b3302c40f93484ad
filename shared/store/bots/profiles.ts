import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from '../errors';
import { StoreUnavailableError } from '../../errors/unavailable';
import { ownedByAssignments } from '../owned';
import { botKey, guildKey, LISTING, nameKey, PROFILE } from './layout';
import { botFieldNames } from '../../bots/fields';
import { botProfile, type BotFields, type BotProfile, type Refusal } from './types';

export async function getProfile(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
): Promise<BotProfile | undefined> {
  const item = await getProfileItem(db, table, clientId);
  return item ? botProfile.parse(item) : undefined;
}

/** The profile item as stored, with the table's own attributes. */
export async function getProfileItem(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
): Promise<Record<string, unknown> | undefined> {
  const { Item } = await guarded('GetItem', () =>
    db.send(new GetCommand({ TableName: table, Key: { pk: botKey(clientId), sk: PROFILE }, ConsistentRead: true })),
  );
  return Item;
}

/** Why a conditional write on a bot failed: it does not exist, or another account owns it. */
export async function refusalFor(db: DynamoDBDocumentClient, table: string, clientId: string): Promise<Refusal> {
  return (await getProfile(db, table, clientId)) ? 'forbidden' : 'notFound';
}

/** A write of a whole profile as the caller saw it: absent, or this life with this owner and verification. */
type Expected = BotProfile | undefined;

/** What a profile write sets beyond the owner's fields: its owner, and verification (kept when not given). */
interface Ownership {
  owner: string;
  /** When control of the Discord application was proven; undefined keeps what the profile had. */
  verifiedAt?: string;
}

/**
 * One conditional UpdateItem that writes the profile the caller read (`expected`) or creates it: if
 * its owner, life or verification changed meanwhile, the condition fails and the caller reads
 * again. PUT semantics: optional fields left out are removed.
 */
export async function writeProfile(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  fields: BotFields,
  ownership: Ownership,
  expected: Expected,
  now: Date,
): Promise<Written | undefined> {
  const at = now.toISOString();
  const generation = expected?.generation ?? randomUUID();
  const verifiedAt = ownership.verifiedAt ?? expected?.verifiedAt;
  const owned = ownedByAssignments(ownership.owner, botKey(clientId));
  const values: Record<string, unknown> = {
    ':me': ownership.owner,
    ':now': at,
    ':clientId': clientId,
    ':name': fields.name,
    ':public': fields.public,
    ':tags': fields.tags,
    ':generation': generation,
    ':createdAt': expected?.createdAt ?? at,
    ':noStats': {},
    ...owned.values,
  };
  const set = [
    'clientId = :clientId',
    '#name = :name',
    '#public = :public',
    'tags = :tags',
    'ownerAccount = :me',
    '#generation = :generation',
    'createdAt = :createdAt',
    'updatedAt = :now',
    'stats = if_not_exists(stats, :noStats)',
    ...owned.set,
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
  if (verifiedAt) {
    set.push('verifiedAt = :verifiedAt');
    values[':verifiedAt'] = verifiedAt;
  }
  if (fields.public && verifiedAt) {
    set.push(
      'gsi1pk = :listing',
      'gsi1sk = :nameKey',
      'gsi2pk = :listing',
      'gsi2sk = if_not_exists(gsi2sk, :noGuilds)',
    );
    Object.assign(values, {
      ':listing': LISTING,
      ':nameKey': nameKey(fields.name, clientId),
      ':noGuilds': guildKey(0, clientId),
    });
  } else {
    remove.push('gsi1pk', 'gsi2pk');
  }
  let condition = 'attribute_not_exists(pk)';
  if (expected) {
    condition =
      'ownerAccount = :was AND #generation = :generation AND ' +
      `${expected.verifiedAt ? 'verifiedAt = :wasVerified' : 'attribute_not_exists(verifiedAt)'}`;
    values[':was'] = expected.ownerAccount;
    if (expected.verifiedAt) values[':wasVerified'] = expected.verifiedAt;
  }
  const bot = await updateProfileIf(db, table, clientId, {
    condition,
    update: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
    names,
    values,
  });
  return bot && { bot, created: !expected };
}

/** A profile as written, and whether this write created it. */
export type Written = { bot: BotProfile; created: boolean };
/** What to do with the profile as it is now: answer without writing, or write (undefined: it changed meanwhile). */
export type Decision<T> = { done: T } | { write: () => Promise<Written | undefined> };

/** A profile write, retried on a profile that changed under it: `decide` looks at it as it is now. */
export async function retried<T>(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  decide: (current: Expected) => Promise<Decision<T>>,
): Promise<T | Written> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const decision = await decide(await getProfile(db, table, clientId));
    if ('done' in decision) return decision.done;
    const written = await decision.write();
    if (written) return written;
  }
  // Changed under us three times in a row: contention the caller may simply retry.
  throw new StoreUnavailableError('UpdateItem', `bot ${clientId} changed during the write; try again`);
}

/**
 * Creates (the account that registers it first owns the bot) or
 * replaces the profile: `forbidden` when another account owns it.
 */
export function registerProfile(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
  fields: BotFields,
  now: Date,
) {
  return retried(db, table, clientId, async (current): Promise<Decision<'forbidden'>> => {
    if (current && current.ownerAccount !== owner) return { done: 'forbidden' as const };
    return { write: () => writeProfile(db, table, clientId, fields, { owner }, current, now) };
  });
}

/** A conditional update of a profile item: the condition, the update expression and what they name. */
export interface ProfileChange {
  condition: string;
  update: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** A conditional UpdateItem of a profile: the profile as it is now, or undefined when the condition failed. */
export async function updateProfileIf(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  change: ProfileChange,
): Promise<BotProfile | undefined> {
  const item = await updateProfileItemIf(db, table, clientId, change);
  return item && botProfile.parse(item);
}

/** As updateProfileIf, the item as stored (with the table's own attributes), or undefined when the condition failed. */
export async function updateProfileItemIf(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  change: ProfileChange,
): Promise<Record<string, unknown> | undefined> {
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
    return Attributes ?? {};
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
