import { logger } from '../logging/logger';
import type { Attempt, DeliveryAttemptLog } from '../store';

export interface AttemptDeps {
  attempts: DeliveryAttemptLog;
  now: () => Date;
}

/**
 * Lists an attempt the delivery log does not keep (a refused signature, a duplicate) for the
 * webhook's owner. The relay's answer is the same either way, so a store failure here is logged, not answered.
 */
export async function recordAttempt(webhookId: string, attempt: Attempt, deps: AttemptDeps): Promise<void> {
  try {
    await deps.attempts.record(webhookId, attempt, deps.now());
  } catch (error) {
    logger.warn('a relay attempt could not be listed', { webhookId, outcome: attempt.outcome, error: error as Error });
  }
}
