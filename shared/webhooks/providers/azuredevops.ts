import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { durationBetween } from './duration';

/**
 * Azure DevOps service hooks ("Web Hooks" consumer): the event is the body's `eventType`, the
 * delivery id the event's `id` (no header names either). Azure DevOps can only add basic
 * authentication or custom headers to a hook, it does not sign deliveries, so no secret is taken.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const identity = z.object({ displayName: z.string() });
  const repository = z.object({ name: z.string(), remoteUrl: z.nullish(z.string()), webUrl: z.nullish(z.string()) });

  const pullRequest = z.object({
    message: z.nullish(z.object({ text: z.nullish(z.string()) })),
    resource: z.object({
      repository,
      pullRequestId: z.number(),
      status: z.nullish(z.string()),
      createdBy: identity,
      title: z.string(),
      description: z.nullish(z.string()),
      sourceRefName: z.nullish(z.string()),
      targetRefName: z.nullish(z.string()),
      mergeStatus: z.nullish(z.string()),
      _links: z.nullish(z.object({ web: z.nullish(z.object({ href: z.string() })) })),
    }),
  });
  return { identity, repository, pullRequest };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { identity, repository, pullRequest } = parts();
  return {
    'git.push': z.object({
      resource: z.object({
        repository,
        pushedBy: identity,
        refUpdates: z.array(z.object({ name: z.string(), newObjectId: z.nullish(z.string()) })),
        commits: z.nullish(z.array(z.object({ commitId: z.string(), comment: z.string(), url: z.nullish(z.string()), author: z.nullish(z.object({ name: z.string() })) }))),
      }),
    }),
    'git.pullrequest.created': pullRequest,
    'git.pullrequest.updated': pullRequest,
    'git.pullrequest.merged': pullRequest,
    'build.complete': z.object({
      message: z.nullish(z.object({ markdown: z.nullish(z.string()) })),
      resource: z.object({
        buildNumber: z.string(),
        status: z.string(),
        reason: z.nullish(z.string()),
        startTime: z.nullish(z.string()),
        finishTime: z.nullish(z.string()),
        sourceGetVersion: z.nullish(z.string()),
        sourceBranch: z.nullish(z.string()),
        definition: z.object({ name: z.string() }),
        requests: z.nullish(z.array(z.object({ requestedFor: z.nullish(identity) }))),
        lastChangedBy: z.nullish(identity),
        _links: z.nullish(z.object({ web: z.nullish(z.object({ href: z.string() })) })),
      }),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type Repository = z.output<Parts['repository']>;
type PullRequest = z.output<Parts['pullRequest']>;

const shortRef = (ref: string | null | undefined) => ref?.replace(/^refs\/(heads|tags)\//, '') || undefined;
/** The repository's web page: `webUrl` on newer payloads, else `remoteUrl` (whose user name the message fitter drops). */
const repoUrl = (r: Repository) => r.webUrl || r.remoteUrl || undefined;

/** At most this many commits are listed. */
const MAX_COMMITS = 5;

function push(p: Payload<'git.push'>): Embed {
  const { repository: repo, commits = [], refUpdates, pushedBy } = p.resource;
  const ref = shortRef(refUpdates[0]?.name);
  const list = commits ?? [];
  const base = repoUrl(repo);
  return {
    title: `[${repo.name}${ref ? `:${ref}` : ''}] ${list.length} new commit${list.length === 1 ? '' : 's'}`,
    ...(base ? { url: ref ? `${base}?version=GB${encodeURIComponent(ref)}` : base } : {}),
    author: { name: pushedBy.displayName },
    color: COLORS.info,
    ...(list.length
      ? {
          description:
            list.slice(0, MAX_COMMITS).map((c) => commitLine({ id: c.commitId, url: c.url ?? undefined, message: c.comment, author: c.author?.name ?? pushedBy.displayName })).join('\n') +
            (list.length > MAX_COMMITS ? `\nand ${list.length - MAX_COMMITS} more` : ''),
        }
      : {}),
  };
}

