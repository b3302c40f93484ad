import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, schemaProvider, type Provider } from '../provider';

/**
 * Sentry integration-platform webhooks (internal or public integrations): the event is the
 * Sentry-Hook-Resource header ("issue", "event_alert", ...), what happened to it the body's
 * `action`, the delivery id Request-ID (a fresh uuid per request, so a retry is not recognised as a
 * duplicate). Bodies are `{ action, actor, data, installation }`; only `data` differs per resource.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const actor = z.optional(z.object({ type: z.string(), name: z.string() }));
  const level = z.nullish(z.string());
  /** An event as issue alerts and error webhooks carry it. */
  const event = z.object({ title: z.string(), web_url: z.string(), culprit: z.nullish(z.string()), level });
  return { actor, level, event };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { actor, level, event } = parts();
  return {
    issue: z.object({
      action: z.string(),
      actor,
      data: z.object({
        issue: z.object({
          shortId: z.optional(z.string()),
          title: z.string(),
          culprit: z.nullish(z.string()),
          level,
          id: z.optional(z.string()),
          // `web_url` comes with created issues; the later workflow webhooks carry the plain serialized issue.
          web_url: z.optional(z.string()),
          permalink: z.nullish(z.string()),
          // The API url and the project's issue list name the organization, to build the page from.
          url: z.optional(z.string()),
          project_url: z.optional(z.string()),
          count: z.optional(z.union([z.string(), z.number()])),
          userCount: z.optional(z.number()),
          project: z.optional(z.object({ slug: z.string(), id: z.optional(z.string()) })),
        }),
        assignee: z.optional(z.object({ type: z.optional(z.string()), name: z.string() })),
      }),
    }),
    event_alert: z.object({ action: z.string(), data: z.object({ event, triggered_rule: z.string() }) }),
    metric_alert: z.object({
      action: z.string(),
      data: z.object({
        description_title: z.string(),
        description_text: z.nullish(z.string()),
        web_url: z.string(),
        metric_alert: z.optional(z.object({ alert_rule: z.object({ name: z.string(), projects: z.optional(z.array(z.string())) }) })),
      }),
    }),
    error: z.object({ action: z.string(), data: z.object({ error: event }) }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

/** A new or regressed issue is bad news, a resolved one good; assignment and archiving are neither. */
const ISSUE_COLORS: Record<string, number> = { created: COLORS.closed, unresolved: COLORS.closed, resolved: COLORS.created, assigned: COLORS.info, ignored: COLORS.neutral, archived: COLORS.neutral };
const METRIC_COLORS: Record<string, number> = { critical: COLORS.closed, warning: COLORS.warning, resolved: COLORS.created };
const LEVEL_COLORS: Record<string, number> = { fatal: COLORS.closed, error: COLORS.closed, warning: COLORS.warning, info: COLORS.info, debug: COLORS.neutral };
const levelColor = (value: string | null | undefined) => LEVEL_COLORS[value ?? ''] ?? COLORS.closed;
// Only a person is worth naming: automatic changes come from the "Sentry" application.
const author = (a: z.output<Parts['actor']>) => (a?.type === 'user' ? { author: { name: a.name } } : {});
const levelField = (value: string | null | undefined) => (value ? [{ name: 'Level', value: escapeMarkdown(value), inline: true }] : []);
const fields = (list: NonNullable<Embed['fields']>) => (list.length ? { fields: list } : {});
const culprit = (value: string | null | undefined) => (value ? { description: escapeMarkdown(value) } : {});

type Issue = z.output<ReturnType<typeof schemas>['issue']>['data']['issue'];
/** `https://sentry.io/api/0/organizations/<org>/...` or `https://sentry.io/organizations/<org>/...`: the host and organization. */
const ORGANIZATION = /^(https?:\/\/[^/?#]+)\/(?:api\/0\/)?organizations\/([^/?#]+)\//;

/** The issue's page: its web_url or permalink, else built from the organization, the issue id and its project. */
function issuePage(issue: Issue): string | undefined {
  if (issue.web_url || issue.permalink) return issue.web_url || issue.permalink || undefined;
  const [, host, org] = [issue.url, issue.project_url].map((url) => ORGANIZATION.exec(url ?? '')).find(Boolean) ?? [];
  if (!host || !org || !issue.id) return undefined;
  return `${host}/organizations/${org}/issues/${encodeURIComponent(issue.id)}/${issue.project?.id ? `?project=${encodeURIComponent(issue.project.id)}` : ''}`;
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  issue: (p) => {
    const { issue, assignee } = p.data;
    const url = issuePage(issue);
    return {
      title: `${issue.project ? `[${issue.project.slug}] ` : ''}Issue ${p.action}: ${issue.shortId ? `${issue.shortId} ` : ''}${issue.title}`,
      ...(url ? { url } : {}),
      ...author(p.actor),
      color: ISSUE_COLORS[p.action] ?? COLORS.neutral,
      ...(p.action === 'assigned' && assignee ? { description: `Assigned to ${escapeMarkdown(assignee.name)}` } : culprit(issue.culprit)),
      ...fields([
        ...levelField(issue.level),
        ...(issue.count !== undefined ? [{ name: 'Events', value: escapeMarkdown(String(issue.count)), inline: true }] : []),
        ...(issue.userCount !== undefined ? [{ name: 'Users', value: String(issue.userCount), inline: true }] : []),
      ]),
    };
  },
  event_alert: (p) => ({
    title: `Alert triggered: ${p.data.event.title}`,
    url: p.data.event.web_url,
    color: levelColor(p.data.event.level),
    ...culprit(p.data.event.culprit),
    fields: [{ name: 'Rule', value: escapeMarkdown(p.data.triggered_rule), inline: true }, ...levelField(p.data.event.level)],
  }),
  metric_alert: (p) => {
    const projects = p.data.metric_alert?.alert_rule.projects ?? [];
    return {
      // Sentry's own title already says the state: "Critical: Too many errors", "Resolved: ...".
      title: p.data.description_title,
      url: p.data.web_url,
      color: METRIC_COLORS[p.action] ?? COLORS.neutral,
      ...(p.data.description_text ? { description: escapeMarkdown(p.data.description_text) } : {}),
      ...fields(projects.length ? [{ name: projects.length === 1 ? 'Project' : 'Projects', value: projects.map(escapeMarkdown).join(', '), inline: true }] : []),
    };
  },
  error: (p) => ({
    title: `Error ${p.action}: ${p.data.error.title}`,
    url: p.data.error.web_url,
    color: levelColor(p.data.error.level),
    ...culprit(p.data.error.culprit),
    ...fields(levelField(p.data.error.level)),
  }),
};

export const sentry: Provider = schemaProvider({
  name: 'sentry',
  displayName: 'Sentry',
  description: 'Issues created, resolved, assigned or archived, issue and metric alerts, and new errors, with level and counts.',
  docs: 'https://docs.sentry.io/organization/integrations/integration-platform/webhooks/',
  // A hex HMAC-SHA256 of the body keyed with the integration's client secret, without a prefix.
  signature: { kind: 'hmac', header: 'Sentry-Hook-Signature', algorithm: 'sha256', encoding: 'hex' },
  event: fromHeader('Sentry-Hook-Resource'),
  action: fromField('action'),
  deliveryId: fromHeader('Request-ID'),
  schemas,
  renderers,
});
