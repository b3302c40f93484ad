import type { ServerResponse } from 'node:http';

/**
 * Where the local server answers its store call count when started with LOCAL_STORE_CALLS=1 (the
 * bench reads it around each scenario): outside every route of the API, none of which begins with
 * an underscore.
 */
export const STORE_CALLS_PATH = '/_local/store-calls';

export function answerStoreCalls(res: ServerResponse, calls: number | undefined): void {
  const body = JSON.stringify({ storeCalls: calls ?? null });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
}