function pull(p: PullRequest, action: string, color: number): Embed {
  const r = p.resource;
  const base = repoUrl(r.repository);
  const url = r._links?.web?.href || (base ? `${base}/pullrequest/${r.pullRequestId}` : undefined);
  const source = shortRef(r.sourceRefName), target = shortRef(r.targetRefName);
  return {
    title: `[${r.repository.name}] Pull request #${r.pullRequestId} ${action}: ${r.title}`,
    ...(url ? { url } : {}),
    author: { name: r.createdBy.displayName },
    color,
    ...(r.description?.trim() ? { description: escapeMarkdown(r.description.trim()) } : {}),
    fields: [
      ...(source && target ? [{ name: 'Branches', value: `${escapeMarkdown(source)} → ${escapeMarkdown(target)}`, inline: true }] : []),
      ...(r.status ? [{ name: 'Status', value: escapeMarkdown(r.status), inline: true }] : []),
    ],
  };
}

// Build results: succeeded, partiallySucceeded, failed, stopped (canceled).
const BUILD_COLORS: Record<string, number> = { succeeded: COLORS.created, partiallySucceeded: COLORS.warning, failed: COLORS.closed, stopped: COLORS.neutral, canceled: COLORS.neutral };

function build(p: Payload<'build.complete'>): Embed {
  const r = p.resource;
  // `sourceGetVersion` is "LG:refs/heads/master:<sha>" for Git; newer payloads have `sourceBranch`.
  const [, ref, sha] = /^LG:([^:]+):([0-9a-f]+)$/.exec(r.sourceGetVersion ?? '') ?? [];
  const branch = shortRef(r.sourceBranch ?? ref);
  // The build's web page: `_links.web` on newer payloads, else the link Azure DevOps put in its own message.
  const url = r._links?.web?.href || /\]\((https?:\/\/[^)\s]+)\)/.exec(p.message?.markdown ?? '')?.[1];
  const who = r.requests?.[0]?.requestedFor?.displayName || r.lastChangedBy?.displayName;
  const duration = durationBetween(r.startTime, r.finishTime);
  return {
    title: `[${r.definition.name}] Build ${r.buildNumber} ${r.status}${branch ? ` on ${branch}` : ''}`,
    ...(url ? { url } : {}),
    ...(who ? { author: { name: who } } : {}),
    color: BUILD_COLORS[r.status] ?? COLORS.neutral,
    fields: [
      ...(sha ? [{ name: 'Commit', value: `\`${sha.slice(0, 7)}\``, inline: true }] : []),
      ...(duration ? [{ name: 'Duration', value: duration, inline: true }] : []),
      ...(r.reason ? [{ name: 'Reason', value: escapeMarkdown(r.reason), inline: true }] : []),
    ],
  };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'git.push': push,
  'git.pullrequest.created': (p) => pull(p, 'opened', COLORS.created),
  // An update may be anything (a vote, a new push, completion): its status says where it stands.
  'git.pullrequest.updated': (p) =>
    pull(p, p.resource.status === 'completed' ? 'completed' : p.resource.status === 'abandoned' ? 'abandoned' : 'updated', p.resource.status === 'completed' ? COLORS.merged : p.resource.status === 'abandoned' ? COLORS.closed : COLORS.info),
  // "Merge attempted": Azure DevOps tried to build the merge commit; conflicts are worth a look.
  'git.pullrequest.merged': (p) =>
    p.resource.mergeStatus === 'succeeded' ? pull(p, 'merge commit created', COLORS.merged) : pull(p, `merge ${p.resource.mergeStatus ?? 'attempted'}`, COLORS.warning),
  'build.complete': build,
};

export const azuredevops: Provider = schemaProvider({
  name: 'azuredevops',
  displayName: 'Azure DevOps',
  description: 'Code pushes with their commits, pull requests opened, updated and merge-attempted, and completed builds with result, branch, commit and duration.',
  docs: 'https://learn.microsoft.com/en-us/azure/devops/service-hooks/services/webhooks',
  event: fromField('eventType'),
  deliveryId: fromField('id'),
  schemas,
  renderers,
});
