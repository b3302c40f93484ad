import type { HttpHandlerOptions, HttpRequest, HttpResponse, RequestHandler } from '@smithy/types';

/** What carries a store client's calls: the SDK's request handler interface. */
export type StoreTransport = RequestHandler<HttpRequest, HttpResponse, HttpHandlerOptions>;

const transports = new Map<string, StoreTransport>();

/**
 * Makes the store at `endpoint` answer this process's clients in process, by `transport` rather than
 * over a socket: the local server's embedded store runs in the very process that calls it, and a
 * call's HTTP framing (client and server side) cost about as much CPU as the SDK itself. Returns
 * what undoes it, for when the store closes.
 */
export function answerInProcess(endpoint: string, transport: StoreTransport): () => void {
  transports.set(endpoint, transport);
  return () => {
    if (transports.get(endpoint) === transport) transports.delete(endpoint);
  };
}

/** The transport of the store at `endpoint` when it answers in this process. */
export const inProcessTransport = (endpoint: string | undefined): StoreTransport | undefined =>
  endpoint === undefined ? undefined : transports.get(endpoint);
