import { commandsByCategory } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { visibleBot } from './access';

export const getBotCommands: BotHandler<Routes['getBotCommands']> = async ({ path }, context, deps) => {
  const bot = await visibleBot(deps, path.clientId, context.account);
  return jsonResponse(commandsByCategory(bot.clientId, await deps.bots.commands(bot)), context.requestId);
};
