import * as z from 'zod/mini';
import { escapeMarkdown, markdownLink, type Embed } from '../../discord/message';
import { commitLineOf, descriptionOf } from '../render/commitLines';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { formatSeconds } from './duration';

/**
 * AppVeyor's default webhook payload: the event is the body's `eventName` (build_success,
 * build_failure), the build in `eventData`; deliveries carry no id. AppVeyor's notification
 * documentation describes no signature (only custom headers an owner may add), so none is taken.
 */
const build = () =>
  z.object({
    eventData: z.object({
      projectName: z.string(),
      buildVersion: z.string(),
      repositoryProvider: z.string(),
      repositoryName: z.string(),
      branch: z.string(),
      commitId: z.string(),
      commitAuthor: z.string(),
      commitMessage: z.string(),
      commitUrl: z.string(),
      duration: z.string(),
      isPullRequest: z.boolean(),
      pullRequestId: z.number(),
      pullRequestTitle: z.string(),
      buildUrl: z.string(),
      jobs: z.array(z.object({ artifacts: z.array(z.object({ fileName: z.string(), permalink: z.string() })) })),
    }),
  });

const schemas = () => {
  const done = build();
  return { build_success: done, build_failure: done };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload = TolerantOutput<ReturnType<typeof build>>;

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
  const d = p.eventData ?? {};
  const repository = d.repositoryName || d.projectName;
  // The payload links the commit only lately (`commitUrl`); GitHub's URL is known from the repository.
  const commitUrl =
    d.commitUrl ||
    (d.repositoryProvider === 'gitHub' && d.repositoryName && d.commitId
      ? `https://github.com/${d.repositoryName}/commit/${d.commitId}`
      : undefined);
  // Without the build's URL, the repository's (known for GitHub only).
  const url =
    d.buildUrl ||
    (d.repositoryProvider === 'gitHub' && d.repositoryName ? `https://github.com/${d.repositoryName}` : undefined);
  const artifacts = (d.jobs ?? [])
    .flatMap((job) => job.artifacts ?? [])
    .flatMap((a) => (a.fileName ? [{ name: a.fileName, url: a.permalink }] : []));
  const duration = appveyorDuration(d.duration);
  const pr =
    d.isPullRequest && d.pullRequestId !== undefined
      ? `#${d.pullRequestId}${d.pullRequestTitle ? ` ${escapeMarkdown(d.pullRequestTitle)}` : ''}`
      : undefined;
  return {
    title:
      `${repository ? `[${repository}] ` : ''}Build${d.buildVersion ? ` ${d.buildVersion}` : ''} ` +
      `${outcome}${d.branch ? ` on ${d.branch}` : ''}`,
    ...(url ? { url } : {}),
    color: outcome === 'passed' ? COLORS.created : COLORS.closed,
    ...descriptionOf(
      commitLineOf({ id: d.commitId, url: commitUrl, message: d.commitMessage, author: d.commitAuthor }),
    ),
    fields: [
      ...(d.projectName ? [{ name: 'Project', value: escapeMarkdown(d.projectName), inline: true }] : []),
      ...(pr ? [{ name: 'Pull request', value: pr, inline: true }] : []),
      ...(duration ? [{ name: 'Duration', value: duration, inline: true }] : []),
      ...(artifacts.length
        ? [
            {
              name: `Artifacts (${artifacts.length})`,
              value:
                artifacts
                  .slice(0, MAX_ARTIFACTS)
                  .map((a) => markdownLink(escapeMarkdown(a.name), a.url))
                  .join('\n') +
                (artifacts.length > MAX_ARTIFACTS ? `\nand ${artifacts.length - MAX_ARTIFACTS} more` : ''),
            },
          ]
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
  description:
    'Builds that passed or failed: repository, version, branch, commit, pull request, duration and artifacts.',
  docs: 'https://www.appveyor.com/docs/notifications/#webhook-payload-default',
  event: fromField('eventName'),
  schemas,
  renderers,
});
