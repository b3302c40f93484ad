import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface FakeGateway {
  /** discord.js's REST base for this fake (its `rest.api` option): GET /v10/gateway/bot names the socket below. */
  apiBase: string;
  /** The identify payloads received, tokens included. */
  identified: { token: string; intents: number }[];
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
  const server = createServer((request, response) => {
    const { port } = server.address() as AddressInfo;
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
    close: async () => {
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
