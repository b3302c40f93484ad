import type { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { HttpRequest } from '@smithy/types';
import { startEmbeddedDynamo } from './embeddedDynamo';
import type { FromStore, StoreCall, StoreThreadData, ToStore } from './storeThreadMessages';

/** The local store's own thread (storeThread.ts): dynalite, answering the server's calls as messages. */
const data = workerData as StoreThreadData;
const server = parentPort as NonNullable<typeof parentPort>;
const say = (message: FromStore, handOver: ArrayBuffer[] = []) => server.postMessage(message, handOver);

const store = await startEmbeddedDynamo({
  dataDir: data.dataDir,
  port: data.port,
  counts: new Int32Array(data.counts),
});

/** The answer's bytes in a buffer of their own, to hand over whole: a small Buffer is a view of a shared
 * pool, which a message would copy entire. */
async function bytesOf(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function answer(id: number, call: StoreCall): Promise<void> {
  try {
    const { response } = await store.transport.handle(call as HttpRequest);
    const body = await bytesOf(response.body as Readable);
    const { statusCode, headers } = response;
    say({ kind: 'answer', id, statusCode, headers, body }, [body.buffer as ArrayBuffer]);
  } catch (error) {
    const { name, message, code } = error as NodeJS.ErrnoException;
    say({ kind: 'failed', id, error: { name, message, code } });
  }
}

// Answers still being sent when the store closes go out before "closed", after which the thread is ended.
const sending = new Set<Promise<void>>();
server.on('message', (message: ToStore) => {
  if (message.kind === 'call') {
    const sent = answer(message.id, message.call).finally(() => sending.delete(sent));
    sending.add(sent);
    return;
  }
  void store
    .close()
    .then(() => Promise.all(sending))
    .then(() => say({ kind: 'closed' }));
});
say({ kind: 'ready', endpoint: store.endpoint });
