import { logger } from '../../shared/logging/logger';
import { drainWebhook, type RetryDeps } from '../../shared/webhooks/retries';
import { localRetryKicks } from '../../shared/webhooks/retryKickers';

/** After a drain fails (the store is down): try again after this. */
const AFTER_ERROR_SECONDS = 30;

/**
 * The local server's stand-in for the SQS queue and its consumer: hears the relay's kicks and
 * drains each webhook's queue when due, one drain per webhook at a time. The queues themselves are
 * the store's records, so with DATA_DIR a restarted server resumes them: `resume` kicks every
 * webhook that has a queued delivery.
 */
export function startRetryLoop(deps: RetryDeps): { resume(): Promise<void>; close(): void } {
  const timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  const running = new Set<string>();
  /** Kicked while draining: drain again at once when done. */
  const kickedWhileRunning = new Set<string>();
  let closed = false;

  const schedule = (webhookId: string, delaySeconds: number) => {
    if (closed) return;
    if (running.has(webhookId)) {
      if (delaySeconds === 0) kickedWhileRunning.add(webhookId);
      return;
    }
    const at = Date.now() + delaySeconds * 1000;
    const existing = timers.get(webhookId);
    if (existing && existing.at <= at) return;
    if (existing) clearTimeout(existing.timer);
    timers.set(webhookId, { at, timer: setTimeout(() => void run(webhookId), Math.max(0, at - Date.now())) });
  };

  const run = async (webhookId: string) => {
    timers.delete(webhookId);
    running.add(webhookId);
    let next: number | undefined;
    try {
      const result = await drainWebhook(webhookId, deps);
      next = result.kind === 'wait' ? result.seconds : undefined;
    } catch (error) {
      logger.error("a webhook's retry queue could not be drained", { webhookId, error: error as Error });
      next = AFTER_ERROR_SECONDS;
    } finally {
      running.delete(webhookId);
    }
    if (kickedWhileRunning.delete(webhookId)) schedule(webhookId, 0);
    if (next !== undefined) schedule(webhookId, next);
  };

  const onKick = (webhookId: string, delaySeconds: number) => schedule(webhookId, delaySeconds);
  localRetryKicks.on('kick', onKick);
  return {
    resume: async () => {
      const queued = (await deps.deliveries.listKept()).filter((record) => record.outcome === 'queued');
      for (const webhookId of new Set(queued.map((record) => record.webhookId))) schedule(webhookId, 0);
    },
    close: () => {
      closed = true;
      localRetryKicks.off('kick', onKick);
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
