import { botStatus } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { statusSettings, visibleBot } from './access';

export const getBotStatus: BotHandler<Routes['getBotStatus']> = async ({ path }, context, deps) => {
  const bot = await visibleBot(deps, path.clientId, context.account);
  const settings = statusSettings(deps);
  return jsonResponse(botStatus(bot, await deps.bots.history(bot, settings.now), settings), context.requestId);
};
