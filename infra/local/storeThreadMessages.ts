/** What the local server and its store's thread say to each other (storeThread.ts, storeWorker.ts). */

/** The thread's start: where its store keeps the watch's counts, shared with the server. */
export interface StoreThreadData {
  dataDir?: string;
  port?: number;
  counts: SharedArrayBuffer;
}

/** A store client's HTTP call, as the SDK's request handler is given it. */
export interface StoreCall {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

export type ToStore = { kind: 'call'; id: number; call: StoreCall } | { kind: 'close' };

export type FromStore =
  | { kind: 'ready'; endpoint: string }
  | { kind: 'answer'; id: number; statusCode: number; headers: Record<string, string>; body: Uint8Array }
  | { kind: 'failed'; id: number; error: { name: string; message: string; code?: string } }
  | { kind: 'closed' };
