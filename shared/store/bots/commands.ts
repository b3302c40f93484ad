import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from '../errors';
import { botKey, COMMANDS } from './layout';
import { getProfile } from './profiles';
import { commandList, type BotCommand, type BotProfile, type CommandList, type Refusal } from './types';

/**
 * Replaces the list, owner only. The list is stamped with the profile's generation: were the bot
 * deleted and registered anew between the owner check and this write, the new bot would not
 * show the old owner's commands.
 */
export async function writeCommands(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
  commands: BotCommand[],
  now: Date,
): Promise<CommandList | Refusal> {
  const profile = await getProfile(db, table, clientId);
  if (!profile) return 'notFound';
  if (profile.ownerAccount !== owner) return 'forbidden';
  const list = { commands, updatedAt: now.toISOString() };
  await guarded('PutItem', () =>
    db.send(
      new PutCommand({
        TableName: table,
        Item: { pk: botKey(clientId), sk: COMMANDS, generation: profile.generation, ...list },
      }),
    ),
  );
  return list;
}

export async function readCommands(
  db: DynamoDBDocumentClient,
  table: string,
  profile: BotProfile,
): Promise<CommandList | undefined> {
  const { Item } = await guarded('GetItem', () =>
    db.send(new GetCommand({ TableName: table, Key: { pk: botKey(profile.clientId), sk: COMMANDS } })),
  );
  if (!Item || Item.generation !== profile.generation) return undefined;
  const { commands, updatedAt } = commandList.parse(Item);
  return { commands, updatedAt };
}
