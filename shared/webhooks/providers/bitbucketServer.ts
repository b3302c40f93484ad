import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, firstOf, schemaProvider, type Provider } from '../provider';
import { refUpdateHeadline } from '../refUpdate';
import { commitList, descriptionOf } from '../render/commitLines';
import { authorNamed, linkTo, textOf } from '../render/embedParts';
import { about, inRepo, named, numbered } from '../render/titles';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Bitbucket Server and Data Center: the event is X-Event-Key, the delivery id X-Request-Id.
 * Versions differ in links and in a push's commits, so payloads are read tolerantly and what one
 * leaves out is left out of the message.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const links = z.object({ self: z.array(z.object({ href: z.string() })) });
  const user = z.object({ displayName: z.string(), name: z.string() });
  const repository = z.object({ slug: z.string(), name: z.string(), project: z.object({ key: z.string() }), links });
  const ref = z.object({ displayId: z.string(), latestCommit: z.string(), repository });
  const pullRequest = z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    state: z.string(),
    fromRef: ref,
    toRef: ref,
    reviewers: z.array(z.object({ user })),
    links,
  });
  const comment = z.object({ id: z.number(), text: z.string() });
  const pr = z.object({ actor: user, pullRequest });
  const prComment = z.object({ ...pr.shape, comment });
  const repoComment = z.object({ actor: user, repository, comment, commit: z.string() });
  const review = z.object({ ...pr.shape, participant: z.object({ user }) });
  return { user, repository, pullRequest, pr, prComment, repoComment, review };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { user, repository, pr, prComment, repoComment, review } = parts();
  const refChanges = z.array(
    z.object({
      ref: z.object({ displayId: z.string(), type: z.string() }),
      fromHash: z.string(),
      toHash: z.string(),
      type: z.string(),
    }),
  );
  return {
    'repo:refs_changed': z.object({
      actor: user,
      repository,
      changes: refChanges,
      commits: z.array(z.object({ id: z.string(), message: z.string(), author: user })),
    }),
    'repo:modified': z.object({ actor: user, old: repository, new: repository }),
    'repo:forked': z.object({ actor: user, repository: z.object({ ...repository.shape, origin: repository }) }),
    'repo:comment:added': repoComment,
    'repo:comment:edited': repoComment,
    'repo:comment:deleted': repoComment,
    'pr:opened': pr,
    'pr:modified': pr,
    // New commits on the source branch: its head before, and now (fromRef.latestCommit).
    'pr:from_ref_updated': z.object({ ...pr.shape, previousFromHash: z.string() }),
    'pr:merged': pr,
    'pr:declined': pr,
    'pr:deleted': pr,
    'pr:reviewer:approved': review,
    'pr:reviewer:unapproved': review,
    'pr:reviewer:needs_work': review,
    'pr:reviewer:updated': z.object({ ...pr.shape, addedReviewers: z.array(user), removedReviewers: z.array(user) }),
    'pr:comment:added': prComment,
    'pr:comment:edited': prComment,
    'pr:comment:deleted': prComment,
    // A mirror (Bitbucket Data Center smart mirroring) caught up with its upstream.
    'mirror:repo_synchronized': z.object({
      repository,
      mirrorServer: z.object({ name: z.string() }),
      changes: refChanges,
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type Repository = TolerantOutput<Parts['repository']> | undefined;
type User = TolerantOutput<Parts['user']> | undefined;
type PullRequestPayload = TolerantOutput<Parts['pr']>;

const self = (l: { self?: { href?: string | undefined }[] | undefined } | undefined) => l?.self?.[0]?.href;
/** "PROJECT/slug" (a personal repository's project key is "~user"), or what of it the payload gives. */
const repoName = (r: Repository) => [r?.project?.key, r?.slug || r?.name].filter(Boolean).join('/');
/** The repository's page ("…/browse") without the file browser's suffix. */
const repoPage = (r: Repository) => self(r?.links)?.replace(/\/browse$/, '');
const nameOf = (u: User) => u?.displayName || u?.name;
const author = (...users: User[]) => authorNamed(...users.map(nameOf));
const MAX_TEXT = 500;
const text = (value: string | undefined) => textOf(value, MAX_TEXT);
const short = (hash: string) => inlineCode(hash.slice(0, 7));
const names = (list: User[] | undefined) =>
  (list ?? [])
    .map(nameOf)
    .filter((name): name is string => !!name)
    .map(escapeMarkdown)
    .join(', ');

/** The pull request's repository (its target's, or its source's) and page. */
const prRepo = (r: PullRequestPayload['pullRequest']) => r?.toRef?.repository ?? r?.fromRef?.repository;
const prPage = (r: PullRequestPayload['pullRequest']) =>
  self(r?.links) ??
  (repoPage(prRepo(r)) && r?.id !== undefined ? `${repoPage(prRepo(r))}/pull-requests/${r.id}` : undefined);

/** A pull request's branches, state and reviewers, as far as the payload names them. */
function pullRequestFields(r: PullRequestPayload['pullRequest']): NonNullable<Embed['fields']> {
  const [from, to, state] = [r?.fromRef?.displayId, r?.toRef?.displayId, r?.state];
  const reviewers = names(r?.reviewers?.map((reviewer) => reviewer.user));
  return [
    ...(from && to ? [{ name: 'Branches', value: `${inlineCode(from)} → ${inlineCode(to)}`, inline: true }] : []),
    ...(state ? [{ name: 'State', value: escapeMarkdown(state.toLowerCase()), inline: true }] : []),
    ...(reviewers ? [{ name: 'Reviewers', value: reviewers, inline: true }] : []),
  ];
}

/**
 * A pull request event: `headline` says what happened, given what the pull
 * request is ("#2 Fix"); `body` the text shown (its description; '' for none).
 */
function pullRequestEmbed(
  p: PullRequestPayload,
  headline: (subject: string) => string,
  color: number,
  extra: Partial<Embed> = {},
  body = p.pullRequest?.description,
): Embed {
  const r = p.pullRequest;
  const fields = pullRequestFields(r);
  return {
    title: `${inRepo(repoName(prRepo(r)))}${headline(numbered(r?.id, r?.title))}`,
    ...linkTo(prPage(r), repoPage(prRepo(r))),
    color,
    ...author(p.actor),
    ...text(body),
    ...(fields.length ? { fields } : {}),
    ...extra,
  };
}
const saying = (headline: string) => (subject: string) => about(headline, subject);

/** A comment on a pull request, new, edited or deleted (a deleted one's text is not posted again). */
const prComments = (what: string, color: number) => (p: Payload<'pr:comment:added'>) => {
  const r = p.pullRequest;
  const page = prPage(r);
  const shown = what === 'Comment deleted' ? '' : (p.comment?.text ?? '');
  return pullRequestEmbed(
    p,
    () => `${what} on ${named('pull request', r?.id, r?.title)}`,
    color,
    linkTo(
      page && p.comment?.id !== undefined ? `${page}/overview?commentId=${p.comment.id}` : undefined,
      page,
      repoPage(prRepo(r)),
    ),
    shown,
  );
};
const repoComments =
  (what: string, color: number) =>
  (p: Payload<'repo:comment:added'>): Embed => ({
    title: `${inRepo(repoName(p.repository))}${what} on commit${p.commit ? ` ${p.commit.slice(0, 7)}` : ''}`,
    ...linkTo(
      repoPage(p.repository) && p.commit ? `${repoPage(p.repository)}/commits/${p.commit}` : undefined,
      repoPage(p.repository),
    ),
    color,
    ...author(p.actor),
    ...(what === 'Comment deleted' ? {} : text(p.comment?.text)),
  });
/** A reviewer's verdict: the reviewer is its author. */
const review = (headline: string, color: number) => (p: Payload<'pr:reviewer:approved'>) => ({
  ...pullRequestEmbed(p, saying(headline), color),
  ...author(p.participant?.user, p.actor),
});

/** Each ref a push changed, with its commits before and after. */
const CHANGES: Record<string, string> = { ADD: 'created', DELETE: 'deleted', UPDATE: 'updated' };
function changeLine(c: NonNullable<Payload<'repo:refs_changed'>['changes']>[number]): string {
  const hashes =
    c.type === 'ADD'
      ? c.toHash
        ? short(c.toHash)
        : ''
      : c.type === 'DELETE'
        ? c.fromHash
          ? `was ${short(c.fromHash)}`
          : ''
        : c.fromHash && c.toHash
          ? `${short(c.fromHash)} → ${short(c.toHash)}`
          : '';
  return [
    c.ref?.displayId ? `${escapeMarkdown(c.ref.displayId)}:` : undefined,
    entryOf(CHANGES, c.type ?? '') ?? (c.type ? escapeMarkdown(c.type.toLowerCase()) : undefined),
    hashes,
  ]
    .filter(Boolean)
    .join(' ');
}
const MAX_REFS = 10;
const refLines = (changes: Parameters<typeof changeLine>[0][]) => {
  const lines = changes.slice(0, MAX_REFS).map(changeLine).filter(Boolean);
  return lines.length
    ? lines.join('\n') + (changes.length > MAX_REFS ? `\n… and ${changes.length - MAX_REFS} more` : '')
    : undefined;
};

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'repo:refs_changed': (p) => {
    const changes = p.changes ?? [];
    const first = changes[0];
    const repo = repoName(p.repository);
    const page = repoPage(p.repository);
    const headline = refUpdateHeadline({
      repo,
      kind: first?.ref?.type === 'TAG' ? 'tag' : 'branch',
      name: first?.ref?.displayId ?? '',
      created: first?.type === 'ADD',
      deleted: first?.type === 'DELETE',
      commits: 0,
    });
    const refs = refLines(changes);
    const commits = commitList(
      (p.commits ?? []).map((c) => ({
        id: c.id,
        message: c.message,
        author: nameOf(c.author),
        url: page && c.id ? `${page}/commits/${c.id}` : undefined,
      })),
      5,
    );
    return {
      ...headline,
      ...linkTo(
        page && first?.type !== 'DELETE' && first?.toHash ? `${page}/commits/${first.toHash}` : undefined,
        page,
      ),
      ...author(p.actor),
      ...descriptionOf([refs, commits].filter(Boolean).join('\n\n')),
    };
  },
  'repo:modified': (p) => ({
    title: `${inRepo(repoName(p.new) || repoName(p.old))}Repository updated`,
    ...linkTo(repoPage(p.new), repoPage(p.old)),
    color: COLORS.info,
    ...author(p.actor),
    ...(p.old?.name && p.new?.name && p.old.name !== p.new.name
      ? { description: `Renamed from ${escapeMarkdown(p.old.name)}` }
      : {}),
  }),
  'repo:forked': (p) => {
    const [from, to] = [repoName(p.repository?.origin), repoName(p.repository)];
    return {
      title: from ? `[${from}] Forked${to ? ` to ${to}` : ''}` : `${inRepo(to)}Fork created`,
      ...linkTo(repoPage(p.repository), repoPage(p.repository?.origin)),
      color: COLORS.created,
      ...author(p.actor),
    };
  },
  'repo:comment:added': repoComments('New comment', COLORS.info),
  'repo:comment:edited': repoComments('Comment edited', COLORS.neutral),
  'repo:comment:deleted': repoComments('Comment deleted', COLORS.neutral),
  'pr:opened': (p) => pullRequestEmbed(p, saying('Pull request opened'), COLORS.created),
  'pr:modified': (p) => pullRequestEmbed(p, saying('Pull request edited'), COLORS.info),
  'pr:from_ref_updated': (p) => {
    const r = p.pullRequest;
    const [before, after] = [p.previousFromHash, r?.fromRef?.latestCommit];
    const [branches, ...others] = pullRequestFields(r);
    const fields = [
      ...(branches ? [branches] : []),
      ...(after
        ? [{ name: 'Head', value: `${before ? `${short(before)} → ` : ''}${short(after)}`, inline: true }]
        : []),
      ...others,
    ];
    const page = prPage(r);
    // New commits, not news of the description: the pull request's commits are the page to see.
    const extra = {
      ...linkTo(page ? `${page}/commits` : undefined, repoPage(prRepo(r))),
      ...(fields.length ? { fields } : {}),
    };
    return pullRequestEmbed(p, () => `Pushed to ${named('pull request', r?.id, r?.title)}`, COLORS.info, extra, '');
  },
  'pr:merged': (p) => pullRequestEmbed(p, saying('Pull request merged'), COLORS.merged),
  'pr:declined': (p) => pullRequestEmbed(p, saying('Pull request declined'), COLORS.closed),
  'pr:deleted': (p) => pullRequestEmbed(p, saying('Pull request deleted'), COLORS.closed),
  'pr:reviewer:approved': review('Pull request approved', COLORS.created),
  'pr:reviewer:unapproved': review('Pull request approval removed', COLORS.neutral),
  'pr:reviewer:needs_work': review('Pull request needs work', COLORS.warning),
  'pr:reviewer:updated': (p) => {
    const added = names(p.addedReviewers);
    const removed = names(p.removedReviewers);
    // Who was added and removed, after the branches and the reviewers now.
    const fields = [
      ...pullRequestFields(p.pullRequest),
      ...(added ? [{ name: 'Added', value: added }] : []),
      ...(removed ? [{ name: 'Removed', value: removed }] : []),
    ];
    return pullRequestEmbed(p, saying('Pull request reviewers changed'), COLORS.info, fields.length ? { fields } : {});
  },
  'pr:comment:added': prComments('New comment', COLORS.info),
  'pr:comment:edited': prComments('Comment edited', COLORS.neutral),
  'pr:comment:deleted': prComments('Comment deleted', COLORS.neutral),
  'mirror:repo_synchronized': (p) => {
    const refs = refLines(p.changes ?? []);
    return {
      title: `${inRepo(repoName(p.repository))}Mirror synchronized`,
      ...linkTo(repoPage(p.repository)),
      color: COLORS.info,
      // No one pushed: the mirror server that caught up is what the message is from.
      ...(p.mirrorServer?.name ? { author: { name: p.mirrorServer.name } } : {}),
      ...(refs ? { description: refs } : {}),
    };
  },
};

export const bitbucketServer: Provider = schemaProvider({
  name: 'bitbucketserver',
  displayName: 'Bitbucket Server',
  description:
    'Bitbucket Server / Data Center: pushes (branches and tags created, updated, deleted), ' +
    'pull requests (opened, new commits, edited, merged, declined, reviews, reviewers, comments), ' +
    'commit comments, forks, repository changes and mirror synchronizations. ' +
    'The test connection is answered (ignored), not posted.',
  docs: 'https://confluence.atlassian.com/bitbucketserver/event-payload-938025882.html',
  // https://confluence.atlassian.com/bitbucketserver/manage-webhooks-938025878.html: with a secret,
  // X-Hub-Signature carries sha256=<hex HMAC-SHA256 of the body>.
  signature: { kind: 'hmac', header: 'X-Hub-Signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: firstOf(fromHeader('X-Event-Key'), fromField('eventKey')),
  deliveryId: fromHeader('X-Request-Id'),
  schemas,
  renderers,
});
