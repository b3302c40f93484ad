import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closes an idle kept-alive connection one event-loop turn after Node's idle timer fires, and only
 * if nothing arrived: after a busy spell a request already sent is still unread when the timer
 * fires, and closing then resets it (ECONNRESET).
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
