import { isOnline } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { callerOf, refused, statusSettings } from './access';

/** The heartbeat: latest stats, lastSeen, and this hour's history point. */
export const postBotStats: BotHandler<Routes['postBotStats']> = async ({ path, body }, context, deps) => {
  const result = await deps.bots.heartbeat(path.clientId, callerOf(context.account), body, deps.now());
  if (typeof result === 'string') throw await refused(deps, result, path.clientId);
  return jsonResponse(
    {
      clientId: result.clientId,
      online: isOnline(result, statusSettings(deps)),
      lastSeen: result.lastSeen ?? null,
      stats: result.stats ?? null,
    },
    context.requestId,
  );
};
