import { botDetail } from './views';
import type { BotFields } from '../../shared/store/bots';
import { accountJson } from '../../shared/runtime/signedIn';
import { jsonResponse } from '../../shared/http/responses';
import { signedIn, type BotHandler, type BotServices } from './services';
import type { Routes } from '../../shared/routes/table';
import { botRoutes as routes } from '../../shared/routes/groups/bots';
import { callerOf, refused, statusSettings } from './access';

/** First registration claims the bot for the account (201); the owner may replace it later (200). */
async function saveProfile(clientId: string, account: string, fields: BotFields, deps: BotServices) {
  const result = await deps.bots.register(clientId, account, fields, deps.now());
  if (result === 'forbidden') throw await refused(deps, result, clientId, true);
  return { data: botDetail(result.bot, statusSettings(deps), account), status: result.created ? 201 : 200 };
}

export const registerBot: BotHandler<Routes['registerBot']> = async ({ path, body }, context, deps) => {
  const { data, status } = await saveProfile(path.clientId, callerOf(context.account), body, deps);
  return jsonResponse(data, context.requestId, status);
};

export const dashboardSaveBot = signedIn(routes.dashboardSaveBot, async ({ path, body }, session, context, deps) => {
  const { data, status } = await saveProfile(path.clientId, session.accountId, body, deps);
  return accountJson(data, context.requestId, status);
});
