import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/** A segment or subsegment document as the X-Ray SDK sends it to the daemon. */
export interface SegmentDocument {
  id: string;
  name: string;
  trace_id?: string;
  parent_id?: string;
  type?: string;
  namespace?: string;
  error?: boolean;
  aws?: { operation?: string; [key: string]: unknown };
  subsegments?: SegmentDocument[];
  [key: string]: unknown;
}

/**
 * A stand-in X-Ray daemon on 127.0.0.1: it keeps every datagram the SDK sends (a JSON header line,
 * then the document), so a test reads what a function would have put in its trace.
 */
export interface XrayDaemon {
  /** `127.0.0.1:<port>`, as AWS_XRAY_DAEMON_ADDRESS names it. */
  address: string;
  /** Every datagram received, as sent. */
  raw(): string[];
  /** The documents received, with their nested subsegments flattened in. */
  documents(): SegmentDocument[];
  /** Resolves once no datagram has arrived for `quietMs` (the SDK sends after a subsegment closes). */
  settled(quietMs?: number): Promise<void>;
  close(): Promise<void>;
}

const flatten = (document: SegmentDocument): SegmentDocument[] => [
  document,
  ...(document.subsegments ?? []).flatMap(flatten),
];

export async function startXrayDaemon(): Promise<XrayDaemon> {
  const socket = createSocket('udp4');
  const received: string[] = [];
  let lastAt = Date.now();
  socket.on('message', (message) => {
    received.push(message.toString('utf8'));
    lastAt = Date.now();
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    raw: () => [...received],
    documents: () =>
      received.flatMap((datagram) => {
        const [header, body] = datagram.split('\n', 2);
        if (header !== '{"format":"json","version":1}' || body === undefined)
          throw new Error(`not a segment: ${datagram}`);
        return flatten(JSON.parse(body) as SegmentDocument);
      }),
    settled: async (quietMs = 300) => {
      while (Date.now() - lastAt < quietMs) await new Promise((resolve) => setTimeout(resolve, quietMs / 3));
    },
    close: async () => {
      socket.close();
      await once(socket, 'close');
    },
  };
}
