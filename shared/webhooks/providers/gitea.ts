import * as z from 'zod/mini';
import { inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, schemaProvider, type Provider } from '../provider';
import { isNoCommit, refOf, refPath } from '../refUpdate';
import { pushEmbed } from '../render/pushEmbed';
import { authorNamed, linkTo, textOf } from '../render/embedParts';
import { about, inRepo, named, numbered } from '../render/titles';
import { eventWords, outcomeColor } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Gitea and the forges sharing its webhooks (Forgejo, Gogs): X-<Forge>-Event, -Delivery and
 * -Signature (hex HMAC-SHA256 of the body). Payloads resemble GitHub's but differ, and older
 * versions send fewer fields, so they are read tolerantly.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const user = z.object({ login: z.string(), username: z.string(), full_name: z.string() });
  const repository = z.object({ full_name: z.string(), html_url: z.string() });
  // `pull_request` is set (Gitea, Gogs) when the issue is a pull request.
  const issue = z.object({
    number: z.number(),
    title: z.string(),
    body: z.string(),
    html_url: z.string(),
    user,
    pull_request: z.object({}),
  });
  const pullRequest = z.object({
    number: z.number(),
    title: z.string(),
    body: z.string(),
    html_url: z.string(),
    user,
    merged: z.boolean(),
    head: z.object({ ref: z.string() }),
    base: z.object({ ref: z.string() }),
  });
  const comment = z.object({ body: z.string(), html_url: z.string(), user });
  const base = { repository, sender: user, action: z.string() };
  const pullRequestEvent = z.object({ ...base, number: z.number(), pull_request: pullRequest });
  const commentEvent = z.object({ ...base, issue, comment, is_pull: z.boolean() });
  // A review (approved, changes requested, commented), or from some Gitea versions a comment on the
  // pull request in an issue comment's shape (`issue`, `comment`, no `pull_request`): the renderer tells.
  const reviewEvent = z.object({
    ...pullRequestEvent.shape,
    ...commentEvent.shape,
    review: z.object({ content: z.string() }),
  });
  const refEvent = z.object({ ...base, ref: z.string(), ref_type: z.string() });
  return { user, repository, base, issue, pullRequestEvent, commentEvent, reviewEvent, refEvent };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { user, repository, base, issue, pullRequestEvent, commentEvent, reviewEvent, refEvent } = parts();
  return {
    push: z.object({
      ...base,
      ref: z.string(),
      before: z.string(),
      after: z.string(),
      compare_url: z.string(),
      commits: z.array(
        z.object({ id: z.string(), message: z.string(), url: z.string(), author: z.object({ name: z.string() }) }),
      ),
      total_commits: z.number(),
      pusher: user,
    }),
    create: refEvent,
    delete: refEvent,
    fork: z.object({ ...base, forkee: repository }),
    // Assignments, labels and milestones arrive as `issues` and `pull_request` too, told apart by `action`.
    issues: z.object({ ...base, issue }),
    issue_comment: commentEvent,
    pull_request: pullRequestEvent,
    pull_request_approved: reviewEvent,
    pull_request_rejected: reviewEvent,
    pull_request_comment: reviewEvent,
    release: z.object({
      ...base,
      release: z.object({
        tag_name: z.string(),
        name: z.string(),
        body: z.string(),
        html_url: z.string(),
        prerelease: z.boolean(),
        draft: z.boolean(),
      }),
    }),
    repository: z.object(base),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type User = TolerantOutput<Parts['user']> | undefined;

const nameOf = (u: User) => u?.full_name || u?.login || u?.username || undefined;
const author = (...users: User[]) => authorNamed(...users.map(nameOf));
const MAX_TEXT = 500;
const text = (value: string | undefined) => textOf(value, MAX_TEXT);

/** Gitea's actions in words: "label_updated" -> "labels updated", "milestoned" -> "milestone set". */
const ACTION_WORDS: Record<string, string> = {
  label_updated: 'labels updated',
  label_cleared: 'labels cleared',
  milestoned: 'milestone set',
  demilestoned: 'milestone removed',
};
const actionWords = (action: string) => entryOf(ACTION_WORDS, action) ?? eventWords(action).toLowerCase();
/** "Issue opened", or the kind alone when the payload names no action. */
const headline = (kind: string, action: string | undefined) => (action ? `${kind} ${actionWords(action)}` : kind);
const closedColor = (action: string | undefined) => outcomeColor(action === 'closed' ? 'deleted' : action);
/** What a release is called while it is a pre-release or a draft. */
const releaseKind = (release: Payload<'release'>['release']) =>
  release?.prerelease ? 'Pre-release' : release?.draft ? 'Draft release' : 'Release';

function issueEmbed(p: Payload<'issues'>): Embed {
  const subject = numbered(p.issue?.number, p.issue?.title);
  return {
    title: `${inRepo(p.repository?.full_name)}${about(headline('Issue', p.action), subject)}`,
    ...linkTo(p.issue?.html_url, p.repository?.html_url),
    color: closedColor(p.action),
    ...author(p.sender, p.issue?.user),
    ...(p.action === 'opened' ? text(p.issue?.body) : {}),
  };
}

function pullRequestEmbed(p: Payload<'pull_request'>): Embed {
  const r = p.pull_request;
  const merged = p.action === 'closed' && r?.merged === true;
  const number = r?.number ?? p.number;
  // "synchronized": new commits were pushed to the pull request.
  const title =
    p.action === 'synchronized'
      ? `Pushed to ${named('pull request', number, r?.title)}`
      : about(merged ? 'Pull request merged' : headline('Pull request', p.action), numbered(number, r?.title));
  return {
    title: `${inRepo(p.repository?.full_name)}${title}`,
    ...linkTo(r?.html_url, p.repository?.html_url),
    color: merged ? COLORS.merged : closedColor(p.action),
    ...author(p.sender, r?.user),
    ...(p.action === 'opened' ? text(r?.body) : {}),
    ...(r?.head?.ref && r.base?.ref
      ? { fields: [{ name: 'Branches', value: `${inlineCode(r.head.ref)} → ${inlineCode(r.base.ref)}`, inline: true }] }
      : {}),
  };
}

/**
 * Whether a comment is on a pull request: a forge says so by `is_pull`
 * (Gitea), the issue's `pull_request` (both), or only its pages (…/pulls/2).
 */
const onPullRequest = (p: Payload<'issue_comment'>) =>
  !!(p.is_pull || p.issue?.pull_request) ||
  [p.comment?.html_url, p.issue?.html_url].some((url) => /\/pulls\/\d+/.test(url ?? ''));

/** Comment actions: created, edited, deleted; a deleted comment's text is not news to post again. */
const commentEmbed = (p: Payload<'issue_comment'>, onPull = onPullRequest(p)): Embed => ({
  title:
    `${inRepo(p.repository?.full_name)}${headline('Comment', p.action ?? 'created')} on ` +
    named(onPull ? 'pull request' : 'issue', p.issue?.number, p.issue?.title),
  ...linkTo(p.comment?.html_url, p.issue?.html_url, p.repository?.html_url),
  color: p.action === 'deleted' ? COLORS.neutral : COLORS.info,
  ...author(p.comment?.user, p.sender),
  ...(p.action === 'deleted' ? {} : text(p.comment?.body)),
});

/** What a review said, by the event Gitea sends it under. */
const REVIEWS: Record<
  'pull_request_approved' | 'pull_request_rejected' | 'pull_request_comment',
  { headline: (number: number | undefined, title: string | undefined) => string; color: number }
> = {
  pull_request_approved: {
    headline: (number, title) => about('Pull request approved', numbered(number, title)),
    color: COLORS.created,
  },
  pull_request_rejected: {
    headline: (number, title) => `Changes requested on ${named('pull request', number, title)}`,
    color: COLORS.closed,
  },
  pull_request_comment: {
    headline: (number, title) => about('Pull request reviewed', numbered(number, title)),
    color: COLORS.info,
  },
};

/**
 * A review; or, sent under a review's event in an issue comment's
 * shape (no `pull_request`), a comment on the pull request.
 */
const reviewEmbed =
  (kind: keyof typeof REVIEWS) =>
  (p: Payload<'pull_request_comment'>): Embed => {
    if (!p.pull_request && (p.issue || p.comment)) return commentEmbed(p, true);
    const r = p.pull_request;
    return {
      title: `${inRepo(p.repository?.full_name)}${REVIEWS[kind].headline(r?.number ?? p.number, r?.title)}`,
      ...linkTo(r?.html_url, p.repository?.html_url),
      color: REVIEWS[kind].color,
      ...author(p.sender),
      ...text(p.review?.content),
    };
  };

/** A branch's or tag's page (Gitea's paths: /src/branch/<name>, /src/tag/<name>). */
const refPage = (repository: { html_url?: string | undefined } | undefined, kind: 'branch' | 'tag', name: string) =>
  repository?.html_url && name ? `${repository.html_url}/src/${kind}/${refPath(name)}` : undefined;

function refEmbed(p: Payload<'create'>, deleted: boolean): Embed {
  const { name } = refOf(p.ref ?? '');
  const kind = p.ref_type === 'tag' ? 'tag' : 'branch';
  return {
    ...pushEmbed({
      repo: p.repository?.full_name ?? '',
      kind,
      name,
      created: !deleted,
      deleted,
      commits: [],
      refPage: refPage(p.repository, kind, name),
      home: p.repository?.html_url,
    }),
    ...author(p.sender),
  };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  push: (p) => {
    const { kind, name } = refOf(p.ref ?? '');
    const commits = p.commits ?? [];
    const total = p.total_commits ?? commits.length;
    const [created, deleted] = [isNoCommit(p.before), isNoCommit(p.after)];
    return {
      ...pushEmbed({
        repo: p.repository?.full_name ?? '',
        kind,
        name,
        created,
        deleted,
        commits: commits.map((c) => ({ id: c.id, message: c.message, url: c.url, author: c.author?.name })),
        total,
        // A compare view from or to "no commit" is no page.
        compare: created || deleted ? undefined : p.compare_url,
        refPage: refPage(p.repository, kind, name),
        home: p.repository?.html_url,
      }),
      ...author(p.pusher, p.sender),
    };
  },
  create: (p) => refEmbed(p, false),
  delete: (p) => refEmbed(p, true),
  // Unlike GitHub's, the forkee is the repository forked from; `repository` is the new fork.
  fork: (p) => ({
    title: p.forkee?.full_name
      ? `[${p.forkee.full_name}] Forked${p.repository?.full_name ? ` to ${p.repository.full_name}` : ''}`
      : `${inRepo(p.repository?.full_name)}Fork created`,
    ...linkTo(p.repository?.html_url, p.forkee?.html_url),
    color: COLORS.created,
    ...author(p.sender),
  }),
  issues: issueEmbed,
  issue_comment: (p) => commentEmbed(p),
  pull_request: pullRequestEmbed,
  pull_request_approved: reviewEmbed('pull_request_approved'),
  pull_request_rejected: reviewEmbed('pull_request_rejected'),
  pull_request_comment: reviewEmbed('pull_request_comment'),
  release: (p) => ({
    title:
      inRepo(p.repository?.full_name) +
      about(headline(releaseKind(p.release), p.action), p.release?.name || p.release?.tag_name || ''),
    ...linkTo(p.release?.html_url, p.repository?.html_url),
    color: outcomeColor(p.action === 'published' ? 'created' : p.action),
    ...author(p.sender),
    ...text(p.release?.body),
  }),
  repository: (p) => ({
    title: `${inRepo(p.repository?.full_name)}${headline('Repository', p.action ?? 'updated')}`,
    ...linkTo(p.repository?.html_url),
    color: outcomeColor(p.action),
    ...author(p.sender),
  }),
};

/** One of the forges: the same payloads under its own header names; `events`, when it sends fewer. */
function forge(
  name: string,
  displayName: string,
  headers: string,
  docs: string,
  events: readonly EventName[] = Object.keys(renderers) as EventName[],
): Provider {
  const pick = <T>(all: Record<EventName, T>) =>
    Object.fromEntries(events.map((event) => [event, all[event]])) as Record<EventName, T>;
  return schemaProvider({
    name,
    displayName,
    description:
      'Pushes (branches and tags created, updated, deleted), issues, ' +
      `pull requests${events.includes('pull_request_comment') ? ', reviews' : ''}, comments, releases, ` +
      `forks${events.includes('repository') ? ' and repositories' : ''}, as ${displayName} sends them.`,
    docs,
    signature: { kind: 'hmac', header: `X-${headers}-Signature`, algorithm: 'sha256', encoding: 'hex' },
    event: fromHeader(`X-${headers}-Event`),
    action: fromField('action'),
    deliveryId: fromHeader(`X-${headers}-Delivery`),
    schemas,
    renderers: pick(renderers as Record<EventName, unknown>) as typeof renderers,
  });
}

export const gitea = forge('gitea', 'Gitea', 'Gitea', 'https://docs.gitea.com/usage/webhooks');
export const forgejo = forge('forgejo', 'Forgejo', 'Forgejo', 'https://forgejo.org/docs/latest/user/webhooks/');
// Gogs sends no review or repository events.
export const gogs = forge('gogs', 'Gogs', 'Gogs', 'https://gogs.io/docs/features/webhook', [
  'push',
  'create',
  'delete',
  'fork',
  'issues',
  'issue_comment',
  'pull_request',
  'release',
]);
