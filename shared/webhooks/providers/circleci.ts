import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, firstOf, schemaProvider, type Provider } from '../provider';

/**
 * CircleCI outbound webhooks: the event is the body's `type` (signed, unlike the
 * circleci-event-type header, which is only the fallback), the delivery id the body's `id` (no
 * header carries one). Where branch and commit live depends on the VCS integration: `pipeline.vcs`
 * for GitHub OAuth and Bitbucket Cloud, `pipeline.trigger_parameters` for GitLab and GitHub App.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const pipeline = z.object({
    number: z.number(),
    vcs: z.nullish(
      z.object({
        branch: z.nullish(z.string()),
        tag: z.nullish(z.string()),
        revision: z.nullish(z.string()),
        commit: z.nullish(z.object({ subject: z.nullish(z.string()), author: z.nullish(z.object({ name: z.nullish(z.string()) })) })),
      }),
    ),
    trigger_parameters: z.nullish(
      z.object({
        git: z.nullish(z.object({ branch: z.nullish(z.string()), tag: z.nullish(z.string()), checkout_sha: z.nullish(z.string()) })),
        gitlab: z.nullish(z.object({ commit_title: z.nullish(z.string()), commit_author_name: z.nullish(z.string()) })),
      }),
    ),
  });
  const base = z.object({
    project: z.object({ name: z.string(), slug: z.string() }),
    organization: z.object({ name: z.string() }),
    // `status` is only on workflow-completed; job-completed carries the job's.
    workflow: z.object({ name: z.string(), url: z.string(), status: z.optional(z.string()) }),
    pipeline,
  });
  return { pipeline, base };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { base } = parts();
  return {
    // Sent when the hook is tested from CircleCI's settings page: it names only the webhook.
    ping: z.object({ webhook: z.object({ name: z.string() }) }),
    'workflow-completed': z.extend(base, { workflow: z.extend(base.shape.workflow, { status: z.string() }) }),
    'job-completed': z.extend(base, { job: z.object({ name: z.string(), number: z.number(), status: z.string() }) }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type Base = z.output<Parts['base']>;

/** Branch or tag, commit and its subject and author, from either integration's shape. */
function source(p: Base) {
  const { vcs, trigger_parameters: params } = p.pipeline;
  return {
    ref: vcs?.branch || vcs?.tag || params?.git?.branch || params?.git?.tag || undefined,
    revision: vcs?.revision || params?.git?.checkout_sha || undefined,
    subject: vcs?.commit?.subject || params?.gitlab?.commit_title || undefined,
    author: vcs?.commit?.author?.name || params?.gitlab?.commit_author_name || undefined,
  };
}

const project = (p: Base) => `${p.organization.name}/${p.project.name}`;
// Documented statuses: success, failed, error, canceled, unauthorized (jobs have no error).
const STATUS_COLORS: Record<string, number> = { success: COLORS.created, failed: COLORS.closed, error: COLORS.closed, canceled: COLORS.neutral, unauthorized: COLORS.warning };

function embed(p: Base, title: string, status: string, url: string, fields: NonNullable<Embed['fields']> = []): Embed {
  const s = source(p);
  const commit = s.subject ? `${s.revision ? `${inlineCode(s.revision.slice(0, 7))} ` : ''}${escapeMarkdown(s.subject)}${s.author ? ` - ${escapeMarkdown(s.author)}` : ''}` : undefined;
  return {
    title: `[${project(p)}] ${title} ${status}${s.ref ? ` on ${s.ref}` : ''}`,
    url,
    color: STATUS_COLORS[status] ?? COLORS.neutral,
    ...(commit ? { description: commit } : {}),
    fields: [{ name: 'Pipeline', value: `#${p.pipeline.number}`, inline: true }, ...fields],
  };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  ping: (p) => ({ title: `Webhook connected: ${p.webhook.name}`, color: COLORS.neutral }),
  'workflow-completed': (p) => embed(p, `Workflow ${p.workflow.name}`, p.workflow.status, p.workflow.url),
  // The payload has no job URL; the app's is the workflow's plus /jobs/<number>.
  'job-completed': (p) => embed(p, `Job ${p.job.name}`, p.job.status, `${p.workflow.url}/jobs/${p.job.number}`, [
    { name: 'Workflow', value: escapeMarkdown(p.workflow.name), inline: true },
  ]),
};

export const circleci: Provider = schemaProvider({
  name: 'circleci',
  displayName: 'CircleCI',
  description: 'Completed workflows and jobs, with their status, branch and commit, and the test ping.',
  docs: 'https://circleci.com/docs/guides/integration/outbound-webhooks/',
  // The header is a comma-separated list (`v1=<hex>,v2=...`); only v1 exists, and is the one checked.
  signature: { kind: 'hmac', header: 'circleci-signature', algorithm: 'sha256', encoding: 'hex', prefix: 'v1=' },
  event: firstOf(fromField('type'), fromHeader('circleci-event-type')),
  deliveryId: fromField('id'),
  schemas,
  renderers,
});
