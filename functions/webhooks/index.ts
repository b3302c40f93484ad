import { groupHandler } from '../../shared/http/stack';
import { listWebhooks } from './listWebhooks';
import { putWebhookSecrets } from './putWebhookSecrets';
import { relayWebhook } from './relayWebhook';

export const handlers = { listWebhooks, putWebhookSecrets, relayWebhook };
export const handler = groupHandler('webhooks', handlers);
