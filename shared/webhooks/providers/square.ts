import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { fromField, schemaProvider, type Provider } from '../provider';
import { money } from '../render/money';
import { eventWords, outcomeColor } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';

/**
 * Square: every event is one envelope (`type`, `event_id`, `data: { type, id, object: { <type>: {...} } }`),
 * so every event type renders from it: what happened, the amount and status where the object has
 * them, a customer's name (never their e-mail or phone: a channel is no place for them).
 */

/** The envelope and the fields of its object shown, built on the first delivery, not at import. */
const envelope = () => {
  const amount = z.object({ amount: z.number(), currency: z.string() });
  const object = z.object({
    status: z.string(),
    state: z.string(),
    amount_money: amount,
    total_money: amount,
    total_amount_money: amount,
    approved_money: amount,
    given_name: z.string(),
    family_name: z.string(),
    name: z.string(),
    title: z.string(),
    reference_id: z.string(),
    order_id: z.string(),
    customer_id: z.string(),
    location_id: z.string(),
  });
  return z.object({
    location_id: z.string(),
    data: z.object({ type: z.string(), id: z.string(), object: z.record(z.string(), object) }),
  });
};
type Envelope = TolerantOutput<ReturnType<typeof envelope>>;

const idField = (name: string, id: string | undefined) => (id ? [{ name, value: inlineCode(id), inline: true }] : []);

function render(p: Envelope, type: string): Embed {
  const data = p.data ?? {};
  // The object sits under its type's name ("payment"); some events name it otherwise, but hold only it.
  const objects = Object.values(data.object ?? {});
  const o = (data.type ? data.object?.[data.type] : undefined) ?? (objects.length === 1 ? objects[0] : undefined);
  const total = [o?.total_money, o?.amount_money, o?.total_amount_money, o?.approved_money].find(
    (m) => m?.amount !== undefined && m.currency,
  );
  // A customer is named by name, never by e-mail or phone; other objects by their name, title or reference.
  const name = [o?.given_name, o?.family_name].filter(Boolean).join(' ') || o?.name || o?.title || o?.reference_id;
  const status = o?.status || o?.state;
  const price = total?.amount !== undefined && total.currency ? money(total.amount, total.currency) : undefined;
  return {
    // "Payment updated: $10.00", "Customer created: Amelia Earhart" (the amount then in a field).
    title: `${eventWords(type)}${name || price ? `: ${name || price}` : ''}`,
    color: outcomeColor(type.split('.').at(-1), status),
    fields: [
      ...(name && price ? [{ name: 'Amount', value: escapeMarkdown(price), inline: true }] : []),
      ...idField(data.type ? eventWords(data.type) : 'Object', data.id),
      ...(status ? [{ name: 'Status', value: escapeMarkdown(eventWords(status)), inline: true }] : []),
      ...idField('Order', o?.order_id),
      ...idField('Customer', o?.customer_id),
      ...idField('Location', p.location_id || o?.location_id),
    ],
  };
}

export const square: Provider = schemaProvider({
  name: 'square',
  displayName: 'Square',
  description:
    'Every event (payments, refunds, orders, invoices, customers, subscriptions...): what happened to what ' +
    '(named), the amount, status, order, customer and location.',
  docs: 'https://developer.squareup.com/docs/webhooks/overview',
  // https://developer.squareup.com/docs/webhooks/step3validate: base64 HMAC-SHA256 of the
  // notification URL (as subscribed: the relay URL) followed by the raw body.
  signature: {
    kind: 'hmac',
    header: 'x-square-hmacsha256-signature',
    algorithm: 'sha256',
    encoding: 'base64',
    signs: { url: 'before body' },
  },
  event: fromField('type'),
  deliveryId: fromField('event_id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
