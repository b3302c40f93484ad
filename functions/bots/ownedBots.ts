import { botDetail } from './views';
import { accountJson } from '../../shared/runtime/signedIn';
import { botRoutes as routes } from '../../shared/routes/groups/bots';
import { statusSettings } from './access';
import { signedIn } from './services';

/** The signed-in account's bots, verified or not, public or not. */
export const dashboardBots = signedIn(routes.dashboardBots, async (_input, session, context, deps) => {
  const settings = statusSettings(deps);
  const bots = await deps.bots.listOwned(session.accountId);
  return accountJson({ bots: bots.map((bot) => botDetail(bot, settings, session.accountId)) }, context.requestId);
});
