import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, firstOf, fromField, fromHeader, schemaProvider, type Locator, type Provider } from '../provider';

/**
 * Jira (Cloud, Server and Data Center) webhooks: the event is the body's `webhookEvent`
 * ("jira:issue_created", "jira:issue_updated", "comment_created", ...), the delivery id Jira
 * Cloud's X-Atlassian-Webhook-Identifier header. Issue fields vary by site (custom fields, a
 * `priority` that older payloads send as a plain string), so only the fields shown are read.
 * Jira Automation's "Send web request" and some Server/Data Center deliveries leave
 * `webhookEvent` out; the event is then inferred from what the body holds (see `inferredEvent`).
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const named = z.object({ name: z.string() });
  const person = z.nullish(z.object({ displayName: z.string() }));

  const issue = z.object({
    key: z.string(),
    // The REST URL of the issue, whose host (and context path) the browse URL is built from.
    self: z.string(),
    fields: z.object({
      summary: z.string(),
      issuetype: z.nullish(named),
      project: z.nullish(z.object({ key: z.string(), name: z.string() })),
      status: z.nullish(z.object({ name: z.string(), statusCategory: z.nullish(z.object({ key: z.string() })) })),
      priority: z.nullish(z.union([z.string(), named])),
      assignee: person,
    }),
  });

  const change = z.object({ field: z.string(), fromString: z.nullish(z.string()), toString: z.nullish(z.string()) });
  return { named, person, issue, change };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { person, issue, change } = parts();
  return {
    'jira:issue_created': z.object({ issue, user: person }),
    'jira:issue_updated': z.object({ issue, user: person, changelog: z.nullish(z.object({ items: z.array(change) })) }),
    // Jira Server sends comment events without the issue; Cloud includes it.
    comment_created: z.object({ issue: z.optional(issue), comment: z.object({ body: z.string(), author: person, updateAuthor: person }) }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type Issue = z.output<Parts['issue']>;

/** `https://host/jira/rest/api/2/issue/1` -> `https://host/jira/browse/KEY`: the issue's page. */
export function browseUrl(item: Pick<Issue, 'self' | 'key'>): string | undefined {
  let url: URL;
  try {
    url = new URL(item.self);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const base = url.pathname.split('/rest/')[0] ?? '';
  return `${url.origin}${base}/browse/${encodeURIComponent(item.key)}`;
}

const MAX_CHANGES = 10;
const MAX_TEXT = 500;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

const author = (user: z.output<Parts['person']>) => (user ? { author: { name: user.displayName } } : {});
const link = (item: Issue) => {
  const url = browseUrl(item);
  return url ? { url } : {};
};
const project = (item: Issue) => (item.fields.project ? `[${item.fields.project.key}] ` : '');

function issueFields(item: Issue): NonNullable<Embed['fields']> {
  const { issuetype, status, priority, assignee } = item.fields;
  const priorityName = typeof priority === 'string' ? priority : priority?.name;
  return [
    ...(issuetype ? [{ name: 'Type', value: escapeMarkdown(issuetype.name), inline: true }] : []),
    ...(status ? [{ name: 'Status', value: escapeMarkdown(status.name), inline: true }] : []),
    ...(priorityName ? [{ name: 'Priority', value: escapeMarkdown(priorityName), inline: true }] : []),
    ...(assignee ? [{ name: 'Assignee', value: escapeMarkdown(assignee.displayName), inline: true }] : []),
  ];
}
const withFields = (list: NonNullable<Embed['fields']>) => (list.length ? { fields: list } : {});

/** "status: Open → Done" per changelog item; `→ (none)` when a field was cleared. */
function changeLines(items: z.output<Parts['change']>[]): string {
  const lines = items.slice(0, MAX_CHANGES).map((item) => `**${escapeMarkdown(item.field)}**: ${item.fromString ? `${escapeMarkdown(clip(item.fromString))} → ` : ''}${item.toString ? escapeMarkdown(clip(item.toString)) : '(none)'}`);
  return lines.join('\n') + (items.length > MAX_CHANGES ? `\nand ${items.length - MAX_CHANGES} more` : '');
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'jira:issue_created': (p) => ({
    title: `${project(p.issue)}Issue created: ${p.issue.key} ${p.issue.fields.summary}`,
    ...link(p.issue),
    ...author(p.user),
    color: COLORS.created,
    ...withFields(issueFields(p.issue)),
  }),
  'jira:issue_updated': (p) => {
    const items = p.changelog?.items ?? [];
    // Done (by the status category or a resolution set) reads as closed; reopening as created; anything else as an update.
    const done = items.some((i) => (i.field === 'status' && p.issue.fields.status?.statusCategory?.key === 'done') || (i.field === 'resolution' && i.toString));
    const reopened = items.some((i) => i.field === 'resolution' && !i.toString);
    return {
      title: `${project(p.issue)}Issue updated: ${p.issue.key} ${p.issue.fields.summary}`,
      ...link(p.issue),
      ...author(p.user),
      color: done ? COLORS.closed : reopened ? COLORS.created : COLORS.info,
      ...(items.length ? { description: changeLines(items) } : {}),
      ...withFields(issueFields(p.issue)),
    };
  },
  comment_created: (p) => ({
    title: p.issue ? `${project(p.issue)}New comment on ${p.issue.key} ${p.issue.fields.summary}` : 'New comment',
    ...(p.issue ? link(p.issue) : {}),
    ...author(p.comment.author ?? p.comment.updateAuthor),
    color: COLORS.info,
    description: escapeMarkdown(clip(p.comment.body)),
  }),
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The event of a body without `webhookEvent`: its `issue_event_type_name` when that is a creation
 * or deletion, a comment when it carries one, else an issue update when it carries an issue, so a
 * delivery that names no event still renders as what it shows.
 */
const inferredEvent: Locator = {
  describe: 'an issue or comment to infer the event from',
  headers: [],
  find(_delivery, json) {
    const body = json();
    if (!isObject(body)) return undefined;
    const typeName = body['issue_event_type_name'];
    if (typeName === 'issue_created' || typeName === 'issue_deleted') return `jira:${typeName}`;
    if (isObject(body['comment'])) return 'comment_created';
    return isObject(body['issue']) ? 'jira:issue_updated' : undefined;
  },
};

export const jira: Provider = schemaProvider({
  name: 'jira',
  displayName: 'Jira',
  description: 'Issues created and updated (what changed: status, summary, assignee...) and new comments, with type, status, priority and assignee.',
  docs: 'https://developer.atlassian.com/cloud/jira/platform/webhooks/',
  // "Secure admin webhooks" (same page): an admin webhook saved with a secret carries X-Hub-Signature: sha256=<hex HMAC-SHA256 of the body>.
  signature: { kind: 'hmac', header: 'X-Hub-Signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: firstOf(fromField('webhookEvent'), inferredEvent),
  deliveryId: fromHeader('X-Atlassian-Webhook-Identifier'),
  schemas,
  renderers,
});
