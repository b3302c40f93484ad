import type { ChatbotApi } from './api.js';
import type { Body } from './types.js';

/** A file for `interaction.reply({ files: [...] })`: an AttachmentBuilder when discord.js is installed. */
export interface AttachmentLike {
  attachment: Uint8Array;
  name: string;
  description?: string;
}

interface DiscordJs {
  AttachmentBuilder: new (attachment: Uint8Array, data: { name: string; description?: string }) => AttachmentLike;
}

// discord.js is an optional peer: the specifier in a variable keeps bundlers and type checkers from requiring it.
const DISCORD_JS = 'discord.js';
const discordJs = (await import(DISCORD_JS).catch(() => undefined)) as DiscordJs | undefined;

/** discord.js reads files from Buffers (a plain Uint8Array is not one); Buffer is a global wherever discord.js runs. */
function fileBytes(content: Uint8Array | string): Uint8Array {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const buffer = (
    globalThis as { Buffer?: { from(data: ArrayBufferLike, offset: number, length: number): Uint8Array } }
  ).Buffer;
  return buffer ? buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
}

/**
 * An image from the API (PNG bytes, or SVG text) as a message attachment named `name` (`rank.png`):
 * give it to `interaction.reply({ files: [attachment(png, 'rank.png')] })`.
 */
export function attachment(content: Uint8Array | string, name: string, description?: string): AttachmentLike {
  const bytes = fileBytes(content);
  if (discordJs) return new discordJs.AttachmentBuilder(bytes, { name, ...(description ? { description } : {}) });
  return { attachment: bytes, name, ...(description ? { description } : {}) };
}

/** What autoPostStats reads of a discord.js Client (14.x): its guilds, its shards and its state. */
export interface DiscordClientLike {
  guilds: { cache: { values(): Iterable<{ shardId: number; memberCount: number }> } };
  /** Set when a ShardingManager runs this process: its shard ids and the bot's shard count. */
  shard: { ids: number[]; count: number } | null;
  ws: { shards: { keys(): Iterable<number>; get(id: number): { ping: number } | undefined }; ping: number };
  options: { shardCount?: number };
  uptime: number | null;
  isReady(): boolean;
  once(event: 'clientReady', listener: () => void): unknown;
  off(event: 'clientReady', listener: () => void): unknown;
}

/** The stats one post sends: a shard's, or the whole bot's when it has one shard. */
export type PostedStats = Body<'postBotStats'>;

export interface AutoPostOptions {
  /** The bot's Discord application id, registered with the API key's account. */
  clientId: string;
  /** Between rounds of posts, in milliseconds (60 s by default; a bot is online while heard from within 120 s). */
  intervalMs?: number;
  /** Told of each post's failure (by default a console.warn); posting goes on. */
  onError?: (error: unknown, stats: PostedStats) => void;
  /** Told of each accepted post. */
  onPost?: (stats: PostedStats) => void;
}

const destroyed = (client: DiscordClientLike) => Reflect.get(client.ws, 'destroyed') === true;

/** Above 0 when known: a shard's ping is -1 until its first heartbeat is acknowledged. */
const known = (value: number | undefined) => (value !== undefined && value >= 0 ? { ping: value } : {});

/**
 * This process's stats, one post per shard it runs (client.shard.ids under a ShardingManager, the
 * client's own shards with internal sharding), each with the guilds and members of that shard's guilds.
 */
export function shardStats(client: DiscordClientLike): PostedStats[] {
  const count = client.shard?.count ?? client.options.shardCount ?? 1;
  const uptime = client.uptime === null ? {} : { uptime: Math.floor(client.uptime / 1000) };
  const rss = (globalThis as { process?: { memoryUsage?(): { rss: number } } }).process?.memoryUsage?.().rss;
  const memory = rss === undefined ? {} : { memory: Math.round(rss / 1048576) };
  const guilds = [...client.guilds.cache.values()];
  const figures = (shard: typeof guilds) => ({
    guilds: shard.length,
    users: shard.reduce((sum, guild) => sum + (guild.memberCount ?? 0), 0),
  });
  if (count <= 1) return [{ ...figures(guilds), shards: 1, ...known(client.ws.ping), ...uptime, ...memory }];
  const ids = client.shard?.ids ?? [...client.ws.shards.keys()];
  return ids.map((shardId) => ({
    ...figures(guilds.filter((guild) => guild.shardId === shardId)),
    shards: count,
    shardId,
    shardCount: count,
    ...known(client.ws.shards.get(shardId)?.ping),
    ...uptime,
    ...memory,
  }));
}

/**
 * Posts the bot's stats now if the client is ready (else once it is), then every `intervalMs`:
 * one post per shard, so the API sums the shards. A 429 puts the next round off by its
 * Retry-After. Stops when the client is destroyed, or when the returned function is called.
 */
export function autoPostStats(
  client: DiscordClientLike,
  api: Pick<ChatbotApi, 'postBotStats'>,
  { clientId, intervalMs = 60_000, onError, onPost }: AutoPostOptions,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const report = onError ?? ((error: unknown) => console.warn(`Stats not posted: ${(error as Error)?.message}`));

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(round, ms);
    // Posting stats is no reason to keep a process alive that is otherwise done.
    (timer as { unref?: () => void }).unref?.();
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    client.off('clientReady', ready);
  };
  async function round() {
    if (stopped) return;
    if (destroyed(client)) return stop();
    let wait = intervalMs;
    if (client.isReady()) {
      for (const stats of shardStats(client)) {
        try {
          await api.postBotStats({ clientId }, stats);
          onPost?.(stats);
        } catch (error) {
          report(error, stats);
          const { status, retryAfter } = (error ?? {}) as { status?: number; retryAfter?: number };
          if (status === 429) {
            wait = retryAfter !== undefined ? retryAfter * 1000 : intervalMs;
            break;
          }
        }
        if (stopped) return;
      }
    }
    schedule(wait);
  }
  const ready = () => schedule(0);
  client.once('clientReady', ready);
  // Before discord.js 14.22 the event was `ready`: the first round then comes an interval after the start.
  schedule(client.isReady() ? 0 : intervalMs);
  return stop;
}
