import { randomBytes } from 'node:crypto';
import { ensureTable, startEmbeddedDynamo, type EmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import { createStores, type Stores } from '../../shared/store';

export interface TestStore {
  dynamo: EmbeddedDynamo;
  tableName: string;
  stores: Stores;
  close(): Promise<void>;
}

/** A fresh dynalite with a fresh table per suite, so suites never share state. */
export async function startTestStore(): Promise<TestStore> {
  const dynamo = await startEmbeddedDynamo();
  const tableName = `test-${randomBytes(4).toString('hex')}`;
  await ensureTable(dynamo.endpoint, tableName);
  const stores = createStores({ tableName, endpoint: dynamo.endpoint, region: 'us-east-1' });
  return {
    dynamo,
    tableName,
    stores,
    close: async () => {
      stores.db.destroy();
      await dynamo.close();
    },
  };
}
