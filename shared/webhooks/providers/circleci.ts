import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, firstOf, schemaProvider, type Provider } from '../provider';
import { statusWords } from '../render/words';
import { commitLineOf } from '../render/commitLines';
import type { TolerantOutput } from '../tolerantRead';
import { objectAt } from './byShape';
import { formatSeconds } from './duration';
import { entryOf } from '../render/entryOf';

/**
 * CircleCI outbound webhooks: the event is the body's `type` (signed, unlike the
 * circleci-event-type header, the fallback), the delivery id the body's `id`. Branch and commit sit
 * where the VCS integration puts them; legacy webhooks post one build as `{"payload": ...}`, read
 * as the event `build`.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const pipeline = z.object({
    number: z.number(),
    vcs: z.object({
      branch: z.string(),
      tag: z.string(),
      revision: z.string(),
      commit: z.object({ subject: z.string(), author: z.object({ name: z.string() }) }),
    }),
    trigger_parameters: z.object({
      git: z.object({ branch: z.string(), tag: z.string(), checkout_sha: z.string() }),
      gitlab: z.object({ commit_title: z.string(), commit_author_name: z.string() }),
    }),
  });
  const base = z.object({
    project: z.object({ name: z.string(), slug: z.string() }),
    organization: z.object({ name: z.string() }),
    // `status` is only on workflow-completed; job-completed carries the job's.
    workflow: z.object({ name: z.string(), url: z.string(), status: z.string() }),
    pipeline,
  });
  return { base };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { base } = parts();
  return {
    // Sent when the hook is tested from CircleCI's settings page: it names only the webhook.
    ping: z.object({ webhook: z.object({ name: z.string() }) }),
    'workflow-completed': base,
    'job-completed': z.extend(base, { job: z.object({ name: z.string(), number: z.number(), status: z.string() }) }),
    build: z.object({
      payload: z.object({
        username: z.string(),
        reponame: z.string(),
        build_num: z.number(),
        status: z.string(),
        branch: z.string(),
        vcs_tag: z.string(),
        vcs_revision: z.string(),
        subject: z.string(),
        author_name: z.string(),
        committer_name: z.string(),
        build_url: z.string(),
        vcs_url: z.string(),
        compare: z.string(),
        build_time_millis: z.number(),
      }),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type Base = TolerantOutput<Parts['base']>;

/** Branch or tag, commit and its subject and author, from either integration's shape. */
function source(p: Base) {
  const { vcs, trigger_parameters: params } = p.pipeline ?? {};
  return {
    ref: vcs?.branch || vcs?.tag || params?.git?.branch || params?.git?.tag || undefined,
    revision: vcs?.revision || params?.git?.checkout_sha || undefined,
    subject: vcs?.commit?.subject || params?.gitlab?.commit_title || undefined,
    author: vcs?.commit?.author?.name || params?.gitlab?.commit_author_name || undefined,
  };
}

// Documented statuses: success, failed, error, canceled, unauthorized
// (jobs have no error); legacy builds add fixed, not_run, timedout...
const STATUS_COLORS: Record<string, number> = {
  success: COLORS.created,
  fixed: COLORS.created,
  failed: COLORS.closed,
  error: COLORS.closed,
  timedout: COLORS.closed,
  infrastructure_fail: COLORS.closed,
  canceled: COLORS.neutral,
  unauthorized: COLORS.warning,
};

/** "[org/project] <what> <status in words> on <ref>", each part only when the payload has it. */
function title(
  repository: string | undefined,
  what: string,
  status: string | undefined,
  ref: string | undefined,
): string {
  return (
    `${repository ? `[${repository}] ` : ''}${what} ` +
    `${status ? statusWords(status) : 'completed'}${ref ? ` on ${ref}` : ''}`
  );
}

/** "`1dc6aa6` subject - author", with what there is of it; nothing without a subject. */
const commitText = (revision: string | undefined, subject: string | undefined, author: string | undefined) =>
  subject ? commitLineOf({ id: revision, message: subject, author }) : undefined;

