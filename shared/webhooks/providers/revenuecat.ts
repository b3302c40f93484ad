import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { fromField, schemaProvider, type Provider } from '../provider';
import { eventWords, outcomeColor } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * RevenueCat: every delivery is `{ event: { type, id, ... }, api_version }`, one envelope for every
 * event type (INITIAL_PURCHASE, RENEWAL, CANCELLATION, BILLING_ISSUE, ...), so every type renders
 * from it: what happened to which product, the price, store and environment. The subscriber is
 * named only by their app user id: e-mail and other subscriber attributes stay out of the channel.
 */
const envelope = () =>
  z.object({
    event: z.object({
      product_id: z.string(),
      new_product_id: z.string(),
      app_user_id: z.string(),
      // `price` is in US dollars; `price_in_purchased_currency` in `currency`, what the subscriber paid.
      price: z.number(),
      price_in_purchased_currency: z.number(),
      currency: z.string(),
      store: z.string(),
      environment: z.string(),
      period_type: z.string(),
      expiration_at_ms: z.number(),
      grace_period_expiration_at_ms: z.number(),
      auto_resume_at_ms: z.number(),
      entitlement_ids: z.array(z.string()),
      // A TRANSFER moves purchases between app user ids.
      transferred_from: z.array(z.string()),
      transferred_to: z.array(z.string()),
      cancel_reason: z.string(),
      expiration_reason: z.string(),
      // What support looks a purchase up by: the store's transaction and RevenueCat's event.
      transaction_id: z.string(),
      id: z.string(),
    }),
  });

/** What each type means for the business: money in, money at risk, or neither. */
const COLORS_BY_TYPE: Record<string, string> = {
  INITIAL_PURCHASE: 'created',
  RENEWAL: 'paid',
  NON_RENEWING_PURCHASE: 'paid',
  UNCANCELLATION: 'created',
  CANCELLATION: 'canceled',
  EXPIRATION: 'expired',
  BILLING_ISSUE: 'failed',
  REFUND: 'refund',
};

/** " (4.99 USD)": what was paid, in the currency paid, else in dollars; nothing for a free trial's 0. */
function priceOf(e: TolerantOutput<ReturnType<typeof envelope>>['event']): string {
  const [amount, currency] =
    e?.price_in_purchased_currency && e.currency ? [e.price_in_purchased_currency, e.currency] : [e?.price, 'USD'];
  return amount ? ` (${amount} ${currency})` : '';
}
/** A time in milliseconds since the epoch as "2020-06-01 12:00 UTC"; nothing when it is no date. */
const when = (ms: number | undefined) =>
  ms !== undefined && ms > 0 && ms < 8.64e15
    ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : undefined;

function render(p: TolerantOutput<ReturnType<typeof envelope>>, type: string): Embed {
  const e = p.event ?? {};
  const reason = e.cancel_reason || e.expiration_reason;
  const dates = [
    ['Expires', when(e.expiration_at_ms)],
    ['Grace period ends', when(e.grace_period_expiration_at_ms)],
    ['Resumes', when(e.auto_resume_at_ms)],
  ] as const;
  const field = (name: string, value: string | undefined) =>
    value ? [{ name, value: escapeMarkdown(eventWords(value)), inline: true }] : [];
  const ids = (name: string, list: string[] | undefined) =>
    list?.length ? [{ name, value: list.slice(0, 10).map(inlineCode).join(', '), inline: true }] : [];
  return {
    title: `${eventWords(type)}${e.product_id ? `: ${e.product_id}` : ''}${priceOf(e)}`,
    color: outcomeColor(entryOf(COLORS_BY_TYPE, type) ?? type),
    ...(reason ? { description: `Reason: ${escapeMarkdown(eventWords(reason))}` } : {}),
    fields: [
      ...(e.new_product_id ? [{ name: 'New product', value: escapeMarkdown(e.new_product_id), inline: true }] : []),
      ...(e.app_user_id ? [{ name: 'App user', value: inlineCode(e.app_user_id), inline: true }] : []),
      ...ids('Transferred from', e.transferred_from),
      ...ids('Transferred to', e.transferred_to),
      ...field('Store', e.store),
      ...field('Environment', e.environment),
      ...field('Period', e.period_type),
      ...dates.flatMap(([name, value]) => (value ? [{ name, value, inline: true }] : [])),
      ...(e.entitlement_ids?.length
        ? [{ name: 'Entitlements', value: e.entitlement_ids.map(escapeMarkdown).join(', '), inline: true }]
        : []),
      ...(e.transaction_id ? [{ name: 'Transaction', value: inlineCode(e.transaction_id), inline: true }] : []),
      ...(e.id ? [{ name: 'Event', value: inlineCode(e.id), inline: true }] : []),
    ],
  };
}

export const revenuecat: Provider = schemaProvider({
  name: 'revenuecat',
  displayName: 'RevenueCat',
  description:
    'Every subscription event (purchases, renewals, cancellations, expirations, billing issues, refunds, ' +
    'product changes, tests): product, price, store, environment, period, expiry, entitlements, transaction ' +
    "and event ids; never the subscriber's e-mail.",
  docs: 'https://www.revenuecat.com/docs/integrations/webhooks',
  // https://www.revenuecat.com/docs/integrations/webhooks: RevenueCat
  // sends the authorization header value set on the webhook as it is.
  signature: { kind: 'token', header: 'Authorization' },
  event: fromField('event', 'type'),
  deliveryId: fromField('event', 'id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
