import { isReplayable, type DeliveryOutcome, type DeliveryRecord } from '../../shared/store/deliveries';
import { attemptOutcomes, type AttemptOutcome, type AttemptRecord } from '../../shared/store/deliveryAttempts';
import type { ListedOutcome } from '../../shared/routes/schemas/webhooks';
import type { WebhookServices } from './services';

/** Rows shown per webhook: the newest (deliveries are kept 7 days, attempts 24 hours). */
export const SHOWN_ROWS = 20;

/** What the dashboard shows of a delivery: never its kept message or sealed token. */
const deliveryView = (record: DeliveryRecord, now: Date) => ({
  provider: record.provider,
  deliveryId: record.deliveryId,
  event: record.event,
  outcome: record.outcome as ListedOutcome,
  count: 1,
  receivedAt: record.receivedAt,
  updatedAt: record.updatedAt,
  discordStatus: record.discordStatus ?? null,
  replayable: isReplayable(record, now),
});

/** A minute's refused signatures or duplicates as one row, at the time of its last attempt. */
const attemptView = (record: AttemptRecord) => ({
  provider: record.provider,
  deliveryId: record.deliveryId ?? '',
  event: record.event ?? '',
  outcome: record.outcome as ListedOutcome,
  count: record.count,
  receivedAt: record.lastAt,
  updatedAt: record.lastAt,
  discordStatus: null,
  replayable: false,
});

const isAttemptOutcome = (outcome: ListedOutcome): outcome is AttemptOutcome =>
  (attemptOutcomes as readonly string[]).includes(outcome);

/**
 * A webhook's newest rows, of one outcome or all: each source read by one Query of at most
 * SHOWN_ROWS items (a delivery outcome: of the log's latest OUTCOME_SCAN), merged by time.
 */
async function latestRows(webhookId: string, outcome: ListedOutcome | undefined, now: Date, deps: WebhookServices) {
  if (outcome && isAttemptOutcome(outcome))
    return (await deps.attempts.latest(webhookId, outcome, SHOWN_ROWS, now)).map(attemptView);
  if (outcome)
    return (await deps.deliveries.latestWithOutcome(webhookId, outcome as DeliveryOutcome, SHOWN_ROWS)).map((record) =>
      deliveryView(record, now),
    );
  const [deliveries, ...attempts] = await Promise.all([
    deps.deliveries.latestForWebhook(webhookId, SHOWN_ROWS),
    ...attemptOutcomes.map((kind) => deps.attempts.latest(webhookId, kind, SHOWN_ROWS, now)),
  ]);
  return [...deliveries.map((record) => deliveryView(record, now)), ...attempts.flat().map(attemptView)]
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
    .slice(0, SHOWN_ROWS);
}

/**
 * A webhook's newest rows, and how many deliveries Discord refused the token of in the last 24
 * hours: those are counted, not listed, so strangers posting with made-up tokens cannot crowd the list.
 */
export async function webhookActivity(
  webhookId: string,
  outcome: ListedOutcome | undefined,
  now: Date,
  deps: WebhookServices,
) {
  const [deliveries, refusedAttempts] = await Promise.all([
    latestRows(webhookId, outcome, now, deps),
    deps.refusedAttempts.lastDay(webhookId, now),
  ]);
  return { deliveries, refusedAttempts };
}
