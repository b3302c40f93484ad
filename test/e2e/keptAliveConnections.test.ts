import { expect, test } from '@jest/globals';
import { keptAlive } from '../support/rawHttp';
import { useTestApi } from '../support/localApi';
import { TOKEN } from '../support/relayHarness';

/** The local server's kept-alive connections, over a raw socket so the test decides when each byte goes out. */
const api = useTestApi();

/** The whole process busy for `ms`, as on a starved CPU, but the same on any machine. */
const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};
const request = (head: string, body = '') =>
  Buffer.from(`${head}\r\nHost: 127.0.0.1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

test('a request sent in time on a kept-alive connection is answered, though read late', async () => {
  // Node drops a connection idle for keepAliveTimeout + 1 s: here about 1 s after each answer.
  api.server.server.keepAliveTimeout = 1;
  const connection = keptAlive(api.server.port);
  try {
    expect((await connection.send(request('GET /webhooks HTTP/1.1'))).status).toBe(200);
    // At once the next delivery (900 KB, as the relay's suites send) goes out; then the process is
    // busy past the idle time, so the timer fires before the server has read a byte of it.
    const reply = await connection.send(
      request(
        `POST /webhooks/300000000000000001/${TOKEN}/github HTTP/1.1\r\nContent-Type: application/json`,
        JSON.stringify({ text: 'x'.repeat(900_000) }),
      ),
      () => busy(1_300),
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body.toString()).message).toEqual(expect.any(String));
  } finally {
    connection.close();
  }
});

test('a connection left idle is still closed by the server, about 1 s past keepAliveTimeout', async () => {
  api.server.server.keepAliveTimeout = 1;
  const connection = keptAlive(api.server.port);
  try {
    expect((await connection.send(request('GET /webhooks HTTP/1.1'))).status).toBe(200);
    const started = Date.now();
    await connection.closed;
    expect(Date.now() - started).toBeLessThan(3_000);
  } finally {
    connection.close();
  }
});
