import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Discord played on 127.0.0.1: each request gets the next scripted reply (then 200s), and is recorded. */
export type DiscordReply = (request: IncomingMessage, response: ServerResponse) => void;

export interface FakeDiscord {
  apiBase: string;
  seen: { url: string; body: any; contentType?: string }[];
  script(...replies: DiscordReply[]): void;
  close(): Promise<void>;
}

export const discordJson =
  (status: number, body: unknown, headers: Record<string, string> = {}): DiscordReply =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const seen: FakeDiscord['seen'] = [];
  let replies: DiscordReply[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ url: request.url ?? '', body: body ? JSON.parse(body) : null, contentType: request.headers['content-type'] });
      (replies.shift() ?? discordJson(200, { id: String(seen.length) }))(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    seen,
    script: (...next) => {
      replies = next;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
