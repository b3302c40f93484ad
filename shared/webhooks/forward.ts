import type { SecretBox } from '../crypto/secretBox';
import type { DiscordMessage } from '../discord/message';
import { postToDiscord, type DeliveryOutcome } from '../discord/poster';
import { REPLAYABLE, type DeliveryKey, type DeliveryLog, type DeliveryOutcome as LoggedOutcome } from '../store/deliveries';

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
  secretBox: SecretBox;
  discordApiBase: string;
  now: () => Date;
}

/**
 * Posts a claimed delivery's message to its Discord webhook and logs the outcome. When Discord is
 * at fault (failed, rate limited) the message and the sealed token stay in the log for a replay;
 * the relay and the replay command both forward through here.
 */
export async function forwardToDiscord(key: DeliveryKey, token: string, message: DiscordMessage, deps: ForwardDeps): Promise<DeliveryOutcome> {
  const result = await postToDiscord(key.webhookId, token, message, { apiBase: deps.discordApiBase });
  const logged = LOGGED[result.kind];
  const replay = REPLAYABLE.includes(logged) ? { message, sealedToken: await deps.secretBox.seal(token, tokenContext(key.webhookId)) } : undefined;
  await deps.deliveries.finish(key, logged, deps.now(), { ...('status' in result ? { discordStatus: result.status } : {}), ...(replay ? { replay } : {}) });
  return result;
}
