import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, firstOf, fromField, fromHeader, schemaProvider, type Locator, type Provider } from '../provider';
import type { Tolerant, TolerantOutput } from '../tolerantRead';
import { jiraOtherRenderers, jiraOtherSchemas } from './jiraOther';
import { browseUrl, jiraParts, type JiraPerson } from './jiraParts';
import { entryOf } from '../render/entryOf';

export { browseUrl } from './jiraParts';

/**
 * Jira webhooks: the event is the body's `webhookEvent`, inferred from the body when Automation or
 * Server leaves it out (`inferredEvent`); the delivery id is Cloud's
 * X-Atlassian-Webhook-Identifier. Fields vary by site, so only the shown ones are read, tolerantly;
 * links, projects, versions and work logs are in jiraOther.ts.
 */

const issueSchemas = () => {
  const { person, issue, change, comment } = jiraParts();
  // Server sends a comment's events inside jira:issue_updated
  // (issue_event_type_name issue_commented...), with the comment beside the issue.
  const issueEvent = z.object({
    issue,
    user: person,
    issue_event_type_name: z.string(),
    changelog: z.object({ items: z.array(change) }),
    comment,
  });
  // Jira Server sends comment events without the issue; Cloud includes it.
  const commentEvent = z.object({ issue, comment, user: person });
  return {
    'jira:issue_created': issueEvent,
    'jira:issue_updated': issueEvent,
    'jira:issue_deleted': issueEvent,
    comment_created: commentEvent,
    comment_updated: commentEvent,
    comment_deleted: commentEvent,
  };
};
const schemas = () => ({ ...issueSchemas(), ...jiraOtherSchemas() });

type IssueEvents = ReturnType<typeof issueSchemas>;
type Payload<E extends keyof IssueEvents> = TolerantOutput<IssueEvents[E]>;
type Issue = Payload<'jira:issue_created'>['issue'];
type Change = NonNullable<NonNullable<Payload<'jira:issue_updated'>['changelog']>['items']>[number];
type Comment = Payload<'comment_created'>['comment'];

const MAX_CHANGES = 10;
const MAX_TEXT = 500;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

const author = (...people: Tolerant<JiraPerson>[]) => {
  const name = people.find((person) => person?.displayName)?.displayName;
  return name ? { author: { name } } : {};
};
/** The issue's page, when the payload has what builds it. */
const issueUrl = (item: Issue) => (item?.self && item.key ? browseUrl({ self: item.self, key: item.key }) : undefined);
const project = (item: Issue) => (item?.fields?.project?.key ? `[${item.fields.project.key}] ` : '');
/** "KEY summary", or what there is of it. */
const subject = (item: Issue) => [item?.key, item?.fields?.summary].filter(Boolean).join(' ');

function issueFields(item: Issue): NonNullable<Embed['fields']> {
  const { issuetype, status, priority, assignee } = item?.fields ?? {};
  const priorityName = typeof priority === 'string' ? priority : priority?.name;
  return [
    ...(issuetype?.name ? [{ name: 'Type', value: escapeMarkdown(issuetype.name), inline: true }] : []),
    ...(status?.name ? [{ name: 'Status', value: escapeMarkdown(status.name), inline: true }] : []),
    ...(priorityName ? [{ name: 'Priority', value: escapeMarkdown(priorityName), inline: true }] : []),
    ...(assignee?.displayName ? [{ name: 'Assignee', value: escapeMarkdown(assignee.displayName), inline: true }] : []),
  ];
}
const withFields = (list: NonNullable<Embed['fields']>) => (list.length ? { fields: list } : {});

/** A change's new value: `toString` is an own field of the item, not Object's method, even when Jira left it out. */
const after = (item: Change | undefined) =>
  item && Object.hasOwn(item, 'toString') && typeof item.toString === 'string' ? item.toString : undefined;

