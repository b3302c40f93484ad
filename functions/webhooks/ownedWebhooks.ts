import { ApiError } from '../../shared/errors/apiError';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { accountJson } from '../../shared/runtime/signedIn';
import { deliveryKeyOf, isReplayable } from '../../shared/store/deliveries';
import type { WebhookSecrets } from '../../shared/store/webhookSecrets';
import { replayDelivery } from '../../shared/webhooks/replay';
import { defaultWebhookName } from '../../shared/webhooks/webhookName';
import { signedIn, type WebhookServices } from './services';
import { webhookActivity } from './webhookActivity';

/**
 * The account's webhook, or 404 (as for a webhook that does not exist: webhook ids are public, whose they are is not).
 */
export async function ownWebhook(webhookId: string, account: string, deps: WebhookServices): Promise<WebhookSecrets> {
  const record = await deps.webhookSecrets.get(webhookId);
  if (!record || record.ownerAccount !== account)
    throw new ApiError('NOT_FOUND', `No webhook ${webhookId} among yours`);
  return record;
}

export const dashboardWebhooks = signedIn(
  webhookRoutes.dashboardWebhooks,
  async ({ query }, session, context, deps) => {
    const now = deps.now();
    const owned = await deps.webhookSecrets.listOwned(session.accountId);
    const webhooks = await Promise.all(
      owned.map(async (record) => ({
        webhookId: record.webhookId,
        name: record.name ?? defaultWebhookName(record.webhookId, Object.keys(record.secrets)),
        tokenEnd: record.tokenEnd ?? null,
        signedProviders: Object.keys(record.secrets).sort(),
        requireSignatures: record.requireSignatures === true,
        updatedAt: record.updatedAt,
        ...(await webhookActivity(record.webhookId, query.outcome, now, deps)),
      })),
    );
    return accountJson({ webhooks }, context.requestId);
  },
);

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
