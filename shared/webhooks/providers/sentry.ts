import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * Sentry integration-platform webhooks (internal or public integrations): the event is the
 * Sentry-Hook-Resource header ("issue", "event_alert", ...), what happened to it the body's
 * `action`, the delivery id Request-ID (a fresh uuid per request, so a retry is not recognised as a
 * duplicate). Bodies are `{ action, actor, data, installation }`; only `data` differs per resource.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const actor = z.object({ type: z.string(), name: z.string() });
  /** An event as issue alerts and error webhooks carry it. */
  const event = z.object({ title: z.string(), web_url: z.string(), culprit: z.string(), level: z.string() });
  const issue = z.object({
    shortId: z.string(),
    title: z.string(),
    culprit: z.string(),
    level: z.string(),
    id: z.string(),
    // `web_url` comes with created issues; the later workflow webhooks carry the plain serialized issue.
    web_url: z.string(),
    permalink: z.string(),
    // The API url and the project's issue list name the organization, to build the page from.
    url: z.string(),
    project_url: z.string(),
    // Text or a number, as Sentry's serializers send it.
    count: z.string(),
    userCount: z.number(),
    project: z.object({ slug: z.string(), id: z.string() }),
  });
  return { actor, event, issue };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { actor, event, issue } = parts();
  return {
    issue: z.object({ action: z.string(), actor, data: z.object({ issue, assignee: z.object({ name: z.string() }) }) }),
    event_alert: z.object({ action: z.string(), data: z.object({ event, triggered_rule: z.string() }) }),
    metric_alert: z.object({
      action: z.string(),
      data: z.object({
        description_title: z.string(),
        description_text: z.string(),
        web_url: z.string(),
        metric_alert: z.object({ alert_rule: z.object({ name: z.string(), projects: z.array(z.string()) }) }),
      }),
    }),
    error: z.object({ action: z.string(), data: z.object({ error: event }) }),
    // A comment names its issue only by id, and no organization to link it by.
    comment: z.object({
      action: z.string(),
      actor,
      data: z.object({ comment: z.string(), project_slug: z.string(), issue_id: z.string() }),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type Issue = TolerantOutput<Parts['issue']>;

/** A new or regressed issue is bad news, a resolved one good; assignment and archiving are neither. */
const ISSUE_COLORS: Record<string, number> = {
  created: COLORS.closed,
  unresolved: COLORS.closed,
  resolved: COLORS.created,
  assigned: COLORS.info,
  ignored: COLORS.neutral,
  archived: COLORS.neutral,
};
/** An issue's action in words: Sentry's "unresolved" is an issue reopened (by hand or by a regression). */
const ISSUE_WORDS: Record<string, string> = { created: 'New issue', unresolved: 'Issue reopened' };
const METRIC_COLORS: Record<string, number> = {
  critical: COLORS.closed,
  warning: COLORS.warning,
  resolved: COLORS.created,
};
const LEVEL_COLORS: Record<string, number> = {
  fatal: COLORS.closed,
  error: COLORS.closed,
  warning: COLORS.warning,
  info: COLORS.info,
  debug: COLORS.neutral,
};
const levelColor = (value: string | undefined) => entryOf(LEVEL_COLORS, value ?? '') ?? COLORS.closed;
// Only a person is worth naming: automatic changes come from the "Sentry" application.
const author = (a: TolerantOutput<Parts['actor']> | undefined) =>
  a?.type === 'user' && a.name ? { author: { name: a.name } } : {};
const levelField = (value: string | undefined) =>
  value ? [{ name: 'Level', value: escapeMarkdown(value), inline: true }] : [];
const fields = (list: NonNullable<Embed['fields']>) => (list.length ? { fields: list } : {});
const culprit = (value: string | undefined) => (value ? { description: escapeMarkdown(value) } : {});
const link = (url: string | undefined) => (url ? { url } : {});
/** ": what" after a title's words, when there is a what. */
const about = (what: string | undefined) => (what ? `: ${what}` : '');

/**
 * `https://sentry.io/api/0/organizations/<org>/...` or
 * `https://sentry.io/organizations/<org>/...`: the host and organization.
 */
const ORGANIZATION = /^(https?:\/\/[^/?#]+)\/(?:api\/0\/)?organizations\/([^/?#]+)\//;

/** The issue's page: its web_url or permalink, else built from the organization, the issue id and its project. */
function issuePage(issue: Issue | undefined): string | undefined {
  if (issue?.web_url || issue?.permalink) return issue.web_url || issue.permalink;
  const [, host, org] = [issue?.url, issue?.project_url].map((url) => ORGANIZATION.exec(url ?? '')).find(Boolean) ?? [];
  if (!host || !org || !issue?.id) return undefined;
  return (
    `${host}/organizations/${org}/issues/${encodeURIComponent(issue.id)}/` +
    `${issue.project?.id ? `?project=${encodeURIComponent(issue.project.id)}` : ''}`
  );
}

/** A comment's action in words: never an edit or deletion told as new. */
const COMMENT_WORDS: Record<string, string> = {
  created: 'New comment',
  updated: 'Comment edited',
  deleted: 'Comment deleted',
};

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  issue: (p) => {
    const { issue, assignee } = p.data ?? {};
    const action = p.action ?? '';
    const words = entryOf(ISSUE_WORDS, action) ?? `Issue ${action ? eventWords(action).toLowerCase() : 'changed'}`;
    return {
      title:
        `${issue?.project?.slug ? `[${issue.project.slug}] ` : ''}${words}` +
        `${issue?.shortId ? ` ${issue.shortId}` : ''}${about(issue?.title)}`,
      ...link(issuePage(issue)),
      ...author(p.actor),
      color: entryOf(ISSUE_COLORS, action) ?? COLORS.neutral,
      ...(action === 'assigned' && assignee?.name
        ? { description: `Assigned to ${escapeMarkdown(assignee.name)}` }
        : culprit(issue?.culprit)),
      ...fields([
        ...levelField(issue?.level),
        ...(issue?.count !== undefined ? [{ name: 'Events', value: escapeMarkdown(issue.count), inline: true }] : []),
        ...(issue?.userCount !== undefined ? [{ name: 'Users', value: String(issue.userCount), inline: true }] : []),
      ]),
    };
  },
  event_alert: (p) => {
    const { event, triggered_rule: rule } = p.data ?? {};
    return {
      title: `Alert triggered${about(event?.title)}`,
      ...link(event?.web_url),
      color: levelColor(event?.level),
      ...culprit(event?.culprit),
      ...fields([
        ...(rule ? [{ name: 'Rule', value: escapeMarkdown(rule), inline: true }] : []),
        ...levelField(event?.level),
      ]),
    };
  },
  metric_alert: (p) => {
    const rule = p.data?.metric_alert?.alert_rule;
    const projects = rule?.projects ?? [];
    return {
      // Sentry's own title already says the state: "Critical: Too many errors", "Resolved: ...".
      title:
        p.data?.description_title ||
        `Metric alert ${p.action ? eventWords(p.action).toLowerCase() : 'changed'}${about(rule?.name)}`,
      ...link(p.data?.web_url),
      color: entryOf(METRIC_COLORS, p.action ?? '') ?? COLORS.neutral,
      ...(p.data?.description_text ? { description: escapeMarkdown(p.data.description_text) } : {}),
      ...fields(
        projects.length
          ? [
              {
                name: projects.length === 1 ? 'Project' : 'Projects',
                value: projects.map(escapeMarkdown).join(', '),
                inline: true,
              },
            ]
          : [],
      ),
    };
  },
  comment: (p) => {
    const { comment: text, project_slug: project, issue_id: issue } = p.data ?? {};
    const words =
      entryOf(COMMENT_WORDS, p.action ?? '') ?? `Comment ${p.action ? eventWords(p.action).toLowerCase() : 'changed'}`;
    return {
      title: `${project ? `[${project}] ` : ''}${words} on issue${issue ? ` ${issue}` : ''}`,
      ...author(p.actor),
      color: p.action === 'deleted' ? COLORS.neutral : COLORS.info,
      // A deleted comment's text is not repeated.
      ...(text?.trim() && p.action !== 'deleted' ? { description: escapeMarkdown(text.trim()) } : {}),
    };
  },
  error: (p) => {
    const error = p.data?.error;
    return {
      title:
        `${p.action === 'created' || !p.action ? 'New error' : `Error ${eventWords(p.action).toLowerCase()}`}` +
        `${about(error?.title)}`,
      ...link(error?.web_url),
      color: levelColor(error?.level),
      ...culprit(error?.culprit),
      ...fields(levelField(error?.level)),
    };
  },
};

export const sentry: Provider = schemaProvider({
  name: 'sentry',
  displayName: 'Sentry',
  description:
    'Issues created, resolved, reopened, assigned or archived, comments on them (new, edited, deleted), issue ' +
    'and metric alerts, and new errors, with level and counts.',
  docs: 'https://docs.sentry.io/organization/integrations/integration-platform/webhooks/',
  // A hex HMAC-SHA256 of the body keyed with the integration's client secret, without a prefix.
  signature: { kind: 'hmac', header: 'Sentry-Hook-Signature', algorithm: 'sha256', encoding: 'hex' },
  event: fromHeader('Sentry-Hook-Resource'),
  action: fromField('action'),
  deliveryId: fromHeader('Request-ID'),
  schemas,
  renderers,
});
