import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, changedFields, firstOf, fromField, fromHeader, schemaProvider, type Provider } from '../provider';

/**
 * Linear data-change webhooks: the event is the Linear-Event header (the body's `type` too:
 * "Issue", "Comment", ...), what happened the body's `action` ("create", "update", "remove"),
 * the delivery id Linear-Delivery. `data` is the entity after the change; an update's
 * `updatedFrom` holds the previous values of the fields that changed.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const actor = z.optional(z.object({ name: z.string(), url: z.optional(z.string()) }));
  const named = z.object({ name: z.string() });
  return { actor, named };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { actor, named } = parts();
  return {
    Issue: z.object({
      action: z.string(),
      actor,
      url: z.optional(z.string()),
      // Loose: an update is told from Linear's earlier habit of listing unchanged fields by comparing with the current values.
      data: z.looseObject({
        title: z.string(),
        // Older deliveries have no identifier: it is the team's key and the issue's number.
        identifier: z.optional(z.string()),
        number: z.optional(z.number()),
        team: z.nullish(z.object({ key: z.string(), name: z.string() })),
        state: z.nullish(z.object({ name: z.string(), type: z.optional(z.string()) })),
        assignee: z.nullish(named),
        project: z.nullish(named),
        priorityLabel: z.optional(z.string()),
        labels: z.optional(z.array(named)),
      }),
      updatedFrom: z.optional(z.record(z.string(), z.unknown())),
    }),
    Comment: z.object({
      action: z.string(),
      actor,
      url: z.optional(z.string()),
      data: z.object({ body: z.string(), issue: z.nullish(z.object({ title: z.string(), identifier: z.optional(z.string()) })), user: z.nullish(named) }),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

const ACTIONS: Record<string, string> = { create: 'created', update: 'updated', remove: 'removed' };
const done = (action: string) => ACTIONS[action] ?? action;
/** Bookkeeping Linear records in `updatedFrom` that nobody wants to read about. */
const BOOKKEEPING = new Set(['updatedAt', 'sortOrder', 'boardOrder', 'prioritySortOrder', 'subIssueSortOrder', 'descriptionData']);
const MAX_TEXT = 500;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);
const by = (a: z.output<Parts['actor']>) => (a ? { author: { name: a.name, ...(a.url ? { url: a.url } : {}) } } : {});

/** Finished work reads as merged, cancelled or removed as closed, new as created. */
function issueColor(p: Payload<'Issue'>): number {
  if (p.action === 'remove' || p.data.state?.type === 'canceled') return COLORS.closed;
  if (p.data.state?.type === 'completed') return COLORS.merged;
  return p.action === 'create' ? COLORS.created : COLORS.info;
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  Issue: (p) => {
    const { data } = p;
    const id = data.identifier ?? (data.team && data.number !== undefined ? `${data.team.key}-${data.number}` : undefined);
    // Earlier deliveries list unchanged empty fields too (`estimate: null` beside no estimate): only real changes are named.
    const current = data as Record<string, unknown>;
    const changes = Object.fromEntries(Object.entries(p.updatedFrom ?? {}).filter(([key, before]) => !BOOKKEEPING.has(key) && (before ?? null) !== (current[key] ?? null)).map(([key, value]) => [key.replace(/Ids?$/, ''), value]));
    const fields = [
      ...(data.state ? [{ name: 'State', value: escapeMarkdown(data.state.name), inline: true }] : []),
      ...(data.priorityLabel ? [{ name: 'Priority', value: escapeMarkdown(data.priorityLabel), inline: true }] : []),
      ...(data.assignee ? [{ name: 'Assignee', value: escapeMarkdown(data.assignee.name), inline: true }] : []),
      ...(data.project ? [{ name: 'Project', value: escapeMarkdown(data.project.name), inline: true }] : []),
      ...(data.labels?.length ? [{ name: 'Labels', value: data.labels.map((label) => escapeMarkdown(label.name)).join(', '), inline: true }] : []),
    ];
    return {
      title: `${data.team ? `[${data.team.name}] ` : ''}Issue ${done(p.action)}: ${id ? `${id} ` : ''}${data.title}`,
      ...(p.url ? { url: p.url } : {}),
      ...by(p.actor),
      color: issueColor(p),
      ...(p.action === 'update' ? changedFields(changes) : {}),
      ...(fields.length ? { fields } : {}),
    };
  },
  Comment: (p) => {
    const issue = p.data.issue;
    const on = issue ? ` on ${issue.identifier ? `${issue.identifier} ` : ''}${issue.title}` : '';
    return {
      title: p.action === 'create' ? `New comment${on}` : `Comment ${done(p.action)}${on}`,
      ...(p.url ? { url: p.url } : {}),
      ...by(p.actor ?? p.data.user ?? undefined),
      color: p.action === 'remove' ? COLORS.neutral : COLORS.info,
      description: escapeMarkdown(clip(p.data.body)),
    };
  },
};

export const linear: Provider = schemaProvider({
  name: 'linear',
  displayName: 'Linear',
  description: 'Issues created, updated (what changed) or removed, with state, priority, assignee, project and labels, and comments with their text.',
  docs: 'https://linear.app/developers/webhooks',
  // "Securing webhooks" on the same page: Linear-Signature is the hex HMAC-SHA256 of the raw body, keyed with the webhook's signing secret.
  signature: { kind: 'hmac', header: 'Linear-Signature', algorithm: 'sha256', encoding: 'hex' },
  event: firstOf(fromHeader('Linear-Event'), fromField('type')),
  deliveryId: fromHeader('Linear-Delivery'),
  schemas,
  renderers,
});
