import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from '../errors';
import { botKey, guildKey, HISTORY_HOURS, hourOf, statsKey } from './layout';
import { refusalFor, updateProfileIf } from './profiles';
import { statsPoint, type BotProfile, type BotStats, type Refusal, type StatsPoint } from './types';

/** `SET <path>.#f = :f` for each stat given: a heartbeat updates the stats it carries, no others. */
function statAssignments(stats: BotStats, path: string) {
  const entries = Object.entries(stats).filter(([, value]) => value !== undefined);
  return {
    set: entries.map(([name]) => `${path}#${name} = :${name}`),
    names: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
    values: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
  };
}

/**
 * The heartbeat (owner only): the profile gets lastSeen and the stats, then this hour's point of
 * the bot's generation gets them and counts the beat. dynalite has no transactions: a failed second
 * write is a 503 whose retry completes the hour, and a point written after a delete belongs to a
 * generation nobody reads, which its TTL removes.
 */
export async function recordHeartbeat(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
  stats: BotStats,
  now: Date,
): Promise<BotProfile | Refusal> {
  const at = now.toISOString();
  const latest = statAssignments(stats, 'stats.');
  const guilds = stats.guilds === undefined ? [] : ['gsi2sk = :guildKey'];
  const profile = await updateProfileIf(db, table, clientId, {
    condition: 'ownerAccount = :me',
    update: `SET ${['lastSeen = :now', 'stats.#updatedAt = :now', ...latest.set, ...guilds].join(', ')}`,
    names: { '#updatedAt': 'updatedAt', ...latest.names },
    values: {
      ':me': owner,
      ':now': at,
      ...latest.values,
      ...(guilds.length ? { ':guildKey': guildKey(stats.guilds as number, clientId) } : {}),
    },
  });
  if (!profile) return refusalFor(db, table, clientId);
  const hour = hourOf(now);
  const point = statAssignments(stats, '');
  await guarded('UpdateItem', () =>
    db.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: botKey(clientId), sk: statsKey(profile.generation, hour) },
        UpdateExpression: `SET ${['#hour = :hour', 'expiresAt = :expires', ...point.set].join(', ')} ADD beats :one`,
        ExpressionAttributeNames: { '#hour': 'hour', ...point.names },
        ExpressionAttributeValues: {
          ':hour': hour,
          ':expires': Math.floor(Date.parse(hour) / 1000) + (HISTORY_HOURS + 1) * 3600,
          ':one': 1,
          ...point.values,
        },
      }),
    ),
  );
  return profile;
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
