import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Discord played on 127.0.0.1: each request gets the next scripted reply, then the default (a
 * created message for a POST, the webhook object for a GET), and is recorded.
 */
export type DiscordReply = (request: IncomingMessage, response: ServerResponse) => void;

export interface FakeDiscord {
  apiBase: string;
  /** Every request, in order; `body` is the parsed JSON of a POST. */
  seen: { method: string; url: string; body: any; contentType?: string }[];
  /** POSTs only: the messages Discord was asked to create. */
  posted(): FakeDiscord['seen'];
  script(...replies: DiscordReply[]): void;
  close(): Promise<void>;
}

export const discordJson =
  (status: number, body: unknown, headers: Record<string, string> = {}): DiscordReply =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

/** Never answers: the caller's timeout must end the wait (the connection closes with the fake). */
export const discordHangs: DiscordReply = () => undefined;

/** Drops the connection without a word: the caller sees a reset, as when Discord is unreachable mid-request. */
export const discordResets: DiscordReply = (request) => request.socket.destroy();

/**
 * What Discord answers when nothing is scripted. A bot token begins with its bot's id in base64url,
 * so applications/@me answers the application of that id (suites that check proofs of control for
 * real use fakeDiscordOAuth's applications).
 */
const defaultReply =
  (count: number): DiscordReply =>
  (request, response) => {
    if (request.url?.endsWith('/applications/@me')) {
      const botId = Buffer.from(
        (request.headers.authorization ?? '').replace(/^Bot /, '').split('.')[0] ?? '',
        'base64url',
      ).toString();
      return /^[1-9]\d{16,19}$/.test(botId)
        ? discordJson(200, { id: botId, name: `Application ${botId}`, description: '' })(request, response)
        : discordJson(401, { message: '401: Unauthorized', code: 0 })(request, response);
    }
    const [, id] = /\/webhooks\/(\d+)\//.exec(request.url ?? '') ?? [];
    discordJson(
      200,
      request.method === 'GET' ? { id, type: 1, name: 'fake webhook', channel_id: '1' } : { id: String(count) },
    )(request, response);
  };

/**
 * Discord knowing one token (of any webhook): a request with another is refused 401, as Discord
 * answers a wrong token; one with `token` gets `known`, else what Discord answers unscripted.
 */
export const discordKnows =
  (token: string, known: DiscordReply = defaultReply(0)): DiscordReply =>
  (request, response) =>
    (request.url?.includes(`/${token}`) ? known : discordJson(401, { message: '401: Unauthorized', code: 0 }))(
      request,
      response,
    );

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const seen: FakeDiscord['seen'] = [];
  let replies: DiscordReply[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body: body ? JSON.parse(body) : null,
        contentType: request.headers['content-type'],
      });
      (replies.shift() ?? defaultReply(seen.length))(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    seen,
    posted: () => seen.filter((request) => request.method === 'POST'),
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
