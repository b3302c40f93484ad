import { botDetail } from './views';
import { checkBotToken } from '../../shared/discord/botApplication';
import { ApiError } from '../../shared/errors/apiError';
import { paceRefusal } from '../../shared/access/rateLimiter';
import { jsonResponse } from '../../shared/http/responses';
import { logger } from '../../shared/logging/logger';
import { accountJson } from '../../shared/runtime/signedIn';
import type { Routes } from '../../shared/routes/table';
import { botRoutes as routes } from '../../shared/routes/groups/bots';
import { callerOf, statusSettings } from './access';
import { signedIn, type BotHandler, type BotServices } from './services';

/**
 * Proof of control: Discord says which application the bot token belongs to (asked once; the
 * token is neither stored nor logged). The account's claim becomes verified, and listed when
 * public; an unverified claim of another account is taken over; a verified one stays theirs.
 */
async function verifyControl(clientId: string, account: string, botToken: string, deps: BotServices) {
  const pace = await deps.verifications.hit(`verify:${account}`);
  if (!pace.allowed) throw paceRefusal(pace, 'verifications a minute');
  const check = await checkBotToken(botToken, { apiBase: deps.discordApiBase });
  if (check.kind === 'failed') {
    logger.warn('Discord could not check a bot token', { clientId, reason: check.reason });
    throw new ApiError('UPSTREAM_ERROR', 'Discord could not check the token; try again in a moment');
  }
  if (check.kind === 'refused')
    throw new ApiError(
      'FORBIDDEN',
      'Discord does not accept this bot token (reset it on the Developer Portal and try the new one)',
    );
  if (check.id !== clientId)
    throw new ApiError('FORBIDDEN', `This token is the bot of application ${check.id}, not ${clientId}`);
  const result = await deps.bots.verify(clientId, account, check, deps.now());
  if (result === 'forbidden')
    throw new ApiError('FORBIDDEN', `Bot ${clientId} is verified by another account; ask the operator to transfer it`);
  return { data: botDetail(result.bot, statusSettings(deps), account), status: result.created ? 201 : 200 };
}

export const verifyBot: BotHandler<Routes['verifyBot']> = async ({ path, body }, context, deps) => {
  const { data, status } = await verifyControl(path.clientId, callerOf(context.account), body.botToken, deps);
  return jsonResponse(data, context.requestId, status);
};

export const dashboardVerifyBot = signedIn(
  routes.dashboardVerifyBot,
  async ({ path, body }, session, context, deps) => {
    const { data, status } = await verifyControl(path.clientId, session.accountId, body.botToken, deps);
    return accountJson(data, context.requestId, status);
  },
);
