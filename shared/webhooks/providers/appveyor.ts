import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, markdownLink, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { formatSeconds } from './duration';

/**
 * AppVeyor's default webhook payload: the event is the body's `eventName` (build_success,
 * build_failure), the build in `eventData`; deliveries carry no id. AppVeyor's notification
 * documentation describes no signature (only custom headers an owner may add), so none is taken.
 */
const build = () => z.object({
  eventData: z.object({
    status: z.nullish(z.string()),
    projectName: z.string(),
    buildVersion: z.string(),
    repositoryProvider: z.nullish(z.string()),
    repositoryName: z.nullish(z.string()),
    branch: z.nullish(z.string()),
    commitId: z.nullish(z.string()),
    commitAuthor: z.nullish(z.string()),
    commitMessage: z.nullish(z.string()),
    commitUrl: z.nullish(z.string()),
    duration: z.nullish(z.string()),
    isPullRequest: z.nullish(z.boolean()),
    pullRequestId: z.nullish(z.number()),
    buildUrl: z.nullish(z.string()),
    jobs: z.nullish(z.array(z.object({ artifacts: z.nullish(z.array(z.object({ fileName: z.string(), permalink: z.nullish(z.string()) }))) }))),
  }),
});

const schemas = () => {
  const done = build();
  return { build_success: done, build_failure: done };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload = z.output<ReturnType<typeof build>>;

/** AppVeyor's "00:01:30.3741236" as "1m 30s". */
export function appveyorDuration(text: string | null | undefined): string | undefined {
  const match = /^(\d+):(\d\d):(\d\d)(?:\.\d+)?$/.exec(text ?? '');
  if (!match) return undefined;
  const [h, m, s] = match.slice(1).map(Number) as [number, number, number];
  return formatSeconds(h * 3600 + m * 60 + s);
}

/** At most this many artifacts are listed. */
const MAX_ARTIFACTS = 5;

function render(p: Payload, outcome: 'passed' | 'failed'): Embed {
  const d = p.eventData;
  const repository = d.repositoryName || d.projectName;
  // The payload links the commit only lately (`commitUrl`); GitHub's URL is known from the repository.
  const commitUrl = d.commitUrl || (d.repositoryProvider === 'gitHub' && d.repositoryName && d.commitId ? `https://github.com/${d.repositoryName}/commit/${d.commitId}` : undefined);
  const artifacts = (d.jobs ?? []).flatMap((job) => job.artifacts ?? []);
  const duration = appveyorDuration(d.duration);
  return {
    title: `[${repository}] Build ${d.buildVersion} ${outcome}${d.branch ? ` on ${d.branch}` : ''}`,
    ...(d.buildUrl ? { url: d.buildUrl } : {}),
    color: outcome === 'passed' ? COLORS.created : COLORS.closed,
    ...(d.commitId && d.commitMessage ? { description: commitLine({ id: d.commitId, url: commitUrl, message: d.commitMessage, author: d.commitAuthor ?? '' }).replace(/ - $/, '') } : {}),
    fields: [
      { name: 'Project', value: escapeMarkdown(d.projectName), inline: true },
      ...(d.isPullRequest && d.pullRequestId ? [{ name: 'Pull request', value: `#${d.pullRequestId}`, inline: true }] : []),
      ...(duration ? [{ name: 'Duration', value: duration, inline: true }] : []),
      ...(artifacts.length
        ? [{
            name: `Artifacts (${artifacts.length})`,
            value: artifacts.slice(0, MAX_ARTIFACTS).map((a) => markdownLink(escapeMarkdown(a.fileName), a.permalink ?? undefined)).join('\n') + (artifacts.length > MAX_ARTIFACTS ? `\nand ${artifacts.length - MAX_ARTIFACTS} more` : ''),
          }]
        : []),
    ],
  };
}

const renderers: { [E in EventName]: (p: Payload) => Embed } = {
  build_success: (p) => render(p, 'passed'),
  build_failure: (p) => render(p, 'failed'),
};

export const appveyor: Provider = schemaProvider({
  name: 'appveyor',
  displayName: 'AppVeyor',
  description: 'Builds that passed or failed: repository, version, branch, commit, pull request, duration and artifacts.',
  docs: 'https://www.appveyor.com/docs/notifications/#webhook-payload-default',
  event: fromField('eventName'),
  schemas,
  renderers,
});
