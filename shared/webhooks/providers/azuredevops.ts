import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { isNoCommit, refOf } from '../refUpdate';
import { pushEmbed } from '../render/pushEmbed';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords, outcomeColor } from '../render/words';
import { durationBetween } from './duration';
import { entryOf } from '../render/entryOf';

/**
 * Azure DevOps service hooks: the event is the body's `eventType`, the delivery id its `id`.
 * Deliveries are unsigned (a hook can only add basic authentication or headers), so no secret is
 * taken; events without a renderer are told in Azure DevOps's own `message`.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const identity = z.object({ displayName: z.string() });
  const repository = z.object({ name: z.string(), remoteUrl: z.string(), webUrl: z.string() });
  const message = z.object({ text: z.string(), markdown: z.string() });
  const pullRequest = z.object({
    repository,
    pullRequestId: z.number(),
    status: z.string(),
    createdBy: identity,
    title: z.string(),
    description: z.string(),
    sourceRefName: z.string(),
    targetRefName: z.string(),
    mergeStatus: z.string(),
    _links: z.object({ web: z.object({ href: z.string() }) }),
  });
  return { identity, repository, message, pullRequest };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { identity, repository, message, pullRequest } = parts();
  const pullRequestEvent = z.object({ message, resource: pullRequest });
  return {
    'git.push': z.object({
      resource: z.object({
        repository,
        pushedBy: identity,
        refUpdates: z.array(z.object({ name: z.string(), oldObjectId: z.string(), newObjectId: z.string() })),
        commits: z.array(
          z.object({
            commitId: z.string(),
            comment: z.string(),
            url: z.string(),
            author: z.object({ name: z.string() }),
          }),
        ),
      }),
    }),
    'git.pullrequest.created': pullRequestEvent,
    'git.pullrequest.updated': pullRequestEvent,
    'git.pullrequest.merged': pullRequestEvent,
    'ms.vss-code.git-pullrequest-comment-event': z.object({
      message,
      resource: z.object({
        comment: z.object({
          content: z.string(),
          isDeleted: z.boolean(),
          parentCommentId: z.number(),
          author: identity,
        }),
        pullRequest,
      }),
    }),
    'build.complete': z.object({
      message,
      resource: z.object({
        buildNumber: z.string(),
        status: z.string(),
        reason: z.string(),
        startTime: z.string(),
        finishTime: z.string(),
        sourceGetVersion: z.string(),
        sourceBranch: z.string(),
        definition: z.object({ name: z.string() }),
        requests: z.array(z.object({ requestedFor: identity })),
        lastChangedBy: identity,
        _links: z.object({ web: z.object({ href: z.string() }) }),
      }),
    }),
  };
};

/** Any other event: Azure DevOps's own sentence and its longer form. */
const envelope = () => {
  const { message } = parts();
  return z.object({ message, detailedMessage: message });
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type Repository = TolerantOutput<Parts['repository']>;
type PullRequest = TolerantOutput<Parts['pullRequest']>;
type Message = TolerantOutput<Parts['message']>;

const shortRef = (ref: string | undefined) => ref?.replace(/^refs\/(heads|tags)\//, '') || undefined;
/**
 * The repository's web page: `webUrl` on newer payloads, else `remoteUrl` (whose user name the message fitter drops).
 */
const repoUrl = (r: Repository | undefined) => r?.webUrl || r?.remoteUrl || undefined;
/** "[repository:branch] " before a title, or nothing when neither is named. */
const prefix = (...names: (string | undefined)[]) =>
  names.some(Boolean) ? `[${names.filter(Boolean).join(':')}] ` : '';
/** The first link of Azure DevOps's own markdown sentence (the build, the comment's discussion). */
const firstLink = (m: Message | undefined) => /\]\((https?:\/\/[^)\s]+)\)/.exec(m?.markdown ?? '')?.[1];
/** "Pull request #1: my first pull request", with what the payload has. */
const pullRequestName = (r: PullRequest | undefined) =>
  `pull request${r?.pullRequestId !== undefined ? ` #${r.pullRequestId}` : ''}${r?.title ? `: ${r.title}` : ''}`;
const pullRequestUrl = (r: PullRequest | undefined) => {
  const base = repoUrl(r?.repository);
  return (
    r?._links?.web?.href || (base && r?.pullRequestId !== undefined ? `${base}/pullrequest/${r.pullRequestId}` : base)
  );
};
const author = (name: string | undefined) => (name ? { author: { name } } : {});

