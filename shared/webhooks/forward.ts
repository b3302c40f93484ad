import type { DiscordMessage } from '../discord/message';
import { postToDiscord, type DeliveryOutcome } from '../discord/poster';
import type { DeliveryKey, DeliveryLog, DeliveryOutcome as LoggedOutcome } from '../store/deliveries';

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

/**
 * Posts a claimed delivery's message (kept in the log with its sealed token since the claim) to its
 * Discord webhook and logs the outcome: when Discord is at fault (failed, rate limited) the log keeps
 * both for a replay. The relay and the replay command both forward through here.
 */
export async function forwardToDiscord(key: DeliveryKey, token: string, message: DiscordMessage, deps: ForwardDeps): Promise<DeliveryOutcome> {
  const result = await postToDiscord(key.webhookId, token, message, { apiBase: deps.discordApiBase });
  await deps.deliveries.finish(key, LOGGED[result.kind], deps.now(), 'status' in result ? { discordStatus: result.status } : {});
  return result;
}
