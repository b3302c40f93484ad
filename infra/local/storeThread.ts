import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { Readable } from 'node:stream';
import type { HttpResponse } from '@smithy/types';
import { answerInProcess, type StoreTransport } from '../../shared/store/inProcessStores';
import type { EmbeddedDynamo, EmbeddedDynamoOptions } from './embeddedDynamo';
import { abortError, refused, settleUnlessAborted } from './inProcessCalls';
import { localStoreCredentials } from './storeCredentials';
import type { FromStore, StoreThreadData, ToStore } from './storeThreadMessages';
import { WATCH_COUNTS, watchOf } from './storeWatch';
import { startTsWorker } from './tsWorker';

/** How long closing waits for the thread to close its database before ending it. */
const CLOSE_PATIENCE_MS = 5_000;

type Waiting = { resolve: (answer: { response: HttpResponse }) => void; reject: (error: unknown) => void };

/**
 * The embedded store on a thread of its own: dynalite's work (parsing expressions, applying them)
 * then runs beside the server's instead of taking turns with it on one core, as DynamoDB is a
 * service apart in AWS. Calls go as messages, without a socket; the watch's counts are shared
 * memory, read as they move. Other processes (the CLIs) reach it over loopback as before.
 */
export async function startStoreThread(options: Omit<EmbeddedDynamoOptions, 'counts'> = {}): Promise<EmbeddedDynamo> {
  // Set in this process's environment, which the thread is given as it is now: it guards with the same key.
  const credentials = localStoreCredentials();
  const counts = new Int32Array(new SharedArrayBuffer(WATCH_COUNTS * Int32Array.BYTES_PER_ELEMENT));
  const workerData: StoreThreadData = { ...options, counts: counts.buffer as SharedArrayBuffer };
  const thread = startTsWorker(new URL('./storeWorker.ts', import.meta.url), { workerData, env: { ...process.env } });
  const say = (message: ToStore) => thread.postMessage(message);

  const waiting = new Map<number, Waiting>();
  // Once set, what each later call meets: an error of its own, as the SDK writes its attempts on the one it gets.
  let gone: (() => Error) | undefined;
  let nextId = 1;
  let ready: (endpoint: string) => void = () => undefined;
  let closed: () => void = () => undefined;
  const started = new Promise<string>((resolve) => {
    ready = resolve;
  });
  const ended = new Promise<void>((resolve) => {
    closed = resolve;
  });
  thread.on('message', (message: FromStore) => {
    if (message.kind === 'ready') return ready(message.endpoint);
    if (message.kind === 'closed') return closed();
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.kind === 'failed') return call?.reject(Object.assign(new Error(message.error.message), message.error));
    const body = Readable.from([Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength)]);
    call?.resolve({ response: { statusCode: message.statusCode, headers: message.headers, body } });
  });
  // A thread that fails or stops fails what it was asked, and refuses what comes after, as a closed store.
  const failAll = (refusal: () => Error) => {
    gone ??= refusal;
    for (const call of waiting.values()) call.reject(gone());
    waiting.clear();
  };
  thread.on('error', (error) => {
    console.error('the local store thread failed:', error);
    failAll(() => Object.assign(refused(), { message: `${refused().message} (its thread failed: ${error.message})` }));
  });
  thread.on('exit', () => failAll(refused));
  const endpoint = await Promise.race([
    started,
    once(thread, 'error').then(([error]) => Promise.reject(error)),
    once(thread, 'exit').then(() => Promise.reject(new Error('the local store thread stopped before it started'))),
  ]);

  const transport: StoreTransport = {
    handle: (request, handlerOptions) =>
      new Promise((resolve, reject) => {
        const signal = handlerOptions?.abortSignal as AbortSignal | undefined;
        if (signal?.aborted) return reject(abortError());
        if (gone) return reject(gone());
        const id = nextId++;
        waiting.set(
          id,
          settleUnlessAborted(signal, { resolve, reject }, () => waiting.delete(id)),
        );
        const { method, path, query, headers, body } = request;
        say({ kind: 'call', id, call: { method, path, query, headers, body } });
      }),
    destroy: () => undefined,
  };
  const stopAnswering = answerInProcess(endpoint, transport);
  return {
    endpoint,
    credentials,
    watch: watchOf(counts),
    transport,
    close: async () => {
      stopAnswering();
      if (!gone) {
        say({ kind: 'close' });
        // A thread that does not close in time (hung) is ended anyway: stopping the server must not hang.
        const patience = new AbortController();
        await Promise.race([
          ended,
          once(thread, 'exit'),
          delay(CLOSE_PATIENCE_MS, undefined, { signal: patience.signal }).catch(() => undefined),
        ]);
        patience.abort();
      }
      gone ??= refused;
      await thread.terminate();
    },
  };
}
