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
