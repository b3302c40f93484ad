import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createTableInput } from '../../shared/store/schema';

export interface EmbeddedDynamo {
  endpoint: string;
  close(): Promise<void>;
}

/** dynalite on loopback: in memory, or persisted under `dataDir`. If the wished port is taken
 * (another local server), any free port is used; the endpoint says which. */
export async function startEmbeddedDynamo(options: { dataDir?: string; port?: number } = {}): Promise<EmbeddedDynamo> {
  const server = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  try {
    server.listen(options.port ?? 0, '127.0.0.1');
    await once(server, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  }
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Creates the table unless it exists already. dynalite has no TTL sweeper: expired rate windows
 * stay in the local store, harmless because every window has its own key. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }
}
