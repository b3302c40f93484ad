import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { webhookKit } from './services';
import { listWebhooks } from './listWebhooks';
import { putWebhookSecrets } from './putWebhookSecrets';
import { relayWebhook } from './relayWebhook';

export const handlers = { listWebhooks, putWebhookSecrets, relayWebhook };
export const kit = webhookKit;
export const handler = groupHandler(webhookRoutes, handlers, kit);
