import { jsonResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { visibleBot } from './access';

/** Latest stats and up to 24 hourly points (kept with a TTL), oldest first. */
export const getBotStats: RouteHandler<Routes['getBotStats']> = async ({ path }, context, deps) => {
  const bot = await visibleBot(deps, path.clientId, context.keyId);
  return jsonResponse({ clientId: bot.clientId, latest: bot.stats ?? null, history: await deps.bots.history(bot.clientId, 24) }, context.requestId);
};
