import { latestStats, shardsView } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { statusSettings, visibleBot } from './access';

/**
 * Latest stats (a sharded bot's totals and shards) and the hourly points of the last 24 hours
 * (kept with a TTL), oldest first.
 */
export const getBotStats: BotHandler<Routes['getBotStats']> = async ({ path }, context, deps) => {
  const bot = await visibleBot(deps, path.clientId, context.account);
  const settings = statusSettings(deps);
  return jsonResponse(
    {
      clientId: bot.clientId,
      latest: latestStats(bot, settings),
      shards: shardsView(bot, settings),
      history: await deps.bots.history(bot, settings.now),
    },
    context.requestId,
  );
};
