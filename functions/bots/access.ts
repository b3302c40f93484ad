import { ApiError } from '../../shared/errors/apiError';
import type { BotServices } from './services';
import type { StatusSettings } from '../../shared/bots/views';
import type { BotProfile, Refusal } from '../../shared/store/bots';

/** Who may see a bot: everyone when it is public, only its owner when not (others get 404, not 403). */
export async function visibleBot(deps: BotServices, clientId: string, callerKeyId: string | undefined): Promise<BotProfile> {
  const bot = await deps.bots.get(clientId);
  if (!bot || (!bot.public && bot.ownerKeyId !== callerKeyId)) throw new ApiError('NOT_FOUND', `No bot ${clientId}`);
  return bot;
}

/**
 * A write the store refused: no such bot, or one another key owns. Another key's bot is a 403 when
 * public, and a 404 when private, as on reads, so a write does not reveal that a private bot exists.
 */
export async function refused(deps: BotServices, refusal: Refusal, clientId: string): Promise<ApiError> {
  if (refusal === 'forbidden' && (await deps.bots.get(clientId))?.public) return new ApiError('FORBIDDEN', `Bot ${clientId} is registered by another API key`);
  return new ApiError('NOT_FOUND', `No bot ${clientId}`);
}

export const statusSettings = (deps: BotServices): StatusSettings => ({ onlineWindowSeconds: deps.onlineWindowSeconds, now: deps.now() });

/** Write routes need the caller's key id (always there behind the authorizer). */
export function callerOf(keyId: string | undefined): string {
  if (!keyId) throw new ApiError('UNAUTHORIZED', 'An API key is required');
  return keyId;
}
