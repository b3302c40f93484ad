import { connect } from 'node:net';

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Sends bytes exactly as given (a request fetch() or http.request() would refuse to build:
 * invalid percent-encoding, NUL bytes, duplicated parameters, odd header values) and reads the
 * answer until the server closes. Rejects after `timeoutMs`: a hang is a failure, not a wait.
 */
export function rawRequest(port: number, request: Buffer, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseReply(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    // Not end(): a half-closed socket makes Node's server drop the answer; 'Connection: close' ends it.
    socket.write(request);
  });
}

/** One connection kept open across requests (HTTP/1.1 keep-alive). */
export interface KeptAlive {
  /**
   * Writes a request and reads exactly one answer (by its Content-Length). `afterWrite` runs in
   * the turn of the write, before the server can read it. Rejects with the socket's error (its
   * code, ECONNRESET) if the server drops the connection instead of answering.
   */
  send(request: Buffer, afterWrite?: () => void): Promise<RawReply>;
  /** Settles when the server closes the connection. */
  closed: Promise<void>;
  close(): void;
}

export function keptAlive(port: number, timeoutMs = 10_000): KeptAlive {
  const socket = connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let settle: ((error?: Error) => void) | undefined;
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    settle?.();
  });
  socket.on('error', (error) => settle?.(error));
  socket.on('close', () => settle?.(new Error('the server closed the connection without an answer')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    closed,
    send: (request, afterWrite) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => settle?.(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        settle = (error) => {
          const length = answerLength(received);
          if (!error && (length === undefined || received.length < length)) return;
          clearTimeout(timer);
          settle = undefined;
          if (error) return reject(error);
          resolve(parseReply(received.subarray(0, length)));
          received = received.subarray(length);
        };
        socket.write(request);
        afterWrite?.();
      }),
    close: () => socket.destroy(),
  };
}

/** How many bytes the first answer in `data` takes (head and Content-Length body), once its head is there. */
function answerLength(data: Buffer): number | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(data.subarray(0, end).toString('latin1'))?.[1];
  return end + 4 + Number(length ?? 0);
}

function parseReply(raw: Buffer): RawReply {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no HTTP answer: ${JSON.stringify(raw.subarray(0, 200).toString('latin1'))}`);
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status, headers, body };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
