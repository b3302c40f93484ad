import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromHeader, schemaProvider, STALE_AFTER_SECONDS, type Provider } from '../provider';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Buildkite pipeline webhooks: the event is the X-Buildkite-Event header (build.*, job.*, agent.*,
 * ping...). Every event carries the build and pipeline it is about where there is one (job events
 * add the job), so every event renders from those: the build's or job's state, its branch, commit
 * and message, linked to the build. Deliveries carry no id.
 */

/** The parts of the envelope, built with it on the first delivery, not at import. */
const parts = () => {
  const build = z.object({
    web_url: z.string(),
    number: z.number(),
    state: z.string(),
    blocked: z.optional(z.boolean()),
    message: z.nullish(z.string()),
    commit: z.nullish(z.string()),
    branch: z.nullish(z.string()),
    started_at: z.nullish(z.string()),
    finished_at: z.nullish(z.string()),
  });
  return { build };
};

const envelope = () => {
  const { build } = parts();
  return z.object({
    build: z.optional(build),
    pipeline: z.optional(z.object({ name: z.string(), web_url: z.optional(z.string()) })),
    job: z.optional(z.object({ name: z.nullish(z.string()), state: z.nullish(z.string()), web_url: z.nullish(z.string()), exit_status: z.nullish(z.number()) })),
    agent: z.optional(z.object({ name: z.string(), connection_state: z.nullish(z.string()) })),
    sender: z.nullish(z.object({ name: z.string() })),
  });
};

/** "2m 25s" between two ISO times, when both are there. */
function duration(from: string | null | undefined, to: string | null | undefined): string | undefined {
  const ms = Date.parse(to ?? '') - Date.parse(from ?? '');
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m ${seconds % 60}s` : `${seconds}s`;
}

function render(p: z.output<ReturnType<typeof envelope>>, event: string): Embed {
  const b = p.build;
  const pipeline = p.pipeline?.name;
  const state = p.job?.state ?? (b?.blocked ? 'blocked' : b?.state) ?? p.agent?.connection_state ?? undefined;
  const subject = p.job ? `Job ${p.job.name ?? ''}`.trim() : b ? `Build #${b.number}` : p.agent ? `Agent ${p.agent.name}` : eventWords(event);
  const took = b && event === 'build.finished' ? duration(b.started_at, b.finished_at) : undefined;
  return {
    title: `${pipeline ? `[${pipeline}] ` : ''}${subject}${state ? ` ${eventWords(state).toLowerCase()}` : ''}${b?.branch ? ` on ${b.branch}` : ''}`,
    ...(p.job?.web_url || b?.web_url || p.pipeline?.web_url ? { url: (p.job?.web_url || b?.web_url || p.pipeline?.web_url) as string } : {}),
    color: state ? outcomeColor(state) : COLORS.neutral,
    ...(b?.message ? { description: `${b.commit ? `${inlineCode(b.commit.slice(0, 7))} ` : ''}${escapeMarkdown(b.message)}` } : {}),
    ...(p.sender ? { author: { name: p.sender.name } } : {}),
    fields: [
      ...(p.job && b ? [{ name: 'Build', value: `#${b.number}`, inline: true }] : []),
      ...(p.job?.exit_status !== undefined && p.job.exit_status !== null ? [{ name: 'Exit status', value: String(p.job.exit_status), inline: true }] : []),
      ...(took ? [{ name: 'Duration', value: took, inline: true }] : []),
    ],
  };
}

export const buildkite: Provider = schemaProvider({
  name: 'buildkite',
  displayName: 'Buildkite',
  description: 'Every pipeline event (builds scheduled, running, failing, finished or blocked; jobs; agents; ping): state, branch, commit and duration, linked to the build or job.',
  docs: 'https://buildkite.com/docs/apis/webhooks/pipelines',
  // https://buildkite.com/docs/apis/webhooks/pipelines#webhook-signature: choose "X-Buildkite-Signature"
  // in the webhook's settings: `timestamp=<unix>,signature=<hex HMAC-SHA256 of "<timestamp>.<body>">`.
  signature: { kind: 'hmac', header: 'X-Buildkite-Signature', algorithm: 'sha256', encoding: 'hex', prefix: 'signature=', signs: { timestamp: { key: 'timestamp' }, separator: '.', toleranceSeconds: STALE_AFTER_SECONDS } },
  event: fromHeader('X-Buildkite-Event'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
