import type { Stores } from './index';
import { migrateBotNameKeys } from './bots/nameKeyMigration';
import { migrateBotOwners } from './bots/ownerMigration';
import { migrateWebhookOwners } from './webhookOwnerMigration';

/** How many records each migration changed. */
export interface Migrated {
  bots: number;
  webhooks: number;
  /** Bots whose key in the listing by name was rewritten (names keyed in hex). */
  botNameKeys: number;
}

/**
 * Brings records of earlier versions up to date (`npm run keys -- migrate`, and the local server
 * at start): bots and webhook secrets go to the account of the key that registered them, and bots
 * get today's key in the listing by name.
 */
export async function migrateRecords(stores: Pick<Stores, 'db' | 'apiKeys'>, table: string): Promise<Migrated> {
  // A key's owner, as its record names it (a key nobody can find again: undefined).
  const ownerOfKey = async (keyId: string) => (await stores.apiKeys.getById(keyId))?.owner;
  return {
    bots: await migrateBotOwners(stores.db, table, ownerOfKey),
    webhooks: await migrateWebhookOwners(stores.db, table, ownerOfKey),
    botNameKeys: await migrateBotNameKeys(stores.db, table),
  };
}
