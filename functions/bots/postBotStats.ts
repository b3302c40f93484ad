import { isOnline, latestStats } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { callerOf, refused, statusSettings } from './access';

/** The heartbeat: latest stats (a shard's, with shardId), lastSeen, and this hour's history point. */
export const postBotStats: BotHandler<Routes['postBotStats']> = async ({ path, body }, context, deps) => {
  const { shardId, shardCount, ...stats } = body;
  const settings = statusSettings(deps);
  const shard =
    shardId === undefined || shardCount === undefined
      ? undefined
      : { shardId, shardCount, windowSeconds: settings.onlineWindowSeconds };
  const result = await deps.bots.heartbeat(path.clientId, callerOf(context.account), stats, settings.now, shard);
  if (typeof result === 'string') throw await refused(deps, result, path.clientId);
  return jsonResponse(
    {
      clientId: result.clientId,
      online: isOnline(result, settings),
      lastSeen: result.lastSeen ?? null,
      stats: latestStats(result, settings),
    },
    context.requestId,
  );
};