function embed(
  p: Base,
  what: string,
  status: string | undefined,
  url: string | undefined,
  fields: NonNullable<Embed['fields']> = [],
): Embed {
  const s = source(p);
  const commit = commitText(s.revision, s.subject, s.author);
  const repository = [p.organization?.name, p.project?.name].filter(Boolean).join('/');
  // Without the workflow's URL, the project's pipelines page (its slug is "<vcs>/<org>/<project>").
  const link = url ?? (p.project?.slug ? `https://app.circleci.com/pipelines/${p.project.slug}` : undefined);
  return {
    title: title(repository, what, status, s.ref),
    ...(link ? { url: link } : {}),
    color: entryOf(STATUS_COLORS, status ?? '') ?? COLORS.neutral,
    ...(commit ? { description: commit } : {}),
    fields: [
      ...(p.pipeline?.number !== undefined ? [{ name: 'Pipeline', value: `#${p.pipeline.number}`, inline: true }] : []),
      ...fields,
    ],
  };
}

/** A name after the thing it names ("Workflow build"), or the thing alone. */
const named = (thing: string, name: string | undefined) => (name ? `${thing} ${name}` : thing);

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  ping: (p) => ({
    title: p.webhook?.name ? `Webhook connected: ${p.webhook.name}` : 'Webhook connected',
    color: COLORS.neutral,
  }),
  'workflow-completed': (p) => embed(p, named('Workflow', p.workflow?.name), p.workflow?.status, p.workflow?.url),
  // The payload has no job URL; the app's is the workflow's plus /jobs/<number>.
  'job-completed': (p) =>
    embed(
      p,
      named('Job', p.job?.name),
      p.job?.status,
      p.workflow?.url && p.job?.number !== undefined ? `${p.workflow.url}/jobs/${p.job.number}` : p.workflow?.url,
      [...(p.workflow?.name ? [{ name: 'Workflow', value: escapeMarkdown(p.workflow.name), inline: true }] : [])],
    ),
  build: ({ payload: b = {} }) => {
    // Early payloads name the repository only by its URL ("https://github.com/owner/name").
    const repository =
      b.username && b.reponame
        ? `${b.username}/${b.reponame}`
        : (/^https?:\/\/[^/]+\/([^/]+\/[^/]+?)\/?$/.exec(b.vcs_url ?? '')?.[1] ?? b.reponame);
    const took = b.build_time_millis !== undefined ? formatSeconds(b.build_time_millis / 1000) : undefined;
    const commit = commitText(b.vcs_revision, b.subject, b.author_name || b.committer_name);
    return {
      title: title(
        repository,
        b.build_num !== undefined ? `Build #${b.build_num}` : 'Build',
        b.status,
        b.branch || b.vcs_tag,
      ),
      ...(b.build_url || b.compare || b.vcs_url ? { url: b.build_url || b.compare || b.vcs_url } : {}),
      color: entryOf(STATUS_COLORS, b.status ?? '') ?? COLORS.neutral,
      ...(commit ? { description: commit } : {}),
      fields: took ? [{ name: 'Duration', value: took, inline: true }] : [],
    };
  },
};

export const circleci: Provider = schemaProvider({
  name: 'circleci',
  displayName: 'CircleCI',
  description:
    'Completed workflows and jobs, with their status, branch and commit, the test ping, and builds from legacy ' +
    '(1.0/2.0 `notify`) webhooks.',
  docs: 'https://circleci.com/docs/guides/integration/outbound-webhooks/',
  // The header is a comma-separated list (`v1=<hex>,v2=...`); only v1 exists, and is the one checked.
  signature: { kind: 'hmac', header: 'circleci-signature', algorithm: 'sha256', encoding: 'hex', prefix: 'v1=' },
  event: firstOf(fromField('type'), fromHeader('circleci-event-type'), objectAt('payload', 'build')),
  deliveryId: fromField('id'),
  schemas,
  renderers,
});
