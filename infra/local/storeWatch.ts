import type { Server } from 'node:http';
import { recordKinds } from '../../shared/store/recordKinds';
import { beforeRequests } from './beforeRequests';

/** What the embedded store has been asked, as seen at its HTTP door. */
export interface StoreWatch {
  /** Every call made to the store so far (by this process's functions and gateway, or a CLI). */
  calls(): number;
  /** Moves whenever a write may have changed an API key record (see watchStore). */
  keyWrites(): number;
}

/** Where the watch keeps its two counts in an Int32Array: its own, or one shared with another thread. */
const CALLS = 0;
const KEY_WRITES = 1;
export const WATCH_COUNTS = 2;

/** The watch's figures as read from its counts, from any thread that shares them. */
export const watchOf = (counts: Int32Array): StoreWatch => ({
  calls: () => Atomics.load(counts, CALLS),
  keyWrites: () => Atomics.load(counts, KEY_WRITES),
});

const WRITES = /\.(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems)$/;
/** A string attribute that begins with the API key prefix: the key (or item) of an API key record. */
const API_KEY_VALUE = new RegExp(`"S"\\s*:\\s*"${recordKinds.apiKey.prefix}`);

/**
 * Watches the embedded store's requests: counts them, and moves a key-write count for each write
 * whose body names an API key record, twice: once its body is in (before the store applies it) and
 * once its answer is out. A read of a key overlapping the write then sees the count move, and so
 * does any read made after the write returned.
 */
export function watchStore(server: Server, counts: Int32Array = new Int32Array(WATCH_COUNTS)): StoreWatch {
  beforeRequests(server, (request, response, pass) => {
    Atomics.add(counts, CALLS, 1);
    const target = request.headers['x-amz-target'];
    if (typeof target === 'string' && WRITES.test(target)) {
      let body = '';
      // Listening before pass() hands the request to the store, in this same turn: no chunk is
      // missed, and the count moves before the store reads the whole body.
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('latin1');
      });
      request.on('end', () => {
        if (!API_KEY_VALUE.test(body)) return;
        Atomics.add(counts, KEY_WRITES, 1);
        response.on('close', () => {
          Atomics.add(counts, KEY_WRITES, 1);
        });
      });
    }
    pass();
  });
  return watchOf(counts);
}
