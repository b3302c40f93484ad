import { jsonResponse } from '../../shared/http/responses';
import { accountJson } from '../../shared/runtime/signedIn';
import { signedIn, type BotHandler, type BotServices } from './services';
import type { Routes } from '../../shared/routes/table';
import { botRoutes as routes } from '../../shared/routes/groups/bots';
import { callerOf, refused } from './access';

async function removeBot(clientId: string, account: string, deps: BotServices) {
  const result = await deps.bots.delete(clientId, account);
  if (result !== true) throw await refused(deps, result, clientId);
  return { clientId, deleted: true as const };
}

export const deleteBot: BotHandler<Routes['deleteBot']> = async ({ path }, context, deps) =>
  jsonResponse(await removeBot(path.clientId, callerOf(context.account), deps), context.requestId);

export const dashboardDeleteBot = signedIn(routes.dashboardDeleteBot, async ({ path }, session, context, deps) =>
  accountJson(await removeBot(path.clientId, session.accountId, deps), context.requestId),
);
