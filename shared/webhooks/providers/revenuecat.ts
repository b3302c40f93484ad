import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { fromField, schemaProvider, type Provider } from '../provider';
import { eventWords, outcomeColor } from '../render/words';

/**
 * RevenueCat: every delivery is `{ event: { type, id, ... }, api_version }`, one envelope for every
 * event type (INITIAL_PURCHASE, RENEWAL, CANCELLATION, BILLING_ISSUE, ...), so every type renders
 * from it: what happened to which product, the price, store and environment. The subscriber is
 * named only by their app user id: e-mail and other subscriber attributes stay out of the channel.
 */
const envelope = () => z.object({
  event: z.object({
    type: z.string(),
    id: z.string(),
    product_id: z.nullish(z.string()),
    app_user_id: z.nullish(z.string()),
    price: z.nullish(z.number()),
    currency: z.nullish(z.string()),
    store: z.nullish(z.string()),
    environment: z.nullish(z.string()),
    period_type: z.nullish(z.string()),
    entitlement_ids: z.nullish(z.array(z.string())),
    cancel_reason: z.nullish(z.string()),
    expiration_reason: z.nullish(z.string()),
  }),
});

/** What each type means for the business: money in, money at risk, or neither. */
const COLORS_BY_TYPE: Record<string, string> = { INITIAL_PURCHASE: 'created', RENEWAL: 'paid', NON_RENEWING_PURCHASE: 'paid', UNCANCELLATION: 'created', CANCELLATION: 'canceled', EXPIRATION: 'expired', BILLING_ISSUE: 'failed', REFUND: 'refund' };

function render(p: z.output<ReturnType<typeof envelope>>, type: string): Embed {
  const e = p.event;
  const price = typeof e.price === 'number' && e.price !== 0 && e.currency ? ` (${e.price} ${e.currency})` : '';
  const reason = e.cancel_reason || e.expiration_reason;
  return {
    title: `${eventWords(type)}${e.product_id ? `: ${e.product_id}` : ''}${price}`,
    color: outcomeColor(COLORS_BY_TYPE[type] ?? type),
    ...(reason ? { description: `Reason: ${escapeMarkdown(eventWords(reason))}` } : {}),
    fields: [
      ...(e.app_user_id ? [{ name: 'App user', value: inlineCode(e.app_user_id), inline: true }] : []),
      ...(e.store ? [{ name: 'Store', value: escapeMarkdown(eventWords(e.store)), inline: true }] : []),
      ...(e.environment ? [{ name: 'Environment', value: escapeMarkdown(eventWords(e.environment)), inline: true }] : []),
      ...(e.entitlement_ids?.length ? [{ name: 'Entitlements', value: e.entitlement_ids.map(escapeMarkdown).join(', '), inline: true }] : []),
    ],
  };
}

export const revenuecat: Provider = schemaProvider({
  name: 'revenuecat',
  displayName: 'RevenueCat',
  description: 'Every subscription event (purchases, renewals, cancellations, expirations, billing issues, refunds, product changes, tests): product, price, store, environment and entitlements; never the subscriber\'s e-mail.',
  docs: 'https://www.revenuecat.com/docs/integrations/webhooks',
  // https://www.revenuecat.com/docs/integrations/webhooks: RevenueCat sends the authorization header value set on the webhook as it is.
  signature: { kind: 'token', header: 'Authorization' },
  event: fromField('event', 'type'),
  deliveryId: fromField('event', 'id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
