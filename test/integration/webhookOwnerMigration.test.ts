import { describe, expect, test } from '@jest/globals';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiKey } from '../../shared/access/keyAdmin';
import { migrateRecords } from '../../shared/store/migrations';
import { suiteStore } from '../support/dynamo';

/**
 * Webhook secrets registered when they belonged to keys move to
 * the keys' accounts (and onto their lists), once, on dynalite.
 */
const store = suiteStore();

describe('moving webhook secrets from their key to its account', () => {
  test("each goes to its key's owner or nobody; newer ones are left alone; a rerun moves nothing", async () => {
    const { stores, tableName } = store();
    const { record: key } = await createApiKey(stores.apiKeys, { name: 'old', owner: '200000000000000041' });
    const legacy = (webhookId: string, keyId: string) => ({
      pk: `HOOK#${webhookId}`,
      sk: 'SECRETS',
      webhookId,
      secrets: { gitlab: { kind: 'token', sha256: 'ab'.repeat(32) } },
      keyId,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    for (const item of [legacy('700000000000000001', key.id), legacy('700000000000000002', 'key_gone')])
      await stores.db.send(new PutCommand({ TableName: tableName, Item: item }));
    await stores.webhookSecrets.replace({
      ...legacy('700000000000000003', key.id),
      secrets: { gitlab: { kind: 'token', sha256: 'cd'.repeat(32) } },
      ownerAccount: 'someone-else',
    });

    expect(await migrateRecords(stores, tableName)).toEqual({ bots: 0, webhooks: 2, botNameKeys: 0 });
    expect((await stores.webhookSecrets.listOwned('200000000000000041')).map((record) => record.webhookId)).toEqual([
      '700000000000000001',
    ]);
    expect((await stores.webhookSecrets.listOwned('key:key_gone')).map((record) => record.webhookId)).toEqual([
      '700000000000000002',
    ]);
    expect((await stores.webhookSecrets.listOwned('someone-else')).map((record) => record.webhookId)).toEqual([
      '700000000000000003',
    ]);
    // The secrets themselves are untouched and still guard the webhook.
    const { Item } = await stores.db.send(
      new GetCommand({ TableName: tableName, Key: { pk: 'HOOK#700000000000000001', sk: 'SECRETS' } }),
    );
    expect(Item).toMatchObject({ secrets: legacy('', '').secrets, keyId: key.id, ownerAccount: '200000000000000041' });
    expect(await migrateRecords(stores, tableName)).toEqual({ bots: 0, webhooks: 0, botNameKeys: 0 });
  });
});
