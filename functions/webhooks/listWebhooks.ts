import { jsonResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { providers } from '../../shared/webhooks/providers/index';

/** The providers the relay speaks and the events of each it renders (others are answered "ignored"). */
export const listWebhooks: RouteHandler<Routes['listWebhooks']> = async (_input, context) =>
  jsonResponse(
    {
      url: '/webhooks/{id}/{token}/{provider}',
      providers: providers.map((provider) => ({ name: provider.name, displayName: provider.displayName, events: [...provider.events] })),
    },
    context.requestId,
  );
