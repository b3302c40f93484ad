import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, changedFields, firstOf, fromField, fromHeader, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Linear data-change webhooks: the event is the Linear-Event header, the change the body's
 * `action`, the delivery id Linear-Delivery; an update's `updatedFrom` holds the changed fields'
 * previous values. Entities without a renderer of their own are said by type and name.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const actor = z.object({ name: z.string(), url: z.string() });
  const named = z.object({ name: z.string() });
  // `updatedFrom` read as sent: a field that was null before the change is a change too.
  const envelope = { action: z.string(), actor, url: z.string(), updatedFrom: z.unknown() };
  return { actor, named, envelope };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { named, envelope } = parts();
  return {
    Issue: z.object({
      ...envelope,
      // Loose: an update is told from Linear's earlier habit of
      // listing unchanged fields by comparing with the current values.
      data: z.looseObject({
        title: z.string(),
        // Older deliveries have no identifier: it is the team's key and the issue's number.
        identifier: z.string(),
        number: z.number(),
        team: z.object({ key: z.string(), name: z.string() }),
        state: z.object({ name: z.string(), type: z.string() }),
        assignee: named,
        project: named,
        priorityLabel: z.string(),
        priority: z.number(),
        labels: z.array(named),
        cycle: z.object({ name: z.string(), number: z.number() }),
        description: z.string(),
      }),
    }),
    Comment: z.object({
      ...envelope,
      data: z.object({ body: z.string(), issue: z.object({ title: z.string(), identifier: z.string() }), user: named }),
    }),
    Project: z.object({
      ...envelope,
      data: z.object({
        name: z.string(),
        description: z.string(),
        status: named,
        lead: named,
        startDate: z.string(),
        targetDate: z.string(),
        url: z.string(),
      }),
    }),
    ProjectUpdate: z.object({
      ...envelope,
      data: z.object({
        body: z.string(),
        health: z.string(),
        project: z.object({ name: z.string(), url: z.string() }),
        user: named,
      }),
    }),
  };
};

/** Any other entity (Cycle, IssueLabel, Reaction, Document...): what names it and what it says. */
const otherEntity = () => {
  const { envelope } = parts();
  return z.object({
    ...envelope,
    data: z.object({
      identifier: z.string(),
      title: z.string(),
      name: z.string(),
      number: z.number(),
      emoji: z.string(),
      body: z.string(),
      description: z.string(),
    }),
  });
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;

const ACTIONS: Record<string, string> = { create: 'created', update: 'updated', remove: 'removed' };
/** Linear's priority numbers, for deliveries without `priorityLabel`. */
const PRIORITIES: Record<number, string> = { 0: 'No priority', 1: 'Urgent', 2: 'High', 3: 'Medium', 4: 'Low' };
const done = (action: string | undefined) =>
  action ? (entryOf(ACTIONS, action) ?? eventWords(action).toLowerCase()) : 'updated';
/** Bookkeeping Linear records in `updatedFrom` that nobody wants to read about. */
const BOOKKEEPING = new Set([
  'updatedAt',
  'sortOrder',
  'boardOrder',
  'prioritySortOrder',
  'subIssueSortOrder',
  'descriptionData',
  'startedAt',
  'editedAt',
]);
const MAX_TEXT = 500;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);
const by = (a: TolerantOutput<Parts['actor']> | undefined) =>
  a?.name ? { author: { name: a.name, ...(a.url ? { url: a.url } : {}) } } : {};
const link = (url: string | undefined) => (url ? { url } : {});
const field = (name: string, value: string | undefined) =>
  value ? [{ name, value: escapeMarkdown(value), inline: true }] : [];
const withFields = (list: NonNullable<Embed['fields']>) => (list.length ? { fields: list } : {});
const said = (text: string | undefined) => (text ? { description: escapeMarkdown(clip(text)) } : {});

/**
 * The fields an update really changed, with the `Id` of the ones Linear keys by id dropped:
 * earlier deliveries list unchanged empty fields too (`estimate: null` beside no estimate).
 */
function changes(updatedFrom: unknown, current: Record<string, unknown>): Record<string, unknown> {
  const before =
    updatedFrom !== null && typeof updatedFrom === 'object' && !Array.isArray(updatedFrom) ? updatedFrom : {};
  const real = Object.entries(before).filter(
    ([key, before]) => !BOOKKEEPING.has(key) && (before ?? null) !== (current[key] ?? null),
  );
  return Object.fromEntries(real.map(([key, value]) => [key.replace(/Ids?$/, ''), value]));
}

/** Finished work reads as merged, cancelled or removed as closed, new as created. */
function issueColor(p: Payload<'Issue'>): number {
  if (p.action === 'remove' || p.data?.state?.type === 'canceled') return COLORS.closed;
  if (p.data?.state?.type === 'completed') return COLORS.merged;
  return p.action === 'create' ? COLORS.created : COLORS.info;
}

/** An issue update in words: a new state or assignee when that is what changed, else "updated". */
function issueAction(p: Payload<'Issue'>, changed: string[]): string {
  if (p.action !== 'update') return `Issue ${done(p.action)}`;
  if (changed.includes('state') && p.data?.state?.name) return `Issue moved to ${p.data.state.name}`;
  if (changed.length === 1 && changed[0] === 'assignee')
    return p.data?.assignee?.name ? `Issue assigned to ${p.data.assignee.name}` : 'Issue unassigned';
  return 'Issue updated';
}

