import { SealedValueError } from '../crypto/secretBox';
import type { DiscordMessage } from '../discord/message';
import type { DeliveryOutcome } from '../discord/poster';
import type { DeliveryKey, DeliveryRecord } from '../store/deliveries';
import { forwardToDiscord, tokenContext, type ForwardDeps } from './forward';

export type ReplayResult =
  | { kind: 'replayed'; outcome: DeliveryOutcome }
  /** Not replayable any more: forwarded meanwhile, being replayed, or never failed. */
  | { kind: 'notReplayable' }
  /** The kept token does not open (the secret key changed): the record stays failed. */
  | { kind: 'unreadable'; reason: string };

/**
 * Replays one failed delivery: claims it (so two replays, or a replay and the provider's retry,
 * never both post), opens the kept token and forwards the kept message through the relay's path,
 * which logs the new outcome (forwarded, or failed again and still replayable).
 */
export async function replayDelivery(key: DeliveryKey, deps: ForwardDeps): Promise<ReplayResult> {
  const record = await deps.deliveries.claimReplay(key, deps.now());
  if (!record?.sealedToken) return { kind: 'notReplayable' };
  let token: string;
  try {
    token = await deps.secretBox.open(record.sealedToken, tokenContext(key.webhookId));
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    // Give the claim back as it was, so the record stays listed and replayable with the right key.
    await deps.deliveries.finish(key, 'failed', deps.now(), { ...(record.discordStatus !== undefined ? { discordStatus: record.discordStatus } : {}), replay: { message: record.message, sealedToken: record.sealedToken } });
    return { kind: 'unreadable', reason: error.message };
  }
  return { kind: 'replayed', outcome: await forwardToDiscord(key, token, record.message as DiscordMessage, deps) };
}

/** The failed deliveries a replay request names: one id (optionally narrowed to a webhook), or all. */
export function selectFailed(failed: DeliveryRecord[], deliveryId: string | undefined, webhookId?: string): DeliveryRecord[] {
  return failed.filter((record) => (deliveryId === undefined || record.deliveryId === deliveryId) && (webhookId === undefined || record.webhookId === webhookId));
}