/** "status: Open → Done" per changelog item; `→ (none)` when a field was cleared. */
function changeLines(items: Change[]): string {
  const named = items.filter((item) => item.field);
  const lines = named.slice(0, MAX_CHANGES).map((item) => {
    const to = after(item);
    return (
      `**${escapeMarkdown(item.field ?? '')}**: ` +
      `${item.fromString ? `${escapeMarkdown(clip(item.fromString))} → ` : ''}` +
      `${to ? escapeMarkdown(clip(to)) : '(none)'}`
    );
  });
  return lines.join('\n') + (named.length > MAX_CHANGES ? `\nand ${named.length - MAX_CHANGES} more` : '');
}

/** What happened to an issue, as its title says it, and the colour it reads in. */
interface IssueAction {
  words: string;
  color: number;
}

/** Jira's own names of what an update was (issue_event_type_name), in words. */
const UPDATE_TYPES: Record<string, IssueAction> = {
  issue_resolved: { words: 'Issue resolved', color: COLORS.closed },
  issue_closed: { words: 'Issue closed', color: COLORS.closed },
  issue_reopened: { words: 'Issue reopened', color: COLORS.created },
  issue_work_started: { words: 'Work started on issue', color: COLORS.info },
  issue_work_stopped: { words: 'Work stopped on issue', color: COLORS.info },
  issue_moved: { words: 'Issue moved', color: COLORS.info },
};

/** An update in words: Jira's name for it when it gives one, else what its changelog changed. */
function updateAction(p: Payload<'jira:issue_updated'>): IssueAction {
  const items = p.changelog?.items ?? [];
  const only = items.length === 1 ? items[0] : undefined;
  const assignee = items.find((i) => i.field === 'assignee');
  const status = items.find((i) => i.field === 'status');
  const resolution = items.find((i) => i.field === 'resolution');
  const known = entryOf(UPDATE_TYPES, p.issue_event_type_name ?? '');
  if (known) return known;
  if (p.issue_event_type_name === 'issue_assigned' || (assignee && only)) {
    const to = after(assignee);
    return {
      words: to ? `Issue assigned to ${to}` : assignee ? 'Issue unassigned' : 'Issue assigned',
      color: COLORS.info,
    };
  }
  // Done (by a resolution set or a status whose category is done) reads as closed; a resolution cleared as reopened.
  if (resolution)
    return after(resolution)
      ? { words: 'Issue resolved', color: COLORS.closed }
      : { words: 'Issue reopened', color: COLORS.created };
  if (status)
    return {
      words: after(status) ? `Issue moved to ${after(status)}` : 'Issue status changed',
      color: p.issue?.fields?.status?.statusCategory?.key === 'done' ? COLORS.closed : COLORS.info,
    };
  if (only?.field === 'summary') return { words: 'Issue renamed', color: COLORS.info };
  return { words: 'Issue updated', color: COLORS.info };
}

/** What a comment event did: how its title reads with and without the issue it is on. */
interface CommentAction {
  on: string;
  alone: string;
  color: number;
  showsText: boolean;
}
const COMMENT_ACTIONS: Record<'created' | 'updated' | 'deleted', CommentAction> = {
  created: { on: 'Comment on', alone: 'Comment added', color: COLORS.info, showsText: true },
  updated: { on: 'Comment edited on', alone: 'Comment edited', color: COLORS.info, showsText: true },
  // A deleted comment's text is not posted again.
  deleted: { on: 'Comment deleted on', alone: 'Comment deleted', color: COLORS.neutral, showsText: false },
};
/** Server's names, inside jira:issue_updated, of comment events. */
const COMMENT_TYPES: Record<string, CommentAction> = {
  issue_commented: COMMENT_ACTIONS.created,
  issue_comment_edited: COMMENT_ACTIONS.updated,
  issue_comment_deleted: COMMENT_ACTIONS.deleted,
};

/**
 * A comment on an issue (or on an issue the payload does not name): the issue, the text, a link focused on the comment.
 */
