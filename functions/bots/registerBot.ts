import { botDetail } from '../../shared/bots/views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { callerOf, refused, statusSettings } from './access';

/** First registration claims the bot for the caller's key (201); the owner may replace it later (200). */
export const registerBot: BotHandler<Routes['registerBot']> = async ({ path, body }, context, deps) => {
  const caller = callerOf(context.account);
  const result = await deps.bots.register(path.clientId, caller, body, deps.now());
  if (result === 'forbidden') throw await refused(deps, result, path.clientId);
  return jsonResponse(botDetail(result.bot, statusSettings(deps), caller), context.requestId, result.created ? 201 : 200);
};
