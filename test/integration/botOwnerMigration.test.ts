import { describe, expect, test } from '@jest/globals';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiKey } from '../../shared/access/keyAdmin';
import { migrateBotOwners } from '../../shared/store/bots/ownerMigration';
import { suiteStore } from '../support/dynamo';

/** Profiles written when bots belonged to keys move to the keys' accounts, once, on dynalite. */
const store = suiteStore();

describe('moving bots from their key to its account', () => {
  test("legacy profiles get their key's owner and listing, or nobody; a rerun changes nothing", async () => {
    const { stores, tableName } = store();
    const { record: key } = await createApiKey(stores.apiKeys, { name: 'old', owner: '200000000000000001' });
    const legacy = (clientId: string, ownerKeyId: string) => ({
      pk: `BOT#${clientId}`,
      sk: 'PROFILE',
      clientId,
      name: `Bot ${clientId.slice(-1)}`,
      public: true,
      tags: [],
      ownerKeyId,
      // As the earlier code registered them: an empty stats map for heartbeats to fill.
      stats: {},
      generation: 'g1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    // As the version before proof of control wrote them: an account's, publicly listed, not on the owners' index.
    const { ownerKeyId: _unused, ...accountOwned } = {
      ...legacy('400000000000000004', ''),
      ownerAccount: '200000000000000001',
      gsi1pk: 'BOTS',
      gsi1sk: 'bot 4#400000000000000004',
      gsi2pk: 'BOTS',
      gsi2sk: '0#400000000000000004',
    };
    for (const item of [legacy('400000000000000001', key.id), legacy('400000000000000002', 'key_gone'), accountOwned]) {
      await stores.db.send(new PutCommand({ TableName: tableName, Item: item }));
    }
    await stores.bots.register('400000000000000003', 'someone', { name: 'New', public: true, tags: [] }, new Date());

    const ownerOf = async (keyId: string) => (await stores.apiKeys.getById(keyId))?.owner;
    expect((await stores.bots.list({ limit: 10, sort: 'name' })).bots.map((bot) => bot.clientId)).toEqual([
      '400000000000000004',
    ]);
    expect(await migrateBotOwners(stores.db, tableName, ownerOf)).toBe(3);
    // Every profile is on its owner's list; none is public before its owner proves control.
    expect((await stores.bots.listOwned('200000000000000001')).map((bot) => bot.clientId)).toEqual([
      '400000000000000001',
      '400000000000000004',
    ]);
    expect((await stores.bots.listOwned('key:key_gone')).map((bot) => bot.clientId)).toEqual(['400000000000000002']);
    expect((await stores.bots.list({ limit: 10, sort: 'name' })).bots).toEqual([]);
    expect(await stores.bots.get('400000000000000001')).toMatchObject({ ownerAccount: '200000000000000001' });
    expect(await stores.bots.get('400000000000000002')).toMatchObject({ ownerAccount: 'key:key_gone' });
    expect(await stores.bots.get('400000000000000003')).toMatchObject({ ownerAccount: 'someone' });
    const { Item } = await stores.db.send(
      new GetCommand({ TableName: tableName, Key: { pk: 'BOT#400000000000000001', sk: 'PROFILE' } }),
    );
    expect(Item?.ownerKeyId).toBeUndefined();
    expect(await migrateBotOwners(stores.db, tableName, ownerOf)).toBe(0);
    // The account writes it now.
    expect(
      await stores.bots.heartbeat('400000000000000001', '200000000000000001', { guilds: 3 }, new Date()),
    ).toMatchObject({ stats: { guilds: 3 } });
  });
});
