import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { answerInProcess, type StoreTransport } from '../../shared/store/inProcessStores';
import { callsInProcess } from './inProcessCalls';
import { localStoreCredentials, type StoreCredentials } from './storeCredentials';
import { guardStore } from './storeGuard';
import { watchStore, type StoreWatch } from './storeWatch';

export interface EmbeddedDynamo {
  endpoint: string;
  credentials: StoreCredentials;
  /** The calls it answered (past the guard) and the writes to API key records among them. */
  watch: StoreWatch;
  /** How this process's clients call it, without a socket (registered for its endpoint). */
  transport: StoreTransport;
  close(): Promise<void>;
}

export interface EmbeddedDynamoOptions {
  dataDir?: string;
  port?: number;
  /** Where the watch counts (StoreWatch): shared memory when the store runs on a thread of its own. */
  counts?: Int32Array;
}

/** dynalite on loopback: in memory, or persisted under `dataDir`, answering only this process's
 * credentials (storeGuard.ts). If the wished port is taken (another local server), any free port
 * is used; the endpoint says which. */
export async function startEmbeddedDynamo(options: EmbeddedDynamoOptions = {}): Promise<EmbeddedDynamo> {
  const credentials = localStoreCredentials();
  const server = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const watch = watchStore(server, options.counts);
  guardStore(server, credentials.accessKeyId);
  try {
    server.listen(options.port ?? 0, '127.0.0.1');
    await once(server, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  }
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  // This process's clients call it without a socket; other processes (the CLIs) over loopback.
  const inProcess = callsInProcess(server);
  const stopAnswering = answerInProcess(endpoint, inProcess);
  return {
    endpoint,
    credentials,
    watch,
    transport: inProcess,
    close: async () => {
      stopAnswering();
      await inProcess.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
