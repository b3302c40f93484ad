import { ApiError } from '../../shared/errors/apiError';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { accountJson } from '../../shared/runtime/signedIn';
import { deliveryKeyOf, isReplayable, type DeliveryRecord } from '../../shared/store/deliveries';
import type { WebhookSecrets } from '../../shared/store/webhookSecrets';
import { replayDelivery } from '../../shared/webhooks/replay';
import { signedIn, type WebhookServices } from './services';

/** Deliveries shown per webhook: the newest (the log keeps 7 days). */
const SHOWN_DELIVERIES = 20;

/**
 * The account's webhook, or 404 (as for a webhook that does not exist: webhook ids are public, whose they are is not).
 */
async function ownWebhook(webhookId: string, account: string, deps: WebhookServices): Promise<WebhookSecrets> {
  const record = await deps.webhookSecrets.get(webhookId);
  if (!record || record.ownerAccount !== account)
    throw new ApiError('NOT_FOUND', `No webhook ${webhookId} among yours`);
  return record;
}

/** What the dashboard shows of a delivery: never its kept message or sealed token. */
const deliveryView = (record: DeliveryRecord, now: Date) => ({
  provider: record.provider,
  deliveryId: record.deliveryId,
  event: record.event,
  outcome: record.outcome,
  receivedAt: record.receivedAt,
  updatedAt: record.updatedAt,
  discordStatus: record.discordStatus ?? null,
  replayable: isReplayable(record, now),
});

/**
 * A webhook's newest deliveries (one Query of at most SHOWN_DELIVERIES items on the log's time
 * listing), and how many deliveries Discord refused the token of in the last 24 hours: those are
 * counted, not logged, so strangers posting with made-up tokens cannot crowd the list.
 */
async function webhookActivity(webhookId: string, now: Date, deps: WebhookServices) {
  const [deliveries, refusedAttempts] = await Promise.all([
    deps.deliveries.latestForWebhook(webhookId, SHOWN_DELIVERIES),
    deps.refusedAttempts.lastDay(webhookId, now),
  ]);
  return { deliveries: deliveries.map((delivery) => deliveryView(delivery, now)), refusedAttempts };
}

export const dashboardWebhooks = signedIn(webhookRoutes.dashboardWebhooks, async (_input, session, context, deps) => {
  const now = deps.now();
  const owned = await deps.webhookSecrets.listOwned(session.accountId);
  const webhooks = await Promise.all(
    owned.map(async (record) => ({
      webhookId: record.webhookId,
      signedProviders: Object.keys(record.secrets).sort(),
      requireSignatures: record.requireSignatures === true,
      updatedAt: record.updatedAt,
      ...(await webhookActivity(record.webhookId, now, deps)),
    })),
  );
  return accountJson({ webhooks }, context.requestId);
});

const OUTCOMES = {
  delivered: 'forwarded',
  rejected: 'rejected',
  rateLimited: 'rateLimited',
  failed: 'failed',
} as const;

export const dashboardReplayDelivery = signedIn(
  webhookRoutes.dashboardReplayDelivery,
  async ({ path, body }, session, context, deps) => {
    await ownWebhook(path.id, session.accountId, deps);
    // The delivery as logged (under the token it came with); only a pair Discord accepted keeps one to replay.
    const kept = (await deps.deliveries.find(path.id, body.provider, body.deliveryId)).find((record) =>
      isReplayable(record, deps.now()),
    );
    const result = kept ? await replayDelivery(deliveryKeyOf(kept), deps) : ({ kind: 'notReplayable' } as const);
    if (result.kind === 'notReplayable')
      throw new ApiError(
        'NOT_FOUND',
        `No failed ${body.provider} delivery ${body.deliveryId} to replay (forwarded meanwhile, being ` +
          'replayed, or it never failed)',
      );
    if (result.kind === 'stopped')
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        'The replay could not run; the delivery stays replayable, try again in a moment',
        undefined,
        { 'Retry-After': '5' },
      );
    const { outcome } = result;
    return accountJson(
      {
        webhookId: path.id,
        provider: body.provider,
        deliveryId: body.deliveryId,
        outcome: OUTCOMES[outcome.kind],
        discordStatus: 'status' in outcome ? (outcome.status ?? null) : null,
      },
      context.requestId,
    );
  },
);

export const dashboardRemoveWebhook = signedIn(
  webhookRoutes.dashboardRemoveWebhook,
  async ({ path }, session, context, deps) => {
    const record = await ownWebhook(path.id, session.accountId, deps);
    await deps.webhookSecrets.replace({ ...record, secrets: {}, updatedAt: deps.now().toISOString() });
    return accountJson({ webhookId: path.id, removed: true }, context.requestId);
  },
);
