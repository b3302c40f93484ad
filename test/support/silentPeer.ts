import { once } from 'node:events';
import net from 'node:net';

/**
 * A TCP peer on 127.0.0.1 that accepts connections and, once `silence()` is called (or from the
 * start, without an upstream), never answers: the fault a stalled AWS endpoint shows, which a
 * closed port (refused at once) does not. Before that it relays bytes to `upstream` both ways,
 * the answers held `answerAfter(ms)` first (a slow service that still answers).
 */
export interface SilentPeer {
  endpoint: string;
  silence(): void;
  /** Hold each answer this long before passing it on (0: at once); lifts a silence. */
  answerAfter(ms: number): void;
  /** Connections accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startSilentPeer(upstream?: string): Promise<SilentPeer> {
  let silent = upstream === undefined;
  let delayMs = 0;
  // Equal delays keep the bytes in order: timers of one duration fire in the order they were set.
  const later = (run: () => void) => (delayMs > 0 ? setTimeout(run, delayMs) : run());
  let accepted = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket.on('error', () => undefined).on('close', () => sockets.delete(socket)));
    return socket;
  };
  const server = net.createServer((client) => {
    accepted += 1;
    track(client);
    if (!upstream) return;
    const { hostname, port } = new URL(upstream);
    const far = track(net.connect(Number(port), hostname));
    // Bytes stop flowing either way the moment the peer goes silent, on open connections too.
    client.on('data', (chunk) => silent || far.write(chunk));
    far.on('data', (chunk) => silent || later(() => client.writable && client.write(chunk)));
    far.on('close', () => silent || later(() => client.destroy()));
    client.on('close', () => far.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    silence: () => {
      silent = true;
    },
    answerAfter: (ms) => {
      silent = false;
      delayMs = ms;
    },
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
