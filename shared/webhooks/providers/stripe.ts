import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { changedFields, fromField, schemaProvider, type Provider } from '../provider';
import { money } from '../render/money';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Stripe: every event is the same envelope (`type`, `data.object`, `livemode`) around the API
 * object it is about, so every event type renders from it: what happened, the amount where the
 * object has one, its status and customer, and a link to the event in the Dashboard (which shows
 * the object). The delivery id is the event id, which Stripe keeps across retries.
 */

/** The parts of the envelope, built with it on the first delivery, not at import. */
const parts = () => {
  const customer = z.nullish(z.union([z.string(), z.object({ id: z.string(), email: z.nullish(z.string()) })]));
  return { customer };
};

const envelope = () => {
  const { customer } = parts();
  return z.object({
    id: z.string(),
    type: z.string(),
    livemode: z.boolean(),
    data: z.object({
      object: z.object({
        id: z.optional(z.string()),
        object: z.string(),
        // Which amount an object has depends on its kind: a checkout session's total, an invoice's due or paid, a charge's amount.
        amount_total: z.nullish(z.number()),
        amount_paid: z.nullish(z.number()),
        amount_due: z.nullish(z.number()),
        amount: z.nullish(z.number()),
        currency: z.nullish(z.string()),
        status: z.nullish(z.string()),
        payment_status: z.nullish(z.string()),
        description: z.nullish(z.string()),
        customer,
        customer_email: z.nullish(z.string()),
        receipt_email: z.nullish(z.string()),
        email: z.nullish(z.string()),
      }),
      previous_attributes: z.optional(z.record(z.string(), z.unknown())),
    }),
  });
};

function render(p: z.output<ReturnType<typeof envelope>>, type: string): Embed {
  const o = p.data.object;
  const amount = [o.amount_total, o.amount_paid, o.amount_due, o.amount].find((value) => typeof value === 'number');
  const price = amount !== undefined && amount !== null && o.currency ? money(amount, o.currency) : undefined;
  const who = typeof o.customer === 'object' && o.customer ? o.customer.email || o.customer.id : o.customer || o.customer_email || o.receipt_email || (o.object === 'customer' ? o.email : undefined);
  const status = o.payment_status || o.status;
  return {
    title: `${eventWords(type)}${price ? `: ${price}` : ''}`,
    // The Dashboard's page of the event (test-mode events live under /test).
    url: `https://dashboard.stripe.com/${p.livemode ? '' : 'test/'}events/${encodeURIComponent(p.id)}`,
    color: outcomeColor(type.split('.').at(-1), status),
    ...(o.description ? { description: escapeMarkdown(o.description) } : changedFields(p.data.previous_attributes)),
    fields: [
      ...(o.id ? [{ name: eventWords(o.object), value: inlineCode(o.id), inline: true }] : []),
      ...(status ? [{ name: 'Status', value: escapeMarkdown(eventWords(status)), inline: true }] : []),
      ...(who ? [{ name: 'Customer', value: escapeMarkdown(who), inline: true }] : []),
      ...(p.livemode ? [] : [{ name: 'Mode', value: 'Test', inline: true }]),
    ],
  };
}

export const stripe: Provider = schemaProvider({
  name: 'stripe',
  displayName: 'Stripe',
  description: 'Every event (payments, checkout sessions, invoices, subscriptions, customers, disputes...): what happened, the amount, status and customer, linked to the event in the Dashboard.',
  docs: 'https://docs.stripe.com/webhooks',
  // https://docs.stripe.com/webhooks#verify-manually: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`;
  // Stripe's own libraries refuse signatures more than 300 seconds old.
  signature: { kind: 'hmac', header: 'Stripe-Signature', algorithm: 'sha256', encoding: 'hex', prefix: 'v1=', signs: { timestamp: { key: 't' }, separator: '.', toleranceSeconds: 300 } },
  event: fromField('type'),
  deliveryId: fromField('id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
