import { groupHandler } from '../../shared/http/stack';
import { listWebhooks } from './listWebhooks';
import { relayWebhook } from './relayWebhook';

export const handler = groupHandler('webhooks', { listWebhooks, relayWebhook });
