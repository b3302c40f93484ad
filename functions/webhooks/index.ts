import type { Context, SQSEvent } from 'aws-lambda';
import { secretBoxFromEnv } from '../../shared/crypto/secretBox';
import { discordApiBaseFromEnv } from '../../shared/discord/poster';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { groupHandler } from '../../shared/runtime/groupHandler';
import type { LambdaHandler } from '../../shared/runtime/middlewareChain';
import { createStores } from '../../shared/store';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';
import { drainWebhook, retryBackoffFromEnv } from '../../shared/webhooks/retries';
import { hideKick, retryKickerFromEnv, retryQueueClient } from '../../shared/webhooks/retryKickers';
import { webhookKit } from './services';
import { listWebhooks } from './listWebhooks';
import { dashboardSaveWebhook, putWebhookSecrets } from './putWebhookSecrets';
import { dashboardRemoveWebhook, dashboardReplayDelivery, dashboardWebhooks } from './ownedWebhooks';
import { relayWebhook } from './relayWebhook';
import { dashboardRelayToken, dashboardRenameWebhook } from './webhookSettings';
import { consumeRetryKicks, type RetryConsumerDeps } from './retryConsumer';

export const handlers = {
  listWebhooks,
  putWebhookSecrets,
  relayWebhook,
  dashboardWebhooks,
  dashboardSaveWebhook,
  dashboardReplayDelivery,
  dashboardRemoveWebhook,
  dashboardRenameWebhook,
  dashboardRelayToken,
};
export const kit = webhookKit;
const routes = groupHandler(webhookRoutes, handlers, kit);

/** The retry queue's consumer, built on its first batch from the environment (RETRY_QUEUE_URL and the relay's). */
let consumer: RetryConsumerDeps | undefined;
function retryConsumer(): RetryConsumerDeps {
  if (consumer) return consumer;
  const stores = createStores();
  const now = () => new Date();
  const deps = {
    deliveries: stores.deliveries,
    retryQueue: stores.retryQueue,
    kicker: retryKickerFromEnv(),
    retryBackoffSeconds: retryBackoffFromEnv(),
    secretBox: secretBoxFromEnv(),
    pairGuard: pairGuardOver(stores, now),
    discordApiBase: discordApiBaseFromEnv(),
    now,
  };
  const hide = hideKick(retryQueueClient, process.env.RETRY_QUEUE_URL ?? '');
  consumer = { drain: (webhookId, deadline) => drainWebhook(webhookId, deps, deadline), hide };
  return consumer;
}

/** API Gateway's requests go to the routes; the relay's retry queue (SQS) sends its kicks here too. */
export const handler = (async (event: unknown, context: Context) => {
  if ((event as Partial<SQSEvent>).Records?.[0]?.eventSource === 'aws:sqs')
    return consumeRetryKicks(event as SQSEvent, context, retryConsumer());
  return routes(event as Parameters<LambdaHandler>[0], context);
}) as LambdaHandler;
