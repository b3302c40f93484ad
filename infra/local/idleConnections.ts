import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node closes a kept-alive connection when its idle timer fires, and timers run before the turn
 * that reads sockets: after the process was busy (a starved CPU, a long synchronous render), a
 * request the client sent within the keep-alive time is still unread then, and closing resets it
 * (ECONNRESET). So an idle connection is closed one turn later, once what already arrived has been
 * read, and only if nothing did; a request that began is Node's again (its own timeouts apply).
 */
export function closeIdleAfterReading(server: Server): void {
  // A listener of the server's 'timeout' takes the place of Node's destroy.
  server.on('timeout', (socket: Socket) => {
    const read = socket.bytesRead;
    setImmediate(() => {
      if (socket.bytesRead === read) socket.destroy();
    });
  });
}
