import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { shardTotals, type ShardMap } from '../../bots/shards';
import { conditionalUpdate, guarded } from '../errors';
import { statAssignments } from './assignments';
import { botKey, guildKey, HISTORY_HOURS, hourOf, PROFILE, statsKey } from './layout';
import { refusalFor, updateProfileIf } from './profiles';
import { writeShardBeat } from './shardBeats';
import {
  botProfile,
  statsPoint,
  type BotProfile,
  type BotStats,
  type Refusal,
  type ShardReport,
  type StatsPoint,
} from './types';

/**
 * The heartbeat (owner only): the profile gets lastSeen and the stats, then this hour's point of
 * the bot's generation gets them and counts the beat. dynalite has no transactions: a failed second
 * write is a 503 whose retry completes the hour, and a point written after a delete belongs to a
 * generation nobody reads, which its TTL removes. Without a shard it is the whole bot's (no shard map).
 */
export async function recordHeartbeat(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
  stats: BotStats,
  now: Date,
  shard?: ShardReport,
): Promise<BotProfile | Refusal> {
  if (shard) return recordShardHeartbeat(db, table, clientId, owner, stats, now, shard);
  const at = now.toISOString();
  const latest = statAssignments(stats, 'stats.');
  const guilds = stats.guilds === undefined ? [] : ['gsi2sk = :guildKey'];
  const profile = await updateProfileIf(db, table, clientId, {
    condition: 'ownerAccount = :me',
    update:
      `SET ${['lastSeen = :now', 'stats.#updatedAt = :now', ...latest.set, ...guilds].join(', ')}` +
      ' REMOVE shardStats, shardCount',
    names: { '#updatedAt': 'updatedAt', ...latest.names },
    values: {
      ':me': owner,
      ':now': at,
      ...latest.values,
      ...(guilds.length ? { ':guildKey': guildKey(stats.guilds as number, clientId) } : {}),
    },
  });
  if (!profile) return refusalFor(db, table, clientId);
  await writePoint(db, table, profile, stats, now);
  return profile;
}

/**
 * A shard's heartbeat: its entry on the profile, then the point with the bot's totals as of this
 * write (every shard's post that landed before it counts), and the guild order moved to the new
 * total when it changed, unless a later heartbeat has landed (that one moves it).
 */
async function recordShardHeartbeat(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
  stats: BotStats,
  now: Date,
  shard: ShardReport,
): Promise<BotProfile | Refusal> {
  const item = await writeShardBeat(db, table, clientId, owner, stats, now, shard);
  if (typeof item === 'string') return item;
  const profile = botProfile.parse(item);
  const totals = shardTotals((item.shardStats ?? {}) as ShardMap, shard.shardCount, now, shard.windowSeconds);
  const sequence = Number(item.beatCount);
  await writePoint(db, table, profile, { ...stats, guilds: totals.guilds, users: totals.users }, now, sequence);
  const order = totals.guilds === undefined ? undefined : guildKey(totals.guilds, clientId);
  if (order && order !== item.gsi2sk)
    await conditionalUpdate(db, {
      TableName: table,
      Key: { pk: botKey(clientId), sk: PROFILE },
      ConditionExpression: 'beatCount = :sequence',
      UpdateExpression: 'SET gsi2sk = :guildKey',
      ExpressionAttributeValues: { ':sequence': sequence, ':guildKey': order },
    });
  return profile;
}

/**
 * This hour's point gets the stats and counts the beat. With `sequence` (a shard's heartbeat, the
 * profile's beatCount) the stats are written only if no later heartbeat's point came first, whose
 * totals are newer; the beat counts either way.
 */
async function writePoint(
  db: DynamoDBDocumentClient,
  table: string,
  profile: BotProfile,
  stats: BotStats,
  now: Date,
  sequence?: number,
) {
  const hour = hourOf(now);
  const point = statAssignments(stats, '');
  const input = (set: string[], names: Record<string, string>, values: Record<string, unknown>) => ({
    TableName: table,
    Key: { pk: botKey(profile.clientId), sk: statsKey(profile.generation, hour) },
    UpdateExpression: `SET ${['#hour = :hour', 'expiresAt = :expires', ...set].join(', ')} ADD beats :one`,
    ExpressionAttributeNames: { '#hour': 'hour', ...names },
    ExpressionAttributeValues: {
      ':hour': hour,
      ':expires': Math.floor(Date.parse(hour) / 1000) + (HISTORY_HOURS + 1) * 3600,
      ':one': 1,
      ...values,
    },
  });
  const countOnly = () => guarded('UpdateItem', () => db.send(new UpdateCommand(input([], {}, {}))));
  if (sequence === undefined) {
    await guarded('UpdateItem', () => db.send(new UpdateCommand(input(point.set, point.names, point.values))));
    return;
  }
  const newest = await conditionalUpdate(db, {
    ...input([...point.set, 'beatSequence = :sequence'], point.names, { ...point.values, ':sequence': sequence }),
    ConditionExpression: 'attribute_not_exists(beatSequence) OR beatSequence < :sequence',
  });
  if (!newest) await countOnly();
}

/**
 * This life's points of the last HISTORY_HOURS hours up to now, oldest first (older ones await
 * their TTL), and the next hour's: a point another server wrote with its clock ahead of this one's
 * (uptimePercent counts it as the current hour), so a bot online now never shows 0% uptime.
 */
export async function readHistory(
  db: DynamoDBDocumentClient,
  table: string,
  profile: BotProfile,
  now: Date,
): Promise<StatsPoint[]> {
  const key = (time: number) => statsKey(profile.generation, hourOf(time));
  const { Items } = await guarded('Query', () =>
    db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': botKey(profile.clientId),
          ':from': key(now.getTime() - (HISTORY_HOURS - 1) * 3600_000),
          ':to': key(now.getTime() + 3600_000),
        },
      }),
    ),
  );
  return (Items ?? []).map((item) => statsPoint.parse(item));
}
