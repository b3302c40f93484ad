import { latestStats } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { visibleBot } from './access';

/** Latest stats and the hourly points of the last 24 hours (kept with a TTL), oldest first. */
export const getBotStats: BotHandler<Routes['getBotStats']> = async ({ path }, context, deps) => {
  const bot = await visibleBot(deps, path.clientId, context.account);
  return jsonResponse(
    { clientId: bot.clientId, latest: latestStats(bot), history: await deps.bots.history(bot, deps.now()) },
    context.requestId,
  );
};
