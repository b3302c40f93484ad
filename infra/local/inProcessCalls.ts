import { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { HttpResponse } from '@smithy/types';
import type { StoreTransport } from '../../shared/store/inProcessStores';

/** The answer a request listener writes, as much of ServerResponse as dynalite, the guard and the watch use. */
class Answer extends EventEmitter {
  statusCode = 200;
  readonly headers: Record<string, string> = {};

  constructor(private readonly done: (answer: Answer, body: Buffer) => void) {
    super();
  }

  setHeader(name: string, value: string | number): this {
    this.headers[name.toLowerCase()] = String(value);
    return this;
  }

  writeHead(statusCode: number, headers: Record<string, string | number> = {}): this {
    this.statusCode = statusCode;
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return this;
  }

  end(body: string | Buffer = ''): this {
    this.done(this, Buffer.isBuffer(body) ? body : Buffer.from(body));
    this.emit('finish');
    this.emit('close');
    return this;
  }
}

/** A call's body as bytes: its JSON comes as a string or as bytes (read as they are, never as a string). */
function bodyBytes(body: unknown): Buffer {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new Error('the in-process store takes bodies of text or bytes');
}

export const abortError = () => Object.assign(new Error('Request aborted'), { name: 'AbortError' });

type Settle<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

/**
 * A call's `resolve` and `reject`, rejecting as aborted when `signal` aborts first (after `onAbort`), and
 * listening no more once the call is settled: one signal may serve many calls, and a listener left on it
 * would keep its call's answer for as long as the signal lives.
 */
export function settleUnlessAborted<T>(
  signal: AbortSignal | undefined,
  { resolve, reject }: Settle<T>,
  onAbort: () => void = () => undefined,
): Settle<T> {
  const abort = () => {
    onAbort();
    reject(abortError());
  };
  signal?.addEventListener('abort', abort, { once: true });
  const stop = () => signal?.removeEventListener('abort', abort);
  return {
    resolve: (value) => {
      stop();
      resolve(value);
    },
    reject: (error) => {
      stop();
      reject(error);
    },
  };
}

/** What a socket's call meets once the store has closed: its database is gone, so it must never be reached. */
export const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED: the embedded store has closed'), { code: 'ECONNREFUSED' });

/** The in-process transport, and how it ends: refusing new calls, once those under way have their answers. */
export interface InProcessCalls extends StoreTransport {
  close(): Promise<void>;
}

/**
 * An SDK transport that hands each call to `server`'s request listeners (the guard, the watch and
 * dynalite, as a socket would) within this process: the same headers and body in, the same status,
 * headers and body out, with no socket and no HTTP parsing on either side. A closing server waits
 * for open sockets but knows nothing of these calls, so `close` lets them finish before the
 * database goes.
 */
export function callsInProcess(server: Server): InProcessCalls {
  let closed = false;
  const underWay = new Set<Promise<unknown>>();
  const handle: StoreTransport['handle'] = (request, options) =>
    new Promise((resolveCall, rejectCall) => {
      const signal = options?.abortSignal as AbortSignal | undefined;
      if (signal?.aborted) return rejectCall(abortError());
      if (closed || !server.listening) return rejectCall(refused());
      const { resolve, reject } = settleUnlessAborted(signal, { resolve: resolveCall, reject: rejectCall });
      const body = bodyBytes(request.body);
      const query = new URLSearchParams(request.query as Record<string, string>).toString();
      const incoming = Object.assign(Readable.from(body.length > 0 ? [body] : []), {
        method: request.method,
        url: `${request.path}${query ? `?${query}` : ''}`,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
        ),
      }) as unknown as IncomingMessage;
      const answer = new Answer((done, bytes) => {
        const response: HttpResponse = {
          statusCode: done.statusCode,
          headers: done.headers,
          body: Readable.from([bytes]),
        };
        resolve({ response });
      });
      try {
        for (const listener of server.listeners('request') as RequestListener[])
          listener(incoming, answer as unknown as ServerResponse);
      } catch (error) {
        reject(error);
      }
    });
  return {
    handle: (request, options) => {
      const call = handle(request, options);
      const settled: Promise<unknown> = call.then(
        () => underWay.delete(settled),
        () => underWay.delete(settled),
      );
      underWay.add(settled);
      return call;
    },
    destroy: () => undefined,
    close: async () => {
      closed = true;
      await Promise.all(underWay);
    },
  };
}
