import { preferredType } from '../../shared/http/accept';
import { jsonResponse } from '../../shared/http/responses';
import type { WebhookHandler } from './services';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import type { Routes } from '../../shared/routes/table';
import { providers } from '../../shared/webhooks/providers/index';
import { relayPage } from './relayPage';
import { describeScheme } from '../../shared/webhooks/signature';
import { EVENT_FILTER_HELP } from '../../shared/webhooks/eventFilter';

/**
 * The providers the relay speaks and the events of each it renders (others are answered
 * "ignored"): the JSON envelope, or for a browser (Accept: text/html) a page that builds relay URLs.
 */
export const listWebhooks: WebhookHandler<Routes['listWebhooks']> = async ({ raw }, context) => {
  if (preferredType(raw.headers.accept, ['application/json', 'text/html']) === 'text/html')
    return relayPage(providers, raw.basePath);
  const response = jsonResponse(
    {
      url: webhookRoutes.relayWebhook.path,
      secrets:
        `${webhookRoutes.putWebhookSecrets.method} ${webhookRoutes.putWebhookSecrets.path} with {"secrets": ` +
        '{"<provider>": "<secret>"}}',
      events: EVENT_FILTER_HELP,
      providers: providers.map((provider) => ({
        name: provider.name,
        displayName: provider.displayName,
        description: provider.description,
        docs: provider.docs,
        events: [...provider.events],
        signature: provider.signature
          ? {
              header: provider.signature.header,
              kind: provider.signature.kind,
              scheme: describeScheme(provider.signature),
            }
          : null,
      })),
    },
    context.requestId,
  );
  return { ...response, headers: { ...response.headers, Vary: 'Accept' } };
};
