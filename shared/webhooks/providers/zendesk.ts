import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { fromField, schemaProvider, STALE_AFTER_SECONDS, type Provider } from '../provider';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Zendesk webhooks subscribed to Zendesk events: one envelope (`type` "zen:event-type:ticket.created",
 * `id`, `detail`: the ticket, user or organization; `event`: what changed) for every event, so
 * every event renders from it. Trigger and automation webhooks carry a body their owner writes,
 * which names no event: refused as not Zendesk's. The payload names no account URL, so no link.
 */
const envelope = () => z.object({
  type: z.string(),
  id: z.string(),
  detail: z.object({
    id: z.optional(z.union([z.string(), z.number()])),
    subject: z.nullish(z.string()),
    name: z.nullish(z.string()),
    status: z.nullish(z.string()),
    priority: z.nullish(z.string()),
    type: z.nullish(z.string()),
  }),
  event: z.optional(z.object({ current: z.optional(z.unknown()), previous: z.optional(z.unknown()) })),
});

/** A changed value worth showing: short text or a number; objects (a comment, a list) are not shown. */
const shown = (value: unknown) => (typeof value === 'string' && value !== '' ? escapeMarkdown(value.slice(0, 200)) : typeof value === 'number' ? String(value) : undefined);

function render(p: z.output<ReturnType<typeof envelope>>, type: string): Embed {
  const what = eventWords(type.replace(/^zen:event-type[:/]/, ''));
  const d = p.detail;
  const label = d.subject || d.name;
  const [from, to] = [shown(p.event?.previous), shown(p.event?.current)];
  return {
    title: `${what}${d.id !== undefined ? ` #${d.id}` : ''}${label ? `: ${label}` : ''}`,
    color: outcomeColor(type.split('.').at(-1), d.status),
    ...(to ? { description: from ? `${from} → ${to}` : to } : {}),
    fields: [
      ...(d.status ? [{ name: 'Status', value: escapeMarkdown(eventWords(d.status)), inline: true }] : []),
      ...(d.priority ? [{ name: 'Priority', value: escapeMarkdown(eventWords(d.priority)), inline: true }] : []),
      ...(d.type ? [{ name: 'Type', value: escapeMarkdown(eventWords(d.type)), inline: true }] : []),
    ],
  };
}

export const zendesk: Provider = schemaProvider({
  name: 'zendesk',
  displayName: 'Zendesk',
  description: 'Every Zendesk event a webhook subscribes to (tickets created, status, priority and assignee changes, comments; users; organizations...): what happened, to which ticket, from what to what.',
  docs: 'https://developer.zendesk.com/api-reference/webhooks/event-types/webhook-event-types/',
  // https://developer.zendesk.com/documentation/webhooks/verifying/: base64 HMAC-SHA256 of the
  // X-Zendesk-Webhook-Signature-Timestamp value followed by the body (no tolerance is stated).
  signature: { kind: 'hmac', header: 'X-Zendesk-Webhook-Signature', algorithm: 'sha256', encoding: 'base64', signs: { timestamp: { header: 'X-Zendesk-Webhook-Signature-Timestamp' }, separator: '', toleranceSeconds: STALE_AFTER_SECONDS } },
  event: fromField('type'),
  deliveryId: fromField('id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
