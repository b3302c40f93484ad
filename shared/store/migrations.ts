import type { Stores } from './index';
import { migrateBotOwners } from './bots/ownerMigration';
import { migrateWebhookOwners } from './webhookOwnerMigration';

/** How many records each migration changed. */
export interface Migrated {
  bots: number;
  webhooks: number;
}

/**
 * Brings records of earlier versions up to date (`npm run keys -- migrate`, and the local server
 * at start): bots and webhook secrets go to the account of the key that registered them.
 */
export async function migrateRecords(stores: Pick<Stores, 'db' | 'apiKeys'>, table: string): Promise<Migrated> {
  // A key's owner, as its record names it (a key nobody can find again: undefined).
  const ownerOfKey = async (keyId: string) => (await stores.apiKeys.getById(keyId))?.owner;
  return { bots: await migrateBotOwners(stores.db, table, ownerOfKey), webhooks: await migrateWebhookOwners(stores.db, table, ownerOfKey) };
}
