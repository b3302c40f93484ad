import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { fromField, schemaProvider, type Provider } from '../provider';
import { money } from '../render/money';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Square: every event is one envelope (`type`, `event_id`, `data: { type, id, object: { <type>: {...} } }`),
 * so every event type renders from it: what happened, the amount and status where the object has
 * them, a customer's name (never their e-mail or phone: a channel is no place for them).
 */

/** The parts of the envelope, built with it on the first delivery, not at import. */
const parts = () => {
  const amount = z.nullish(z.object({ amount: z.number(), currency: z.string() }));
  const object = z.object({
    status: z.nullish(z.string()),
    amount_money: amount,
    total_money: amount,
    given_name: z.nullish(z.string()),
    family_name: z.nullish(z.string()),
    location_id: z.nullish(z.string()),
  });
  return { amount, object };
};

const envelope = () => {
  const { object } = parts();
  return z.object({
    type: z.string(),
    merchant_id: z.nullish(z.string()),
    data: z.object({ type: z.string(), id: z.string(), object: z.nullish(z.record(z.string(), z.nullish(object))) }),
  });
};

function render(p: z.output<ReturnType<typeof envelope>>, type: string): Embed {
  const o = p.data.object?.[p.data.type] ?? undefined;
  const total = o?.total_money ?? o?.amount_money;
  const name = [o?.given_name, o?.family_name].filter(Boolean).join(' ');
  return {
    title: `${eventWords(type)}${total ? `: ${money(total.amount, total.currency)}` : ''}`,
    color: outcomeColor(type.split('.').at(-1), o?.status),
    ...(name ? { description: escapeMarkdown(name) } : {}),
    fields: [
      { name: eventWords(p.data.type), value: inlineCode(p.data.id), inline: true },
      ...(o?.status ? [{ name: 'Status', value: escapeMarkdown(eventWords(o.status)), inline: true }] : []),
      ...(o?.location_id ? [{ name: 'Location', value: inlineCode(o.location_id), inline: true }] : []),
    ],
  };
}

export const square: Provider = schemaProvider({
  name: 'square',
  displayName: 'Square',
  description: 'Every event (payments, refunds, orders, invoices, customers, subscriptions...): what happened, the amount, status and location.',
  docs: 'https://developer.squareup.com/docs/webhooks/overview',
  // https://developer.squareup.com/docs/webhooks/step3validate: base64 HMAC-SHA256 of the
  // notification URL (as subscribed: the relay URL) followed by the raw body.
  signature: { kind: 'hmac', header: 'x-square-hmacsha256-signature', algorithm: 'sha256', encoding: 'base64', signs: { url: 'before body' } },
  event: fromField('type'),
  deliveryId: fromField('event_id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
