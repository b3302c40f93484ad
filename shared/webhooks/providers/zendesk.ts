import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { fromField, schemaProvider, STALE_AFTER_SECONDS, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Zendesk webhooks subscribed to Zendesk events: one envelope for every event (`type`, `id`,
 * `detail`, `event`), so all render from it. Trigger and automation webhooks send a body their
 * owner writes, which names no event: refused as not Zendesk's. No account URL, so no link.
 */
const envelope = () => {
  const tags = z.array(z.string());
  return z.object({
    detail: z.object({
      id: z.string(),
      subject: z.string(),
      name: z.string(),
      title: z.string(),
      description: z.string(),
      status: z.string(),
      priority: z.string(),
      type: z.string(),
      role: z.string(),
      via: z.object({ channel: z.string() }),
    }),
    event: z.object({
      current: z.unknown(),
      previous: z.unknown(),
      field: z.object({ title: z.string() }),
      custom_field: z.object({ title: z.string() }),
      actor: z.object({ name: z.string() }),
      comment: z.object({ body: z.string(), is_public: z.boolean(), author: z.object({ name: z.string() }) }),
      message: z.object({ body: z.string() }),
      satisfaction_score: z.object({ score: z.string(), comment: z.string() }),
      tags_added: tags,
      tags_removed: tags,
      // Some events list tags under added/removed instead.
      added: z.object({ tags }),
      removed: z.object({ tags }),
      // A ticket merged into another names it.
      target_ticket_id: z.string(),
    }),
  });
};
type Envelope = TolerantOutput<ReturnType<typeof envelope>>;

const MAX_TEXT = 1000;
/**
 * A changed value worth showing: short text, a number, yes or no, or the value an object names; lists are not shown.
 */
function shown(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? escapeMarkdown(value.slice(0, 200)) : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const named = value as Record<string, unknown>;
    return shown(named.value ?? named.name ?? named.title);
  }
  return undefined;
}
const listed = (name: string, items: string[] | undefined) =>
  items?.length ? [{ name, value: escapeMarkdown(items.join(', ')), inline: false }] : [];
const worded = (name: string, value: string | undefined) =>
  value ? [{ name, value: escapeMarkdown(eventWords(value)), inline: true }] : [];

function render(p: Envelope, type: string): Embed {
  // "zen:event-type:ticket.status_changed": a resource (ticket) and what happened to it (status changed).
  const [resource = '', ...rest] = type.replace(/^zen:event-type[:/]/, '').split('.');
  const happened = rest.length ? eventWords(rest.join(' ')).toLowerCase() : 'event';
  const d = p.detail ?? {};
  const e = p.event ?? {};
  // Tickets go by number; users, organizations and articles by name (by id when they have none).
  const isTicket = resource.endsWith('ticket');
  const number = isTicket && d.id ? ` #${d.id}` : '';
  const label = d.subject || d.name || d.title || (isTicket ? undefined : d.id);
  const [from, to] = [shown(e.previous), shown(e.current)];
  const change = from && to ? `${from} → ${to}` : from ? `${from} → none` : to;
  const text =
    e.comment?.body ??
    e.message?.body ??
    e.satisfaction_score?.comment ??
    (rest.join('.') === 'created' ? d.description : undefined);
  const author = e.comment?.author?.name ?? e.actor?.name;
  return {
    title: `${eventWords(resource || 'Zendesk')}${number} ${happened}${label ? `: ${label}` : ''}`,
    color: outcomeColor(rest.at(-1), d.status),
    ...(author ? { author: { name: author } } : {}),
    ...(text ? { description: escapeMarkdown(text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text) } : {}),
    fields: [
      ...(change ? [{ name: e.custom_field?.title ?? e.field?.title ?? 'Change', value: change, inline: false }] : []),
      ...listed('Tags added', e.tags_added ?? e.added?.tags),
      ...listed('Tags removed', e.tags_removed ?? e.removed?.tags),
      ...(e.target_ticket_id
        ? [{ name: 'Into ticket', value: `#${escapeMarkdown(e.target_ticket_id)}`, inline: true }]
        : []),
      ...(e.comment?.is_public !== undefined
        ? [{ name: 'Visibility', value: e.comment.is_public ? 'Public reply' : 'Internal note', inline: true }]
        : []),
      ...worded('Satisfaction', e.satisfaction_score?.score),
      ...worded('Status', d.status),
      ...worded('Priority', d.priority),
      ...worded('Type', d.type),
      ...worded('Role', d.role),
      ...worded('Channel', d.via?.channel),
    ],
  };
}

export const zendesk: Provider = schemaProvider({
  name: 'zendesk',
  displayName: 'Zendesk',
  description:
    'Every Zendesk event a webhook subscribes to (tickets created, status, priority and assignee changes, ' +
    'comments, tags; users; organizations; articles...): what happened, to which ticket, from what to what, ' +
    'who did it and what they wrote.',
  docs: 'https://developer.zendesk.com/api-reference/webhooks/event-types/webhook-event-types/',
  // https://developer.zendesk.com/documentation/webhooks/verifying/: base64 HMAC-SHA256 of the
  // X-Zendesk-Webhook-Signature-Timestamp value followed by the body (no tolerance is stated).
  signature: {
    kind: 'hmac',
    header: 'X-Zendesk-Webhook-Signature',
    algorithm: 'sha256',
    encoding: 'base64',
    signs: {
      timestamp: { header: 'X-Zendesk-Webhook-Signature-Timestamp' },
      separator: '',
      toleranceSeconds: STALE_AFTER_SECONDS,
    },
  },
  event: fromField('type'),
  deliveryId: fromField('id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
