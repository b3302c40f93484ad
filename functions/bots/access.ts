import { ApiError } from '../../shared/errors/apiError';
import type { BotServices } from './services';
import type { StatusSettings } from './views';
import type { BotProfile, Refusal } from '../../shared/store/bots';

/** A bot every account may read: public, and its owner proved control of it. */
const everyones = (bot: BotProfile): boolean => bot.public && bot.verifiedAt !== undefined;

/**
 * Who may see a bot: everyone when it is public and verified, only its owner (an account) otherwise.
 * Anyone may claim any client id, so a claim nobody proved is not served to others (that would put
 * words in a real bot's mouth); others get the 404 of an unknown id, which does not reveal the claim.
 */
export async function visibleBot(
  deps: BotServices,
  clientId: string,
  callerAccount: string | undefined,
): Promise<BotProfile> {
  const bot = await deps.bots.get(clientId);
  if (!bot || (!everyones(bot) && bot.ownerAccount !== callerAccount))
    throw new ApiError('NOT_FOUND', `No bot ${clientId}`);
  return bot;
}

/**
 * A write the store refused: no such bot, or one another account owns. Another's bot is a 403 only
 * when everyone reads it; a private or unverified one is the 404 its reads give, so a write does not
 * reveal that it exists. A registration (whose unknown id would be a 201) says how to claim the id.
 */
export async function refused(
  deps: BotServices,
  refusal: Refusal,
  clientId: string,
  registering = false,
): Promise<ApiError> {
  const bot = refusal === 'forbidden' ? await deps.bots.get(clientId) : undefined;
  if (bot && everyones(bot)) return new ApiError('FORBIDDEN', `Bot ${clientId} is registered by another account`);
  if (registering)
    return new ApiError(
      'NOT_FOUND',
      `No bot ${clientId} of this account to replace; if the application is yours, prove it with its bot token ` +
        `(POST /v1/bots/${clientId}/verify) to claim it`,
    );
  return new ApiError('NOT_FOUND', `No bot ${clientId}`);
}

export const statusSettings = (deps: BotServices): StatusSettings => ({
  onlineWindowSeconds: deps.onlineWindowSeconds,
  now: deps.now(),
});

/**
 * Write routes act for the account the caller's key belongs to (always there behind the
 * authorizer): bots are the account's, so any of its keys, and the keys that replace them, may write.
 */
export function callerOf(account: string | undefined): string {
  if (!account) throw new ApiError('UNAUTHORIZED', 'An API key is required');
  return account;
}
