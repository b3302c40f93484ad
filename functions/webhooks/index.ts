import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { webhookKit } from './services';
import { listWebhooks } from './listWebhooks';
import { dashboardSaveWebhook, putWebhookSecrets } from './putWebhookSecrets';
import { dashboardRemoveWebhook, dashboardReplayDelivery, dashboardWebhooks } from './ownedWebhooks';
import { relayWebhook } from './relayWebhook';

export const handlers = { listWebhooks, putWebhookSecrets, relayWebhook, dashboardWebhooks, dashboardSaveWebhook, dashboardReplayDelivery, dashboardRemoveWebhook };
export const kit = webhookKit;
export const handler = groupHandler(webhookRoutes, handlers, kit);
