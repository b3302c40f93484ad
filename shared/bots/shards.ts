/**
 * A sharded bot's figures: each shard posts its own guild and user counts, the bot's totals are
 * their sum over the shards heard from recently. Pure, so the store (the hourly point) and the
 * views (what a read answers) add them up the same way.
 */

/**
 * The most shards a bot may declare. Discord caps guilds per shard (2500), not shards; 4096 shards
 * hold 4 to 10 million guilds, and keep a profile with every shard's figures far below DynamoDB's
 * 400 KB item limit (SHARD_ENTRY_BYTES).
 */
export const MAX_SHARDS = 4096;

/**
 * The most bytes one shard's entry adds to the profile item, by DynamoDB's size rules: 1 for the
 * map element, 4 for its name ("4095"), 3 for its map, `guilds` and `users` (1 + name + 9 bytes for
 * a 16-digit number each) and `seen` (1 + 4 + 8 bytes for milliseconds since 1970).
 */
export const SHARD_ENTRY_BYTES = 1 + 4 + 3 + (1 + 6 + 9) + (1 + 5 + 9) + (1 + 4 + 8);

/** What a shard last posted, and when (milliseconds since 1970, the smallest number for DynamoDB). */
export interface ShardFigures {
  guilds?: number;
  users?: number;
  seen: number;
}

/** The shard map as stored: shard id (decimal) to its figures. */
export type ShardMap = Record<string, ShardFigures>;

export interface ShardView {
  shardId: number;
  guilds: number | null;
  users: number | null;
  lastSeen: string;
  /** Not heard from within the window: listed, left out of the totals. */
  stale: boolean;
}

export interface ShardTotals {
  guilds?: number;
  users?: number;
  /** Shards heard from within the window. */
  reporting: number;
  shards: ShardView[];
}

/** The sum of the values given, held at the largest exact integer: the store refuses anything larger. */
const sum = (values: (number | undefined)[]) => {
  const given = values.filter((value): value is number => value !== undefined);
  if (!given.length) return undefined;
  return Math.min(
    given.reduce((total, value) => total + value, 0),
    Number.MAX_SAFE_INTEGER,
  );
};

/**
 * The shards below `shardCount` by id, and the totals of those seen within `windowSeconds` of `now`.
 * When none is (the bot is offline), the totals are every shard's last figures: an offline bot keeps
 * the size it last had, as an unsharded one does.
 */
export function shardTotals(shards: ShardMap, shardCount: number, now: Date, windowSeconds: number): ShardTotals {
  const oldest = now.getTime() - windowSeconds * 1000;
  const views = Object.entries(shards)
    .map(([id, figures]) => ({ shardId: Number(id), figures }))
    .filter(({ shardId }) => Number.isInteger(shardId) && shardId >= 0 && shardId < shardCount)
    .sort((a, b) => a.shardId - b.shardId);
  const fresh = views.filter(({ figures }) => figures.seen >= oldest);
  const counted = fresh.length ? fresh : views;
  return {
    guilds: sum(counted.map(({ figures }) => figures.guilds)),
    users: sum(counted.map(({ figures }) => figures.users)),
    reporting: fresh.length,
    shards: views.map(({ shardId, figures }) => ({
      shardId,
      guilds: figures.guilds ?? null,
      users: figures.users ?? null,
      lastSeen: new Date(figures.seen).toISOString(),
      stale: figures.seen < oldest,
    })),
  };
}
