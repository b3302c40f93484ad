import type { DeliveryOutcome } from '../discord/poster';
import { logger } from '../logging/logger';
import type { DeliveryKey, DeliveryLog, RefusedAttemptCounter } from '../store';

/**
 * Whether Discord's answer refuses the webhook id and token
 * themselves (a wrong token, no such webhook), not the message.
 */
export const refusesPair = (result: DeliveryOutcome): result is Extract<DeliveryOutcome, { kind: 'rejected' }> =>
  result.kind === 'rejected' && result.reason !== 'invalid';

/** Discord's refusal of a pair as the pair guard remembers it (by status), for answering it again without asking. */
export const rememberedRefusal = (status: number): Extract<DeliveryOutcome, { kind: 'rejected' }> => ({
  kind: 'rejected',
  status,
  reason: status === 404 ? 'notFound' : 'unauthorized',
});

export interface RefusedAttemptDeps {
  deliveries: DeliveryLog;
  refusedAttempts: RefusedAttemptCounter;
  now: () => Date;
}

/**
 * A delivery whose pair Discord refuses (now, or before and remembered) is counted for the
 * webhook, not logged: its claim, if it made one, is deleted. Anyone can post to a webhook's id
 * with made-up tokens; one item apiece would flood its owner's log. The answer is a refusal
 * either way, so a store failure here is logged, not answered.
 */
export async function countRefusedAttempt(
  webhookId: string,
  deps: RefusedAttemptDeps,
  claimed?: DeliveryKey,
): Promise<void> {
  try {
    if (claimed) await deps.deliveries.forget(claimed);
    await deps.refusedAttempts.add(webhookId, deps.now());
  } catch (error) {
    logger.warn('a refused delivery could not be counted (or its claim deleted)', { webhookId, error: error as Error });
  }
}