/** A push read for the forges' push builder: its first ref update (git's zeros on a side that did not exist). */
function push(p: Payload<'git.push'>): Embed {
  const { repository: repo, refUpdates, pushedBy } = p.resource ?? {};
  const update = refUpdates?.[0];
  const { kind, name } = refOf(update?.name ?? '');
  const home = repoUrl(repo);
  return {
    ...pushEmbed({
      repo: repo?.name ?? '',
      kind,
      name,
      created: isNoCommit(update?.oldObjectId),
      deleted: isNoCommit(update?.newObjectId),
      commits: (p.resource?.commits ?? [])
        .filter((c) => c.commitId)
        .map((c) => ({
          id: c.commitId,
          url: c.url,
          message: c.comment,
          author: c.author?.name || pushedBy?.displayName,
        })),
      // Azure Repos names a branch's version GB<name>, a tag's GT<name>.
      refPage: home && name ? `${home}?version=${kind === 'tag' ? 'GT' : 'GB'}${encodeURIComponent(name)}` : undefined,
      home,
    }),
    ...author(pushedBy?.displayName),
  };
}

/**
 * A pull request's event; `said` is Azure DevOps's sentence about
 * an update, which names who did what (a vote, a push, completion).
 */
function pull(r: PullRequest | undefined, action: string, color: number, said?: string): Embed {
  const source = shortRef(r?.sourceRefName),
    target = shortRef(r?.targetRefName);
  const url = pullRequestUrl(r);
  const number = r?.pullRequestId !== undefined ? ` #${r.pullRequestId}` : '';
  return {
    title: `${prefix(r?.repository?.name)}Pull request${number} ${action}${r?.title ? `: ${r.title}` : ''}`,
    ...(url ? { url } : {}),
    ...author(r?.createdBy?.displayName),
    color,
    ...(r?.description?.trim() ? { description: escapeMarkdown(r.description.trim()) } : {}),
    fields: [
      ...(source && target
        ? [{ name: 'Branches', value: `${escapeMarkdown(source)} → ${escapeMarkdown(target)}`, inline: true }]
        : []),
      ...(r?.status ? [{ name: 'Status', value: escapeMarkdown(r.status), inline: true }] : []),
      ...(said ? [{ name: 'Update', value: escapeMarkdown(said) }] : []),
    ],
  };
}

/** The first line of Azure DevOps's own sentence about an event. */
const sentence = (m: Message | undefined) => m?.text?.split(/\r?\n/)[0]?.trim() || undefined;

/** What an update did, as far as its status tells: completion and abandonment are worth their own words. */
const UPDATES: Record<string, [string, number]> = {
  completed: ['completed', COLORS.merged],
  abandoned: ['abandoned', COLORS.closed],
};

/**
 * Azure DevOps says in its own sentence whether a comment was added,
 * edited or deleted ("Jamal Hartnett has edited a pull request comment").
 */
function commentAction(p: Payload<'ms.vss-code.git-pullrequest-comment-event'>): 'deleted' | 'edited' | 'new' {
  if (p.resource?.comment?.isDeleted) return 'deleted';
  const said = p.message?.text ?? '';
  return /\bdeleted\b/i.test(said) ? 'deleted' : /\bedited\b/i.test(said) ? 'edited' : 'new';
}

function comment(p: Payload<'ms.vss-code.git-pullrequest-comment-event'>): Embed {
  const { comment: c, pullRequest: r } = p.resource ?? {};
  const action = commentAction(p);
  const words = action === 'new' ? `New ${c?.parentCommentId ? 'reply' : 'comment'} on` : `Comment ${action} on`;
  const url = firstLink(p.message) || pullRequestUrl(r);
  return {
    title: `${prefix(r?.repository?.name)}${words} ${pullRequestName(r)}`,
    ...(url ? { url } : {}),
    ...author(c?.author?.displayName),
    color: action === 'deleted' ? COLORS.neutral : COLORS.info,
    // A deleted comment's text is not repeated.
    ...(action !== 'deleted' && c?.content?.trim() ? { description: escapeMarkdown(c.content.trim()) } : {}),
  };
}

// Build results: succeeded, partiallySucceeded, failed, stopped (canceled).
const BUILD_COLORS: Record<string, number> = {
  succeeded: COLORS.created,
  partiallySucceeded: COLORS.warning,
  failed: COLORS.closed,
  stopped: COLORS.neutral,
  canceled: COLORS.neutral,
};