function commentEmbed(action: CommentAction, issue: Issue, comment: Comment, ...people: Tolerant<JiraPerson>[]): Embed {
  const on = subject(issue);
  const url = issueUrl(issue);
  const text = action.showsText && comment?.body ? escapeMarkdown(clip(comment.body)) : '';
  // A deleted comment's text is not posted again, but whose it was
  // is said when the author line names someone else (or no one).
  const writer = !action.showsText ? comment?.author?.displayName : undefined;
  const shown = author(...people).author?.name;
  return {
    title: `${project(issue)}${on ? `${action.on} ${on}` : action.alone}`,
    ...(url ? { url: comment?.id ? `${url}?focusedCommentId=${encodeURIComponent(comment.id)}` : url } : {}),
    ...author(...people),
    color: action.color,
    ...(text ? { description: text } : {}),
    ...(writer && writer !== shown
      ? { fields: [{ name: 'Written by', value: escapeMarkdown(writer), inline: true }] }
      : {}),
  };
}

function issueEmbed(words: string, color: number, p: Payload<'jira:issue_updated'>, description?: string): Embed {
  const url = issueUrl(p.issue);
  const on = subject(p.issue);
  return {
    title: `${project(p.issue)}${words}${on ? `: ${on}` : ''}`,
    ...(url ? { url } : {}),
    ...author(p.user),
    color,
    ...(description ? { description } : {}),
    ...withFields(issueFields(p.issue)),
  };
}

const renderers: { [E in keyof IssueEvents]: (p: Payload<E>) => Embed } = {
  'jira:issue_created': (p) => issueEmbed('Issue created', COLORS.created, p),
  'jira:issue_updated': (p) => {
    const items = p.changelog?.items ?? [];
    // An older Server names no event type; a comment and no change is then a comment.
    const comment =
      entryOf(COMMENT_TYPES, p.issue_event_type_name ?? '') ??
      (!p.issue_event_type_name && p.comment && !items.length ? COMMENT_ACTIONS.created : undefined);
    if (comment) return commentEmbed(comment, p.issue, p.comment, p.comment?.updateAuthor, p.comment?.author, p.user);
    const { words, color } = updateAction(p);
    return issueEmbed(words, color, p, items.length ? changeLines(items) : undefined);
  },
  'jira:issue_deleted': (p) => issueEmbed('Issue deleted', COLORS.closed, p),
  comment_created: (p) =>
    commentEmbed(COMMENT_ACTIONS.created, p.issue, p.comment, p.comment?.author, p.comment?.updateAuthor, p.user),
  comment_updated: (p) =>
    commentEmbed(COMMENT_ACTIONS.updated, p.issue, p.comment, p.comment?.updateAuthor, p.comment?.author, p.user),
  // Who deleted it is the delivery's user (when Jira names one), not the comment's author.
  comment_deleted: (p) => commentEmbed(COMMENT_ACTIONS.deleted, p.issue, p.comment, p.user),
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

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
    const typeName = body.issue_event_type_name;
    if (typeName === 'issue_created' || typeName === 'issue_deleted') return `jira:${typeName}`;
    if (isObject(body.comment)) return 'comment_created';
    return isObject(body.issue) ? 'jira:issue_updated' : undefined;
  },
};

export const jira: Provider = schemaProvider({
  name: 'jira',
  displayName: 'Jira',
  description:
    'Issues created, updated (assigned, moved, resolved, closed, reopened: what changed), deleted; comments ' +
    'added, edited, deleted; issue links; projects and versions created, updated, released, deleted; work ' +
    'logged. With type, status, priority and assignee.',
  docs: 'https://developer.atlassian.com/cloud/jira/platform/webhooks/',
  // "Secure admin webhooks" (same page): an admin webhook saved with a
  // secret carries X-Hub-Signature: sha256=<hex HMAC-SHA256 of the body>.
  signature: { kind: 'hmac', header: 'X-Hub-Signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: firstOf(fromField('webhookEvent'), inferredEvent),
  deliveryId: fromHeader('X-Atlassian-Webhook-Identifier'),
  schemas,
  renderers: { ...renderers, ...jiraOtherRenderers },
});
