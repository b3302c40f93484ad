import { describe, expect, test } from '@jest/globals';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { registerBotBody } from '../../shared/routes/schemas/bots';
import { migrateRecords } from '../../shared/store/migrations';
import { suiteStore } from '../support/dynamo';

/**
 * Profiles keyed by their plain name (as earlier versions wrote
 * them) get today's key in the listing by name, once, on dynalite.
 */
const store = suiteStore();

const id = (n: number) => String(500000000000000000n + BigInt(n));
const NAMES = ['ab c', 'ab', 'ab!', 'Ab', 'abc', 'Renamed meanwhile', 'Deleted meanwhile'];
const RENAMED = id(5);
const DELETED = id(6);

describe('re-keying the listing by name', () => {
  test('old keys are rewritten so "ab" precedes "ab c"; concurrent writes win; a rerun changes nothing', async () => {
    const { stores, tableName } = store();
    const profileOf = async (clientId: string) =>
      (await stores.db.send(new GetCommand({ TableName: tableName, Key: { pk: `BOT#${clientId}`, sk: 'PROFILE' } })))
        .Item;
    for (const [n, name] of NAMES.entries()) {
      await stores.bots.register(id(n), 'owner', registerBotBody.parse({ name }), new Date());
      await stores.bots.verify(id(n), 'owner', { name }, new Date());
      // As earlier versions wrote it: the name itself, then the client id.
      const oldKey = `${name.toLowerCase()}#${id(n)}`;
      await stores.db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: `BOT#${id(n)}`, sk: 'PROFILE' },
          UpdateExpression: 'SET gsi1sk = :old',
          ExpressionAttributeValues: { ':old': oldKey },
        }),
      );
    }
    const names = async () => (await stores.bots.list({ limit: 100, sort: 'name' })).bots.map((bot) => bot.name);
    expect(await names()).toEqual(['ab c', 'ab!', 'ab', 'Ab', 'abc', 'Deleted meanwhile', 'Renamed meanwhile']);

    // Its owner renames one bot, and deletes another, just before the migration rewrites each.
    const raced = new Set<string>();
    const send = async (command: unknown) => {
      const pk = command instanceof UpdateCommand ? String(command.input.Key?.pk) : '';
      if (
        command instanceof UpdateCommand &&
        command.input.UpdateExpression === 'SET gsi1sk = :key' &&
        !raced.has(pk)
      ) {
        raced.add(pk);
        if (pk === `BOT#${RENAMED}`)
          await stores.bots.register(RENAMED, 'owner', registerBotBody.parse({ name: 'AB' }), new Date());
        if (pk === `BOT#${DELETED}`) expect(await stores.bots.delete(DELETED, 'owner')).toBe(true);
      }
      return stores.db.send(command as never);
    };
    const racing = Object.assign(Object.create(stores.db) as DynamoDBDocumentClient, { send });
    expect(await migrateRecords({ db: racing, apiKeys: stores.apiKeys }, tableName)).toEqual({
      bots: 0,
      webhooks: 0,
      botNameKeys: 5,
    });
    expect(raced.size).toBe(NAMES.length);

    // The renamed bot keeps the key of its new name (a tie with
    // "ab", after it by client id); the deleted one stays deleted.
    expect(await names()).toEqual(['ab', 'Ab', 'AB', 'ab c', 'ab!', 'abc']);
    expect(await profileOf(DELETED)).toBeUndefined();
    expect(await migrateRecords(stores, tableName)).toEqual({ bots: 0, webhooks: 0, botNameKeys: 0 });
  });
});
