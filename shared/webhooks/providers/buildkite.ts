import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromHeader, schemaProvider, STALE_AFTER_SECONDS, type Provider } from '../provider';
import { eventWords, outcomeColor, statusWords } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { durationBetween } from './duration';

/**
 * Buildkite pipeline webhooks: the event is X-Buildkite-Event; deliveries carry no id. Every event
 * renders from what it is about (a build and its pipeline, a job, an agent, a token or a package):
 * the state in words, the branch, commit and message, linked.
 */
const envelope = () =>
  z.object({
    build: z.object({
      web_url: z.string(),
      number: z.number(),
      state: z.string(),
      blocked: z.boolean(),
      message: z.string(),
      commit: z.string(),
      branch: z.string(),
      source: z.string(),
      started_at: z.string(),
      finished_at: z.string(),
    }),
    pipeline: z.object({ name: z.string(), web_url: z.string() }),
    job: z.object({
      name: z.string(),
      step_key: z.string(),
      state: z.string(),
      web_url: z.string(),
      exit_status: z.number(),
      agent: z.object({ name: z.string() }),
    }),
    agent: z.object({
      name: z.string(),
      connection_state: z.string(),
      hostname: z.string(),
      version: z.string(),
      web_url: z.string(),
    }),
    cluster_token: z.object({ description: z.string() }),
    blocked_ip: z.string(),
    organization: z.object({ name: z.string(), slug: z.string() }),
    package: z.object({ name: z.string(), web_url: z.string(), registry: z.object({ name: z.string() }) }),
    sender: z.object({ name: z.string() }),
  });
type Envelope = TolerantOutput<ReturnType<typeof envelope>>;

/** What the event is about, in words ("Build #27", "Job Tests", "Agent ci-1"), and the state it is in. */
function subjectOf(p: Envelope, event: string): { subject: string; state?: string | undefined } {
  const [kind, ...rest] = event.split('.');
  const action = rest.join('.') || undefined;
  const b = p.build;
  if (kind === 'job' || p.job)
    return {
      subject: `Job${p.job?.name || p.job?.step_key ? ` ${p.job.name || p.job.step_key}` : ''}`,
      state: p.job?.state ?? action,
    };
  if (kind === 'build' || (kind !== 'agent' && b))
    return {
      subject: `Build${b?.number !== undefined ? ` #${b.number}` : ''}`,
      state: b?.blocked ? 'blocked' : (b?.state ?? action),
    };
  if (kind === 'agent')
    return { subject: `Agent${p.agent?.name ? ` ${p.agent.name}` : ''}`, state: action ?? p.agent?.connection_state };
  if (kind === 'package') return { subject: `Package${p.package?.name ? ` ${p.package.name}` : ''}`, state: action };
  if (event === 'cluster_token.registration_blocked') return { subject: 'Agent registration', state: 'blocked' };
  // "Webhook notification settings have changed", as Buildkite's documentation says.
  if (event === 'ping') return { subject: 'Webhook settings', state: 'changed' };
  return { subject: eventWords(event) };
}

function render(p: Envelope, event: string): Embed {
  const b = p.build;
  const { subject, state } = subjectOf(p, event);
  const took = b && event === 'build.finished' ? durationBetween(b.started_at, b.finished_at) : undefined;
  const url = p.job?.web_url || b?.web_url || p.agent?.web_url || p.package?.web_url || p.pipeline?.web_url;
  // Payload text is escaped; the numbers and durations written here are not.
  const text = (value: string | undefined) => value && escapeMarkdown(value);
  const fields: { name: string; value: string | undefined }[] = [
    { name: 'Build', value: p.job && b?.number !== undefined ? `#${b.number}` : undefined },
    { name: 'Exit status', value: p.job?.exit_status !== undefined ? String(p.job.exit_status) : undefined },
    { name: 'Agent', value: text(p.job?.agent?.name) },
    { name: 'Source', value: p.job ? undefined : text(b?.source && eventWords(b.source)) },
    { name: 'Duration', value: took },
    { name: 'Hostname', value: text(p.agent?.hostname) },
    { name: 'Version', value: text(p.agent?.version) },
    { name: 'Agent token', value: text(p.cluster_token?.description) },
    { name: 'Blocked IP', value: text(p.blocked_ip) },
    { name: 'Registry', value: text(p.package?.registry?.name) },
    {
      name: 'Organization',
      value: event === 'ping' || p.package ? text(p.organization?.name || p.organization?.slug) : undefined,
    },
  ];
  return {
    title:
      `${p.pipeline?.name ? `[${p.pipeline.name}] ` : ''}${subject}${state ? ` ${statusWords(state)}` : ''}` +
      `${b?.branch ? ` on ${b.branch}` : ''}`,
    ...(url ? { url } : {}),
    color: state ? outcomeColor(state) : COLORS.neutral,
    ...(b?.message
      ? { description: `${b.commit ? `${inlineCode(b.commit.slice(0, 7))} ` : ''}${escapeMarkdown(b.message)}` }
      : {}),
    ...(p.sender?.name ? { author: { name: p.sender.name } } : {}),
    fields: fields.flatMap(({ name, value }) => (value ? [{ name, value, inline: true }] : [])),
  };
}

export const buildkite: Provider = schemaProvider({
  name: 'buildkite',
  displayName: 'Buildkite',
  description:
    'Every pipeline event (builds scheduled, running, failing, finished or blocked; jobs; agents; agent ' +
    'registrations blocked; packages; ping): state, branch, commit and duration, linked to the build or job.',
  docs: 'https://buildkite.com/docs/apis/webhooks/pipelines',
  // https://buildkite.com/docs/apis/webhooks/pipelines#webhook-signature: choose "X-Buildkite-Signature"
  // in the webhook's settings: `timestamp=<unix>,signature=<hex HMAC-SHA256 of "<timestamp>.<body>">`.
  signature: {
    kind: 'hmac',
    header: 'X-Buildkite-Signature',
    algorithm: 'sha256',
    encoding: 'hex',
    prefix: 'signature=',
    signs: { timestamp: { key: 'timestamp' }, separator: '.', toleranceSeconds: STALE_AFTER_SECONDS },
  },
  event: fromHeader('X-Buildkite-Event'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
