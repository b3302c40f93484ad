import { request } from 'node:http';
import { replyOf, type Reply } from './localApi';

/**
 * `call` from another loopback address (127.0.0.2, ...): the local server sees another source
 * address, as API Gateway sees a client elsewhere, so a suite can test per-address limits apart from
 * per-key ones. fetch() cannot choose the address it connects from.
 */
export function callFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; key?: string } = {},
): Promise<Reply> {
  const headers = { ...init.headers, ...(init.key !== undefined ? { Authorization: `Bearer ${init.key}` } : {}) };
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method ?? 'GET', headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const replyHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined) replyHeaders.set(name, [value].flat().join(', '));
        resolve(replyOf(response.statusCode ?? 0, replyHeaders, Buffer.concat(chunks).toString('utf8')));
      });
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}