/** How a comment's (or project update's) title reads for each action; a deleted one's text is not posted again. */
const COMMENT_WORDS: Record<string, string> = { create: '', update: ' edited', remove: ' deleted' };
const HEALTH: Record<string, string> = { onTrack: 'On track', atRisk: 'At risk', offTrack: 'Off track' };

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  Issue: (p) => {
    const data = p.data ?? {};
    const id =
      data.identifier ?? (data.team?.key && data.number !== undefined ? `${data.team.key}-${data.number}` : undefined);
    const changed = p.action === 'update' ? changes(p.updatedFrom, data) : {};
    const subject = [id, data.title].filter(Boolean).join(' ');
    return {
      title:
        `${data.team?.name ? `[${data.team.name}] ` : ''}${issueAction(p, Object.keys(changed))}` +
        `${subject ? `: ${subject}` : ''}`,
      ...link(p.url),
      ...by(p.actor),
      color: issueColor(p),
      // A new issue shows its description; an update what changed.
      ...(p.action === 'create' ? said(data.description) : changedFields(changed)),
      ...withFields([
        ...field('State', data.state?.name),
        ...field(
          'Priority',
          data.priorityLabel ?? (data.priority !== undefined ? entryOf(PRIORITIES, data.priority) : undefined),
        ),
        ...field('Assignee', data.assignee?.name),
        ...field('Project', data.project?.name),
        ...field(
          'Cycle',
          data.cycle?.name || (data.cycle?.number !== undefined ? `Cycle ${data.cycle.number}` : undefined),
        ),
        ...(data.labels?.some((label) => label.name)
          ? [
              {
                name: 'Labels',
                value: data.labels.flatMap((label) => (label.name ? [escapeMarkdown(label.name)] : [])).join(', '),
                inline: true,
              },
            ]
          : []),
      ]),
    };
  },
  Comment: (p) => {
    const issue = p.data?.issue;
    const on = [issue?.identifier, issue?.title].filter(Boolean).join(' ');
    const words = entryOf(COMMENT_WORDS, p.action ?? '') ?? ` ${done(p.action)}`;
    return {
      title: on ? `Comment${words} on ${on}` : words ? `Comment${words}` : 'Comment added',
      ...link(p.url),
      ...by(p.actor ?? p.data?.user),
      color: p.action === 'remove' ? COLORS.neutral : COLORS.info,
      ...(p.action === 'remove' ? {} : said(p.data?.body)),
    };
  },
  Project: (p) => {
    const data = p.data ?? {};
    const changed = p.action === 'update' ? Object.keys(changes(p.updatedFrom, data)) : [];
    const words =
      changed.includes('status') && data.status?.name
        ? `Project status set to ${data.status.name}`
        : `Project ${done(p.action)}`;
    return {
      title: `${words}${data.name ? `: ${data.name}` : ''}`,
      ...link(p.url ?? data.url),
      ...by(p.actor),
      color: p.action === 'remove' ? COLORS.closed : p.action === 'create' ? COLORS.created : COLORS.info,
      ...(p.action === 'update' && !changed.includes('description')
        ? changedFields(Object.fromEntries(changed.map((key) => [key, true])))
        : said(data.description)),
      ...withFields([
        ...field('Status', data.status?.name),
        ...field('Lead', data.lead?.name),
        ...field('Start date', data.startDate),
        ...field('Target date', data.targetDate),
      ]),
    };
  },
  ProjectUpdate: (p) => {
    const project = p.data?.project;
    const words = entryOf(COMMENT_WORDS, p.action ?? '') ?? ` ${done(p.action)}`;
    const health = p.data?.health ? (entryOf(HEALTH, p.data.health) ?? eventWords(p.data.health)) : undefined;
    return {
      title: `Project update${words || ' posted'}${project?.name ? ` on ${project.name}` : ''}`,
      ...link(p.url ?? project?.url),
      ...by(p.actor ?? p.data?.user),
      color:
        p.action === 'remove'
          ? COLORS.neutral
          : p.data?.health === 'offTrack'
            ? COLORS.closed
            : p.data?.health === 'atRisk'
              ? COLORS.warning
              : COLORS.info,
      ...(p.action === 'remove' ? {} : said(p.data?.body)),
      ...withFields(field('Health', health)),
    };
  },
};

/** Any other entity by its type and name: "Cycle created: Cycle 3", "Issue label created: Bug". */
function renderOther(p: TolerantOutput<ReturnType<typeof otherEntity>>, type: string): Embed {
  const data = p.data ?? {};
  const name =
    [data.identifier, data.title].filter(Boolean).join(' ') ||
    data.name ||
    data.emoji ||
    (data.number !== undefined ? `${eventWords(type)} ${data.number}` : '');
  return {
    title: `${eventWords(type)} ${done(p.action)}${name ? `: ${name}` : ''}`,
    ...link(p.url),
    ...by(p.actor),
    color: p.action === 'remove' ? COLORS.neutral : p.action === 'create' ? COLORS.created : COLORS.info,
    ...(p.action === 'remove' ? {} : said(data.body ?? data.description)),
  };
}

export const linear: Provider = schemaProvider({
  name: 'linear',
  displayName: 'Linear',
  description:
    'Issues created, updated (moved, assigned: what changed) or removed, with state, priority, assignee, ' +
    'project and labels; comments with their text; projects (status, lead, dates) and project updates ' +
    '(health); any other entity by its name.',
  docs: 'https://linear.app/developers/webhooks',
  // "Securing webhooks" on the same page: Linear-Signature is the hex
  // HMAC-SHA256 of the raw body, keyed with the webhook's signing secret.
  signature: { kind: 'hmac', header: 'Linear-Signature', algorithm: 'sha256', encoding: 'hex' },
  event: firstOf(fromHeader('Linear-Event'), fromField('type')),
  deliveryId: fromHeader('Linear-Delivery'),
  schemas,
  renderers,
  everyOtherEvent: { schema: otherEntity, render: renderOther },
});
