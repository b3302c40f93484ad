import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface FakeGateway {
  /** discord.js's REST base for this fake (its `rest.api` option): GET /v10/gateway/bot names the socket below. */
  apiBase: string;
  /** The identify payloads received, tokens included. */
  identified: { token: string; intents: number }[];
  /** Sends a slash command `/name` by `user` to the client, over the socket that identified first. */
  command(name: string, user: { id: string; username: string }): void;
  /** The interaction callbacks (replies) discord.js posted: their content type and raw body. */
  replies: { url: string; contentType: string; body: Buffer }[];
  close(): Promise<void>;
}

/** A guild as the fake sends it in GUILD_CREATE: only what discord.js reads to cache it. */
const guildCreate = (id: string, memberCount: number, ownerId: string) => ({
  id,
  name: `Guild ${id}`,
  icon: null,
  owner_id: ownerId,
  member_count: memberCount,
  unavailable: false,
  large: false,
  features: [],
  roles: [],
  emojis: [],
  stickers: [],
  channels: [],
  threads: [],
  members: [],
  presences: [],
  voice_states: [],
  stage_instances: [],
  guild_scheduled_events: [],
  soundboard_sounds: [],
});

/**
 * Discord as far as a discord.js client needs to log in and become ready: the gateway's address
 * (REST), then a socket that says HELLO, answers heartbeats, and answers IDENTIFY with READY
 * (`guilds` unavailable) followed by each guild's GUILD_CREATE, of `memberCount` members each.
 * Plain JSON text frames: discord.js compresses only with zlib-sync, which is not installed.
 */
export async function startFakeGateway({
  botId,
  guilds,
  memberCount,
  shards = 1,
}: {
  botId: string;
  guilds: number;
  memberCount: number;
  /** Above 1: guild n is shard (n mod shards)'s, and each shard's socket gets its own guilds. */
  shards?: number;
}): Promise<FakeGateway> {
  const identified: FakeGateway['identified'] = [];
  const replies: FakeGateway['replies'] = [];
  const server = createServer(async (request, response) => {
    const { port } = server.address() as AddressInfo;
    if (request.method === 'POST' && request.url?.startsWith('/api/v10/interactions/')) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const contentType = request.headers['content-type'] ?? '';
      replies.push({ url: request.url, contentType, body: Buffer.concat(chunks) });
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && request.url === '/api/v10/gateway/bot') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          url: `ws://127.0.0.1:${port}`,
          shards,
          // One identify bucket per shard: discord.js waits 5 s between identifies in one bucket.
          session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: shards },
        }),
      );
      return;
    }
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ message: '404: Not Found', code: 0 }));
  });
  const sockets = new WebSocketServer({ server });
  const guildIds = Array.from({ length: guilds }, (_, n) => String(400000000000000000n + BigInt(n)));
  const dispatchers: ((t: string, d: unknown) => void)[] = [];
  sockets.on('connection', (socket) => {
    let sequence = 0;
    const dispatch = (t: string, d: unknown) => socket.send(JSON.stringify({ op: 0, t, s: ++sequence, d }));
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45_000 } }));
    socket.on('message', (raw) => {
      const { op, d } = JSON.parse(String(raw)) as {
        op: number;
        d: { token: string; intents: number; shard?: [number, number] };
      };
      if (op === 1) socket.send(JSON.stringify({ op: 11 }));
      if (op !== 2) return;
      identified.push({ token: d.token, intents: d.intents });
      dispatchers.push(dispatch);
      const { port } = server.address() as AddressInfo;
      const [shardId, shardCount] = d.shard ?? [0, 1];
      const own = guildIds.filter((_id, n) => n % shardCount === shardId);
      dispatch('READY', {
        v: 10,
        user: { id: botId, username: 'heartbeat', discriminator: '0', global_name: null, avatar: null, bot: true },
        guilds: own.map((id) => ({ id, unavailable: true })),
        session_id: 'fake-session',
        resume_gateway_url: `ws://127.0.0.1:${port}`,
        application: { id: botId, flags: 0 },
        shard: [shardId, shardCount],
      });
      for (const id of own) dispatch('GUILD_CREATE', guildCreate(id, memberCount, botId));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    identified,
    replies,
    command: (name, user) => {
      const dispatch = dispatchers[0];
      if (!dispatch) throw new Error('no client has identified yet');
      dispatch('INTERACTION_CREATE', {
        id: String(500000000000000000n + BigInt(replies.length)),
        application_id: botId,
        type: 2,
        data: { id: '600000000000000001', name, type: 1 },
        user: { ...user, discriminator: '0', global_name: null, avatar: null },
        token: `interaction-token-${name}`,
        version: 1,
        app_permissions: '0',
        locale: 'en-US',
        entitlements: [],
        authorizing_integration_owners: {},
        context: 1,
      });
    },
    close: async () => {
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
