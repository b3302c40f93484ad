import { SealedValueError, type SecretBox } from '../crypto/secretBox';
import type { DiscordMessage } from '../discord/message';
import type { DeliveryOutcome } from '../discord/poster';
import { isReplayable, type DeliveryKey, type DeliveryRecord } from '../store/deliveries';
import { forwardToDiscord, tokenContext, type ForwardDeps } from './forward';
import type { PairGuard } from './pairGuard';
import { rememberedRefusal } from './refusedPairs';

export type ReplayResult =
  | { kind: 'replayed'; outcome: DeliveryOutcome }
  /** Not replayable any more: forwarded meanwhile, being replayed, or never failed. */
  | { kind: 'notReplayable' }
  /**
   * The replay could not run (the kept token does not open, the key service or the store failed):
   * the record stays replayable. `unopenable`: the token was sealed under another secret key, so
   * no later attempt opens it either.
   */
  | { kind: 'stopped'; reason: string; unopenable?: boolean };

/**
 * What a replay uses: the forwarding path, the box that opens
 * kept tokens, and the pair guard that counts Discord's refusals.
 */
export type ReplayDeps = ForwardDeps & { secretBox: SecretBox; pairGuard: Pick<PairGuard, 'recall' | 'consult'> };

/**
 * Replays one failed delivery: claims it (so two replays, or a replay and the provider's retry,
 * never both post), opens the kept token and forwards the kept message through the relay's path,
 * which logs the new outcome (forwarded, or failed again and still replayable).
 */
export async function replayDelivery(asked: DeliveryKey, deps: ReplayDeps): Promise<ReplayResult> {
  const record = await deps.deliveries.claimReplay(asked, deps.now());
  if (!record?.sealedToken) return { kind: 'notReplayable' };
  // The record's own key: with a signature's hash, whose claim the outcome finishes too.
  const key: DeliveryKey = {
    ...asked,
    ...(record.signatureHash !== undefined ? { signatureHash: record.signatureHash } : {}),
  };
  let token: string;
  try {
    token = await deps.secretBox.open(record.sealedToken, tokenContext(key.webhookId));
  } catch (error) {
    // Give the claim back, so the record stays listed and replayable (with the right key, or once KMS answers).
    await deps.deliveries.finish(key, 'failed', deps.now());
    if (error instanceof SealedValueError)
      return {
        kind: 'stopped',
        reason: `the kept token cannot be opened with this secret key (${error.message})`,
        unopenable: true,
      };
    return { kind: 'stopped', reason: (error as Error).message };
  }
  try {
    return { kind: 'replayed', outcome: await guardedForward(key, token, record.message as DiscordMessage, deps) };
  } catch (error) {
    // Posting never throws; logging the outcome did (a store outage): the claim goes stale and is taken over later.
    return { kind: 'stopped', reason: `the outcome could not be logged: ${(error as Error).message}` };
  }
}

/**
 * A replay is one more call to Discord about its pair, through the pair guard as the relay's: its
 * invalid answers count towards the brake, and a pair Discord has refused (a token revoked while
 * its deliveries waited in the queue) is not asked again: the delivery is logged rejected as it was.
 */
async function guardedForward(
  key: DeliveryKey,
  token: string,
  message: DiscordMessage,
  deps: ReplayDeps,
): Promise<DeliveryOutcome> {
  const pair = await deps.pairGuard.recall(key.webhookId, token);
  if (pair.verdict?.kind === 'refused') {
    await deps.deliveries.finish(key, 'rejected', deps.now(), { discordStatus: pair.verdict.status });
    return rememberedRefusal(pair.verdict.status);
  }
  return deps.pairGuard.consult(pair, (onInvalidAnswer) =>
    forwardToDiscord(key, token, message, deps, { onInvalidAnswer }),
  );
}

/** The replayable deliveries a replay request names: one id (optionally narrowed to a webhook), or all. */
export function selectReplayable(
  kept: DeliveryRecord[],
  now: Date,
  deliveryId: string | undefined,
  webhookId?: string,
): DeliveryRecord[] {
  return kept.filter(
    (record) =>
      isReplayable(record, now) &&
      (deliveryId === undefined || record.deliveryId === deliveryId) &&
      (webhookId === undefined || record.webhookId === webhookId),
  );
}