function build(p: Payload<'build.complete'>): Embed {
  const r = p.resource ?? {};
  // `sourceGetVersion` is "LG:refs/heads/master:<sha>" for Git; newer payloads have `sourceBranch`.
  const [, ref, sha] = /^LG:([^:]+):([0-9a-f]+)$/.exec(r.sourceGetVersion ?? '') ?? [];
  const branch = shortRef(r.sourceBranch ?? ref);
  // The build's web page: `_links.web` on newer payloads, else the link Azure DevOps put in its own message.
  const url = r._links?.web?.href || firstLink(p.message);
  const who = r.requests?.[0]?.requestedFor?.displayName || r.lastChangedBy?.displayName;
  const duration = durationBetween(r.startTime, r.finishTime);
  const number = r.buildNumber ? ` ${r.buildNumber}` : '';
  const state = r.status ? eventWords(r.status).toLowerCase() : 'completed';
  return {
    title: `${prefix(r.definition?.name)}Build${number} ${state}${branch ? ` on ${branch}` : ''}`,
    ...(url ? { url } : {}),
    ...author(who),
    color: entryOf(BUILD_COLORS, r.status ?? '') ?? COLORS.neutral,
    fields: [
      ...(sha ? [{ name: 'Commit', value: `\`${sha.slice(0, 7)}\``, inline: true }] : []),
      ...(duration ? [{ name: 'Duration', value: duration, inline: true }] : []),
      ...(r.reason ? [{ name: 'Reason', value: escapeMarkdown(r.reason), inline: true }] : []),
    ],
  };
}

/**
 * Any other event in Azure DevOps's own words: its sentence as the title, what the longer form adds
 * below it (without the sentence again, nor the "(https://...)" line the link already gives).
 */
function told(p: TolerantOutput<ReturnType<typeof envelope>>, event: string): Embed {
  const title = sentence(p.message) || eventWords(event.replace(/^ms\.vss-[a-z]+\./, ''));
  const detail = p.detailedMessage?.text?.replace(/\r\n/g, '\n').trim() ?? '';
  const more = (detail.startsWith(title) ? detail.slice(title.length) : detail)
    .split('\n')
    .filter((line) => !/^\(https?:\/\/\S+\)$/.test(line.trim()))
    .join('\n')
    .trim();
  const url = firstLink(p.message) || firstLink(p.detailedMessage);
  return {
    title,
    ...(url ? { url } : {}),
    color: outcomeColor(event.split('.').at(-1), title.split(' ').at(-1)),
    ...(more ? { description: escapeMarkdown(more) } : {}),
  };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'git.push': push,
  'git.pullrequest.created': (p) => pull(p.resource, 'opened', COLORS.created),
  // An update may be anything (a vote, a new push, completion): its status says where it stands.
  'git.pullrequest.updated': (p) =>
    pull(p.resource, ...(entryOf(UPDATES, p.resource?.status ?? '') ?? ['updated', COLORS.info]), sentence(p.message)),
  // "Merge attempted": Azure DevOps tried to build the merge commit; conflicts are worth a look.
  'git.pullrequest.merged': (p) =>
    p.resource?.mergeStatus === 'succeeded'
      ? pull(p.resource, 'merge commit created', COLORS.merged)
      : pull(
          p.resource,
          `merge ${p.resource?.mergeStatus ? eventWords(p.resource.mergeStatus).toLowerCase() : 'attempted'}`,
          COLORS.warning,
        ),
  'ms.vss-code.git-pullrequest-comment-event': comment,
  'build.complete': build,
};

export const azuredevops: Provider = schemaProvider({
  name: 'azuredevops',
  displayName: 'Azure DevOps',
  description:
    'Code pushes with their commits, pull requests opened, updated and merge-attempted, ' +
    'pull request comments (new, edited, deleted), completed builds with result, branch, commit and duration, ' +
    "and every other service-hook event (work items, releases, pipeline runs, check-ins) in Azure DevOps's own words.",
  docs: 'https://learn.microsoft.com/en-us/azure/devops/service-hooks/services/webhooks',
  event: fromField('eventType'),
  deliveryId: fromField('id'),
  schemas,
  renderers,
  everyOtherEvent: { schema: envelope, render: told },
});
