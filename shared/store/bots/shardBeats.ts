import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { StoreUnavailableError } from '../../errors/unavailable';
import type { ShardFigures, ShardMap } from '../../bots/shards';
import { statAssignments } from './assignments';
import { getProfileItem, updateProfileItemIf } from './profiles';
import type { BotStats, Refusal, ShardReport } from './types';

/** Tries of a shard's write before answering 503: each lost one means another heartbeat landed in between. */
const ATTEMPTS = 4;

/**
 * One shard's heartbeat on the profile, in one UpdateItem: lastSeen, the stats shards share, and
 * `shardStats.<id>` alone, so shards posting at once all count; `beatCount` orders the heartbeats.
 * A first map or a new shard count is written whole (shards below the count kept), on the
 * condition that no heartbeat landed since it was read. Returns the item as written.
 */
export async function writeShardBeat(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
  stats: BotStats,
  now: Date,
  shard: ShardReport,
): Promise<Record<string, unknown> | Refusal> {
  const { guilds, users, ...shared } = stats;
  const figures: ShardFigures = {
    ...(guilds === undefined ? {} : { guilds }),
    ...(users === undefined ? {} : { users }),
    seen: now.getTime(),
  };
  const latest = statAssignments(shared, 'stats.');
  const base = {
    set: ['lastSeen = :now', 'stats.#updatedAt = :now', ...latest.set],
    names: { '#updatedAt': 'updatedAt', ...latest.names },
    values: { ':me': owner, ':now': now.toISOString(), ':one': 1, ':shardCount': shard.shardCount, ...latest.values },
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const merged = await updateProfileItemIf(db, table, clientId, {
      condition: 'ownerAccount = :me AND shardCount = :shardCount',
      update: `SET ${[...base.set, 'shardStats.#shardId = :shardFigures'].join(', ')} ADD beatCount :one`,
      names: { ...base.names, '#shardId': String(shard.shardId) },
      values: { ...base.values, ':shardFigures': figures },
    });
    if (merged) return merged;
    const item = await getProfileItem(db, table, clientId);
    if (!item) return 'notFound';
    if (item.ownerAccount !== owner) return 'forbidden';
    if (item.shardCount === shard.shardCount) continue;
    const kept = Object.entries((item.shardStats ?? {}) as ShardMap).filter(([id]) => Number(id) < shard.shardCount);
    const seen = item.beatCount;
    const unchanged = seen === undefined ? 'attribute_not_exists(beatCount)' : 'beatCount = :seen';
    const replacing = [...base.set, 'shardStats = :shardMap', 'shardCount = :shardCount'];
    const replaced = await updateProfileItemIf(db, table, clientId, {
      condition: `ownerAccount = :me AND ${unchanged}`,
      update: `SET ${replacing.join(', ')} ADD beatCount :one`,
      names: base.names,
      values: {
        ...base.values,
        ':shardMap': { ...Object.fromEntries(kept), [String(shard.shardId)]: figures },
        ...(seen === undefined ? {} : { ':seen': seen }),
      },
    });
    if (replaced) return replaced;
  }
  throw new StoreUnavailableError('UpdateItem', `bot ${clientId} changed during the heartbeat; try again`);
}
