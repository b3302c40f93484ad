import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/**
 * Puts `step` in front of the server's request listeners (dynalite's): it sees each request first
 * and calls `pass` to hand it on, or answers it itself.
 */
export function beforeRequests(
  server: Server,
  step: (request: IncomingMessage, response: ServerResponse, pass: () => void) => void,
): void {
  const handlers = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) =>
    step(request, response, () => {
      for (const handler of handlers) handler(request, response);
    }),
  );
}
