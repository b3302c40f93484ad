import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
export async function migrateRecords(db: DynamoDBDocumentClient, table: string, ownerOfKey: (keyId: string) => Promise<string | undefined>): Promise<Migrated> {
  return { bots: await migrateBotOwners(db, table, ownerOfKey), webhooks: await migrateWebhookOwners(db, table, ownerOfKey) };
}
