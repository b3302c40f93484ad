import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Discord user as users/@me answers it (scope identify). */
export interface FakeUser {
  id: string;
  username: string;
  global_name?: string | null;
}

export interface FakeDiscordOAuth {
  apiBase: string;
  client: { id: string; secret: string };
  /** Who is signed in to "Discord" in the browser: the next authorizations are theirs. */
  signInAs(user: FakeUser): void;
  /**
   * A Discord application with a bot: its token, which applications/@me
   * answers with it (as the Developer Portal's Reset Token gives it).
   */
  addApplication(application: FakeApplication): string;
  /** A Discord webhook: GET answers it, a POST creates a message (or fails, see failPosts). */
  addWebhook(id: string, token: string): void;
  /** The next `count` messages posted to webhooks fail with a 500. */
  failPosts(count: number): void;
  /** The next authorization is cancelled by the person: back with error=access_denied and no code. */
  declineNext(): void;
  /** The next token request answers `status` (a 5xx: Discord failing; 400: invalid_grant). */
  failNextToken(status: number): void;
  /** Every request: path, query (authorize) or form (token), authorization header (users/@me, applications/@me). */
  seen: { method: string; path: string; params: Record<string, string>; authorization?: string }[];
  close(): Promise<void>;
}

/** An application as applications/@me answers it (the fields the service reads). */
export interface FakeApplication {
  id: string;
  name: string;
  description?: string;
}

interface Grant {
  user: FakeUser;
  redirectUri: string;
  challenge: string;
}

/**
 * Discord's OAuth2 as its documentation describes it, played on 127.0.0.1: the authorization page
 * consents at once and sends the browser back with a code; the token endpoint checks the client,
 * the redirect URI and the PKCE verifier (S256) and takes each code once; users/@me answers the
 * token's user.
 */
export async function startFakeDiscordOAuth(): Promise<FakeDiscordOAuth> {
  const client = { id: '1100000000000000001', secret: 'fake-client-secret' };
  let current: FakeUser = { id: '200000000000000001', username: 'ada', global_name: 'Ada' };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeUser>();
  const botTokens = new Map<string, FakeApplication>();
  const webhooks = new Set<string>();
  let failing = 0;
  let declining = false;
  let tokenFailure: number | undefined;
  const seen: FakeDiscordOAuth['seen'] = [];
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const params = Object.fromEntries(request.method === 'POST' ? new URLSearchParams(body) : url.searchParams);
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        params,
        authorization: request.headers.authorization,
      });
      if (request.method === 'GET' && url.pathname === '/api/oauth2/authorize') {
        if (
          params.client_id !== client.id ||
          params.response_type !== 'code' ||
          params.code_challenge_method !== 'S256' ||
          !params.code_challenge ||
          !params.redirect_uri
        ) {
          return json(response, 400, { error: 'invalid_request' });
        }
        const back = new URL(params.redirect_uri);
        back.searchParams.set('state', params.state ?? '');
        if (declining) {
          declining = false;
          back.searchParams.set('error', 'access_denied');
          return response.writeHead(302, { location: back.toString() }).end();
        }
        const code = randomBytes(16).toString('hex');
        grants.set(code, { user: current, redirectUri: params.redirect_uri, challenge: params.code_challenge });
        back.searchParams.set('code', code);
        return response.writeHead(302, { location: back.toString() }).end();
      }
      if (request.method === 'POST' && url.pathname === '/api/oauth2/token') {
        if (tokenFailure !== undefined) {
          const status = tokenFailure;
          tokenFailure = undefined;
          return json(response, status, { error: status === 400 ? 'invalid_grant' : 'server_error' });
        }
        if (request.headers['content-type'] !== 'application/x-www-form-urlencoded')
          return json(response, 400, { error: 'invalid_request' });
        if (params.client_id !== client.id || params.client_secret !== client.secret)
          return json(response, 401, { error: 'invalid_client' });
        const grant = grants.get(params.code ?? '');
        grants.delete(params.code ?? '');
        const verified =
          grant &&
          params.code_verifier &&
          createHash('sha256').update(params.code_verifier).digest('base64url') === grant.challenge;
        if (
          !grant ||
          params.grant_type !== 'authorization_code' ||
          params.redirect_uri !== grant.redirectUri ||
          !verified
        )
          return json(response, 400, { error: 'invalid_grant' });
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.user);
        return json(response, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 604800,
          refresh_token: 'unused',
          scope: 'identify',
        });
      }
      if (request.method === 'GET' && url.pathname === '/api/users/@me') {
        const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        return user
          ? json(response, 200, { ...user, discriminator: '0', avatar: null })
          : json(response, 401, { message: '401: Unauthorized', code: 0 });
      }
      const webhook = /^\/api\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
      if (webhook && webhooks.has(`${webhook[1]}/${webhook[2]}`)) {
        if (request.method === 'GET')
          return json(response, 200, { id: webhook[1], type: 1, name: 'fake webhook', channel_id: '1' });
        if (failing > 0) {
          failing -= 1;
          return json(response, 500, { message: 'Internal Server Error', code: 0 });
        }
        return json(response, 200, { id: String(seen.length) });
      }
      if (webhook) return json(response, 401, { message: 'Invalid Webhook Token', code: 50027 });
      if (request.method === 'GET' && url.pathname === '/api/applications/@me') {
        const application = botTokens.get((request.headers.authorization ?? '').replace(/^Bot /, ''));
        return application
          ? json(response, 200, {
              description: '',
              ...application,
              icon: null,
              bot_public: true,
              bot_require_code_grant: false,
            })
          : json(response, 401, { message: '401: Unauthorized', code: 0 });
      }
      json(response, 404, { message: 'Unknown', code: 0 });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    client,
    addApplication: (application) => {
      // A bot token's shape: the bot's id in base64url, a timestamp, an HMAC.
      const token =
        `${Buffer.from(application.id).toString('base64url')}.${randomBytes(4).toString('base64url')}.` +
        `${randomBytes(27).toString('base64url')}`;
      botTokens.set(token, application);
      return token;
    },
    addWebhook: (id, token) => {
      webhooks.add(`${id}/${token}`);
    },
    failPosts: (count) => {
      failing = count;
    },
    declineNext: () => {
      declining = true;
    },
    failNextToken: (status) => {
      tokenFailure = status;
    },
    signInAs: (user) => {
      current = user;
    },
    seen,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
