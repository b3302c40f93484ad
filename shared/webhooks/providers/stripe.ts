import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { changedFields, fromField, schemaProvider, type Provider } from '../provider';
import { money } from '../render/money';
import { eventWords, outcomeColor } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';

/**
 * Stripe: every event is the same envelope (`type`, `data.object`, `livemode`) around the API
 * object it is about, so every event type renders from it: what happened, the amount where the
 * object has one, its status and customer, and a link to the event in the Dashboard (which shows
 * the object). The delivery id is the event id, which Stripe keeps across retries.
 */

/** The envelope and the fields of its object shown, built on the first delivery, not at import. */
const envelope = () => {
  const reference = z.union([z.string(), z.object({ id: z.string(), email: z.string() })]);
  return z.object({
    id: z.string(),
    livemode: z.boolean(),
    data: z.object({
      object: z.object({
        id: z.string(),
        object: z.string(),
        // Which amount an object has depends on its kind: a checkout
        // session's total, an invoice's due or paid, a charge's amount.
        amount_total: z.number(),
        amount_paid: z.number(),
        amount_due: z.number(),
        amount: z.number(),
        currency: z.string(),
        status: z.string(),
        payment_status: z.string(),
        description: z.string(),
        name: z.string(),
        customer: reference,
        customer_email: z.string(),
        receipt_email: z.string(),
        email: z.string(),
        // What the object belongs to, and why a payment failed.
        invoice: reference,
        subscription: reference,
        failure_message: z.string(),
        last_payment_error: z.object({ message: z.string() }),
      }),
      previous_attributes: z.record(z.string(), z.unknown()),
    }),
    // A "thin" event (event destinations, v2) carries no object, only a reference to it.
    related_object: z.object({ id: z.string(), type: z.string() }),
  });
};
type Envelope = TolerantOutput<ReturnType<typeof envelope>>;

/** An id an object names another by: the id itself, or the expanded object's. */
const idOf = (ref: string | { id?: string | undefined } | undefined) => (typeof ref === 'object' ? ref.id : ref);
const idField = (name: string, id: string | undefined) => (id ? [{ name, value: inlineCode(id), inline: true }] : []);

function render(p: Envelope, type: string): Embed {
  const o = p.data?.object ?? {};
  const amount = [o.amount_total, o.amount_paid, o.amount_due, o.amount].find((value) => typeof value === 'number');
  const price = amount !== undefined && o.currency ? money(amount, o.currency) : undefined;
  const who =
    typeof o.customer === 'object'
      ? o.customer.email || o.customer.id
      : o.customer || o.customer_email || o.receipt_email || (o.object === 'customer' ? o.email : undefined);
  const status = o.payment_status || o.status;
  const failure = o.failure_message || o.last_payment_error?.message;
  const about = o.description || o.name;
  const changed = changedFields(p.data?.previous_attributes).description;
  const related = p.related_object;
  return {
    // Thin events name their API version first ("v1.billing.meter.error_report_triggered").
    title: `${eventWords(type.replace(/^v\d+\./, ''))}${price ? `: ${price}` : ''}`,
    // The Dashboard's page of the event (test-mode events live under /test).
    url:
      'https://dashboard.stripe.com/' +
      `${p.livemode === false ? 'test/' : ''}events${p.id ? `/${encodeURIComponent(p.id)}` : ''}`,
    color: outcomeColor(type.split('.').at(-1), status),
    ...(about || changed ? { description: about ? escapeMarkdown(about) : changed } : {}),
    fields: [
      ...idField(o.object ? eventWords(o.object) : 'Object', o.id),
      ...(related && !o.id ? idField(related.type ? eventWords(related.type) : 'Object', related.id) : []),
      ...(status ? [{ name: 'Status', value: escapeMarkdown(eventWords(status)), inline: true }] : []),
      ...(who ? [{ name: 'Customer', value: escapeMarkdown(who), inline: true }] : []),
      ...(o.object !== 'invoice' ? idField('Invoice', idOf(o.invoice)) : []),
      ...(o.object !== 'subscription' ? idField('Subscription', idOf(o.subscription)) : []),
      ...(failure ? [{ name: 'Failure', value: escapeMarkdown(failure) }] : []),
      ...(about && changed ? [{ name: 'Changed', value: changed.replace(/^Changed: /, '') }] : []),
      // The id support and the API look the event up by (the link shows it only in its address).
      ...idField('Event', p.id),
      ...(p.livemode === false ? [{ name: 'Mode', value: 'Test', inline: true }] : []),
    ],
  };
}

export const stripe: Provider = schemaProvider({
  name: 'stripe',
  displayName: 'Stripe',
  description:
    'Every event (payments, checkout sessions, invoices, subscriptions, customers, disputes...): what ' +
    'happened, the amount, status, customer, invoice, subscription, failure and event id, linked to the event ' +
    'in the Dashboard.',
  docs: 'https://docs.stripe.com/webhooks',
  // https://docs.stripe.com/webhooks#verify-manually: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`;
  // Stripe's own libraries refuse signatures more than 300 seconds old.
  signature: {
    kind: 'hmac',
    header: 'Stripe-Signature',
    algorithm: 'sha256',
    encoding: 'hex',
    prefix: 'v1=',
    signs: { timestamp: { key: 't' }, separator: '.', toleranceSeconds: 300 },
  },
  event: fromField('type'),
  deliveryId: fromField('id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
