import type { DiscordMessage } from '../discord/message';
import { postToDiscord, type DeliveryOutcome } from '../discord/poster';
import type { SecretBox } from '../crypto/secretBox';
import { beyondRequestBudget } from '../aws/requestBudget';
import { logger } from '../logging/logger';
import { emfCount, RELAY_METRICS } from './relayMetrics';
import {
  REPLAYABLE,
  type DeliveryKey,
  type DeliveryLog,
  type DeliveryOutcome as LoggedOutcome,
  type KeptMessage,
} from '../store/deliveries';

/** Binds a kept Discord token to its webhook: copied into another webhook's record it does not open. */
export const tokenContext = (webhookId: string) => ({ purpose: 'discord-webhook-token', webhookId });

const LOGGED: Record<DeliveryOutcome['kind'], Exclude<LoggedOutcome, 'pending' | 'ignored'>> = {
  delivered: 'forwarded',
  rejected: 'rejected',
  rateLimited: 'rateLimited',
  failed: 'failed',
};

export interface ForwardDeps {
  deliveries: DeliveryLog;
  discordApiBase: string;
  now: () => Date;
}

export interface ForwardOptions {
  /**
   * The relay's first attempt (not a replay): once Discord has
   * taken the message, failing to log it must not fail the answer.
   */
  firstAttempt?: boolean;
  /**
   * Given by a first attempt of a pair Discord accepted before, whose claim holds no message: seals
   * the token (with this box) and keeps the message when Discord is at fault, its only record of them.
   */
  keepWith?: SecretBox;
  /** Told of each answer Discord counts against its invalid-request limit. */
  onInvalidAnswer?: () => void;
}

/**
 * Posts a claimed delivery's message to its Discord webhook and logs the outcome: when Discord is
 * at fault (failed, rate limited) the log keeps the message and the sealed token for a replay.
 * The token is sealed only then: a delivered or refused message needs no record of it (and costs
 * no KMS call). The relay and the replay command both forward through here.
 */
export async function forwardToDiscord(
  key: DeliveryKey,
  token: string,
  message: DiscordMessage,
  deps: ForwardDeps,
  options: ForwardOptions = {},
): Promise<ForwardResult> {
  const result = await postToDiscord(key.webhookId, token, message, {
    apiBase: deps.discordApiBase,
    ...(options.onInvalidAnswer ? { onInvalidAnswer: options.onInvalidAnswer } : {}),
  });
  const outcome = LOGGED[result.kind];
  const kept =
    options.keepWith && REPLAYABLE.includes(outcome) ? await keep(key, token, message, options.keepWith) : undefined;
  const discordError = result.kind === 'rejected' ? result.error : undefined;
  const details = {
    ...('status' in result ? { discordStatus: result.status } : {}),
    ...(discordError ? { discordError } : {}),
    ...(kept ? { kept } : {}),
  };
  if (result.kind === 'rejected' && result.reason === 'invalid') {
    // Rendered by us and refused by Discord: a message no retry will pass, so someone should look at it.
    logger.warn('Discord refused a message as invalid', {
      webhookId: key.webhookId,
      deliveryId: key.deliveryId,
      discordStatus: result.status,
      discordError,
      ...emfCount(RELAY_METRICS.invalidMessages),
    });
  }
  try {
    // Discord has answered: its answer is logged whatever the request's time budget has left (cut,
    // a replay Discord took would stay replayable, and be posted again).
    await beyondRequestBudget(() => deps.deliveries.finish(key, outcome, deps.now(), details));
  } catch (error) {
    // A first attempt Discord took is done: failing it would have the sender try again, and Discord
    // post it twice. Its claim stays pending without a message, so nothing replays it either. A
    // replay's claim keeps its message (it is replayable again once stale): that failure is told.
    if (result.kind !== 'delivered' || !options.firstAttempt) throw error;
    logger.warn('a delivered message could not be logged as forwarded', {
      webhookId: key.webhookId,
      deliveryId: key.deliveryId,
      error: error as Error,
    });
  }
  return { ...result, kept: kept !== undefined };
}

/** Discord's answer, and whether the message and sealed token were kept with it (a first attempt Discord failed). */
export type ForwardResult = DeliveryOutcome & { kept: boolean };

/** What a replay needs; without it (the key service is down) the provider's own retry is the way left. */
export async function keep(
  key: DeliveryKey,
  token: string,
  message: DiscordMessage,
  box: SecretBox,
): Promise<KeptMessage | undefined> {
  try {
    return { message, sealedToken: await box.seal(token, tokenContext(key.webhookId)) };
  } catch (error) {
    logger.warn('the failed delivery is logged without its message: its token could not be sealed', {
      webhookId: key.webhookId,
      deliveryId: key.deliveryId,
      error: error as Error,
    });
    return undefined;
  }
}
