import * as z from 'zod/mini';
import { escapeMarkdown, markdownLink, type Embed } from '../../discord/message';
import { COLORS, fromHeader, schemaProvider, type Provider } from '../provider';
import { pushEmbed } from '../render/pushEmbed';
import { linkTo, textOf } from '../render/embedParts';
import { about, inRepo, named, numbered } from '../render/titles';
import type { TolerantOutput } from '../tolerantRead';
import { changeLines } from './bitbucketChanges';
import { entryOf } from '../render/entryOf';

/**
 * Bitbucket Cloud: the event is the X-Event-Key header ("repo:push", "pullrequest:created", ...),
 * the delivery id X-Request-UUID (X-Hook-UUID names the webhook, the same on every delivery);
 * bodies are JSON, read tolerantly: what a payload leaves out is left out of the message. Links are
 * `{ html: { href } }` objects; a missing one falls back to the page under the repository's.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const html = z.object({ html: z.object({ href: z.string() }) });
  const account = z.object({
    display_name: z.string(),
    nickname: z.string(),
    username: z.string(),
    links: z.object({ html: z.object({ href: z.string() }), avatar: z.object({ href: z.string() }) }),
  });
  const repository = z.object({ full_name: z.string(), links: html });
  const base = { actor: account, repository };
  const branch = z.object({ branch: z.object({ name: z.string() }) });
  const pullrequest = z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    reason: z.string(),
    state: z.string(),
    source: branch,
    destination: branch,
    links: html,
  });
  const comment = z.object({ content: z.object({ raw: z.string() }), links: html });
  const commit = z.object({
    hash: z.string(),
    message: z.string(),
    // Documented as an account, sent today as `{ raw: "Name <email>", user? }`: read either.
    author: z.object({ raw: z.string(), display_name: z.string(), user: z.object({ display_name: z.string() }) }),
    links: html,
  });
  const commitStatus = z.object({
    name: z.string(),
    key: z.string(),
    state: z.string(),
    url: z.string(),
    description: z.string(),
    refname: z.string(),
  });
  /** An approval or a change request: who. */
  const review = z.object({ user: account });
  // Components, milestones and versions are named objects; some examples give the name alone.
  const namedThing = z.union([z.string(), z.object({ name: z.string() })]);
  const issue = z.object({
    id: z.number(),
    title: z.string(),
    content: z.object({ raw: z.string() }),
    state: z.string(),
    kind: z.string(),
    priority: z.string(),
    assignee: account,
    component: namedThing,
    milestone: namedThing,
    version: namedThing,
    links: html,
  });
  const ref = z.object({ type: z.string(), name: z.string(), links: html });
  const pullRequestEvent = z.object({ ...base, pullrequest });
  return {
    base,
    repository,
    pullrequest,
    pullRequestEvent,
    comment,
    commit,
    commitStatus,
    review,
    issue,
    ref,
    account,
  };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { base, repository, pullRequestEvent, comment, commit, commitStatus, review, issue, ref } = parts();
  const changes = z.record(z.string(), z.unknown());
  return {
    'repo:push': z.object({
      ...base,
      push: z.object({
        changes: z.array(
          z.object({
            // `new` is absent (null) when the ref was deleted, `old` when it was created.
            new: ref,
            old: ref,
            forced: z.boolean(),
            truncated: z.boolean(),
            commits: z.array(commit),
            links: z.object({ html: z.object({ href: z.string() }) }),
          }),
        ),
      }),
    }),
    'pullrequest:created': pullRequestEvent,
    'pullrequest:fulfilled': pullRequestEvent,
    'pullrequest:rejected': pullRequestEvent,
    'pullrequest:comment_created': z.object({ ...pullRequestEvent.shape, comment }),
    'issue:created': z.object({ ...base, issue }),
    'repo:commit_status_updated': z.object({ ...base, commit_status: commitStatus }),
    'repo:commit_status_created': z.object({ ...base, commit_status: commitStatus }),
    'pullrequest:updated': pullRequestEvent,
    'pullrequest:approved': z.object({ ...pullRequestEvent.shape, approval: review }),
    'pullrequest:unapproved': z.object({ ...pullRequestEvent.shape, approval: review }),
    'pullrequest:changes_request_created': z.object({ ...pullRequestEvent.shape, changes_request: review }),
    'pullrequest:changes_request_removed': z.object({ ...pullRequestEvent.shape, changes_request: review }),
    'pullrequest:comment_updated': z.object({ ...pullRequestEvent.shape, comment }),
    'pullrequest:comment_deleted': z.object({ ...pullRequestEvent.shape, comment }),
    'issue:updated': z.object({ ...base, issue, changes }),
    'issue:comment_created': z.object({ ...base, issue, comment }),
    'repo:fork': z.object({ ...base, fork: repository }),
    'repo:updated': z.object({ ...base, changes }),
    'repo:commit_comment_created': z.object({ ...base, comment, commit: z.object({ hash: z.string() }) }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type Account = TolerantOutput<Parts['account']> | undefined;
type Repository = TolerantOutput<Parts['repository']> | undefined;
type PullRequestPayload = Payload<'pullrequest:created'>;

/** The account's name, page and avatar, as far as the payload gives them. */
const author = (a: Account) => {
  const name = a?.display_name || a?.nickname || a?.username;
  return name
    ? {
        author: {
          name,
          ...(a?.links?.html?.href ? { url: a.links.html.href } : {}),
          ...(a?.links?.avatar?.href ? { icon_url: a.links.avatar.href } : {}),
        },
      }
    : {};
};
const repoPage = (r: Repository) => r?.links?.html?.href;
/** A page under the repository's (`pull-requests/1`), when the payload gives the repository's and the id. */
const under = (r: Repository, path: string, id: number | string | undefined) =>
  repoPage(r) && id !== undefined && id !== '' ? `${repoPage(r)}/${path}/${id}` : undefined;
const prPage = (p: PullRequestPayload) =>
  p.pullrequest?.links?.html?.href ?? under(p.repository, 'pull-requests', p.pullrequest?.id);
const text = (value: string | undefined) => textOf(value);
const commitAuthor = (c: TolerantOutput<Parts['commit']>) =>
  c.author?.user?.display_name || c.author?.display_name || c.author?.raw?.replace(/\s*<[^>]*>$/, '') || undefined;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Build states in words and colours. */
const STATES: Record<string, [words: string, color: number]> = {
  SUCCESSFUL: ['passed', COLORS.created],
  FAILED: ['failed', COLORS.closed],
  INPROGRESS: ['in progress', COLORS.warning],
  STOPPED: ['stopped', COLORS.neutral],
};

/** A build status, created or updated (Bitbucket sends both). */
const buildStatus = (p: Payload<'repo:commit_status_updated'>): Embed => {
  const s = p.commit_status;
  const [words, color] = entryOf(STATES, s?.state ?? '') ?? [s?.state?.toLowerCase(), COLORS.neutral];
  const name = s?.name || s?.key;
  const build = ['Build', name, words ?? 'updated'].filter(Boolean).join(' ');
  return {
    title: `${inRepo(p.repository?.full_name)}${build}${s?.refname ? ` on ${s.refname}` : ''}`,
    ...linkTo(s?.url, repoPage(p.repository)),
    ...author(p.actor),
    color,
    ...text(s?.description),
  };
};

/**
 * A pull request's title: "[repo] Pull request opened: #1 Fix" (or
 * the headline alone, when the payload names no pull request).
 */
const pullRequestTitle = (p: PullRequestPayload, headline: string) =>
  `${inRepo(p.repository?.full_name)}${about(headline, numbered(p.pullrequest?.id, p.pullrequest?.title))}`;

/** An approval or change request on a pull request: the reviewer is its author. */
const pullRequestReview = (p: PullRequestPayload, verb: string, color: number, by: Account): Embed => ({
  title: pullRequestTitle(p, `Pull request ${verb}`),
  ...linkTo(prPage(p), repoPage(p.repository)),
  ...author(by ?? p.actor),
  color,
});

/** A comment on a pull request, new or changed (a deleted one's text is not repeated). */
const pullRequestComment = (p: Payload<'pullrequest:comment_created'>, what: string, showText = true): Embed => ({
  title:
    `${inRepo(p.repository?.full_name)}${what} on ` +
    `${named('pull request', p.pullrequest?.id, p.pullrequest?.title)}`,
  ...linkTo(p.comment?.links?.html?.href, prPage(p), repoPage(p.repository)),
  ...author(p.actor),
  color: showText ? COLORS.info : COLORS.neutral,
  ...(showText ? text(p.comment?.content?.raw) : {}),
});

/** The pull request events differ only in verb, colour and the text shown. */
const pullRequest =
  (verb: string, color: number, describe: (pr: PullRequestPayload['pullrequest']) => string | undefined) =>
  (p: PullRequestPayload): Embed => {
    const [from, to, state] = [
      p.pullrequest?.source?.branch?.name,
      p.pullrequest?.destination?.branch?.name,
      p.pullrequest?.state,
    ];
    const fields = [
      ...(from && to
        ? [{ name: 'Branches', value: `${escapeMarkdown(from)} → ${escapeMarkdown(to)}`, inline: true }]
        : []),
      ...(state ? [{ name: 'State', value: escapeMarkdown(state.toLowerCase()), inline: true }] : []),
    ];
    return {
      title: pullRequestTitle(p, `Pull request ${verb}`),
      ...linkTo(prPage(p), repoPage(p.repository)),
      ...author(p.actor),
      color,
      ...text(describe(p.pullrequest)),
      ...(fields.length ? { fields } : {}),
    };
  };

/** An issue's facts beside its text: state, kind, priority, assignee, component, milestone, version. */
function issueFields(issue: Payload<'issue:created'>['issue']): NonNullable<Embed['fields']> {
  const nameOf = (thing: string | { name?: string | undefined } | undefined) =>
    typeof thing === 'string' ? thing : thing?.name;
  const facts: [string, string | undefined][] = [
    ['State', issue?.state],
    ['Kind', issue?.kind],
    ['Priority', issue?.priority],
    ['Assignee', issue?.assignee?.display_name || issue?.assignee?.nickname],
    ['Component', nameOf(issue?.component)],
    ['Milestone', nameOf(issue?.milestone)],
    ['Version', nameOf(issue?.version)],
  ];
  return facts.flatMap(([name, value]) => (value ? [{ name, value: escapeMarkdown(value), inline: true }] : []));
}

const issueTitle = (p: Payload<'issue:created'>, headline: string) =>
  `${inRepo(p.repository?.full_name)}${about(headline, numbered(p.issue?.id, p.issue?.title))}`;
const issuePage = (p: Payload<'issue:created'>) =>
  p.issue?.links?.html?.href ?? under(p.repository, 'issues', p.issue?.id);

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'repo:push': (p) => {
    // One embed per delivery: the first ref changed names it, the rest are named in the footer.
    const [change, ...others] = p.push?.changes ?? [];
    const otherRefs = others.map((c) => (c.new ?? c.old)?.name).filter(Boolean);
    const listed = otherRefs.length ? `: ${otherRefs.slice(0, 5).join(', ')}${otherRefs.length > 5 ? ', …' : ''}` : '';
    const more = others.length ? { footer: { text: `and ${plural(others.length, 'more ref')} changed${listed}` } } : {};
    const side = change?.new ?? change?.old;
    return {
      ...pushEmbed({
        repo: p.repository?.full_name ?? '',
        kind: side?.type === 'tag' ? 'tag' : 'branch',
        name: side?.name ?? '',
        // A change without either side says nothing of a creation or deletion: an update.
        created: !!change?.new && !change.old,
        deleted: !!change?.old && !change.new,
        commits: (change?.commits ?? []).map((c) => ({
          id: c.hash,
          url: c.links?.html?.href,
          message: c.message,
          author: commitAuthor(c),
        })),
        // Bitbucket sends at most five commits per change and says so with `truncated`.
        more: change?.truncated === true,
        forced: change?.forced === true,
        compare: change?.links?.html?.href,
        refPage: change?.new?.links?.html?.href,
        home: repoPage(p.repository),
      }),
      ...author(p.actor),
      ...more,
    };
  },
  'pullrequest:created': pullRequest('opened', COLORS.created, (pr) => pr?.description),
  'pullrequest:fulfilled': pullRequest('merged', COLORS.merged, () => undefined),
  'pullrequest:rejected': pullRequest('declined', COLORS.closed, (pr) => pr?.reason),
  'pullrequest:comment_created': (p) => pullRequestComment(p, 'New comment'),
  'issue:created': (p) => ({
    title: issueTitle(p, 'Issue opened'),
    ...linkTo(issuePage(p), repoPage(p.repository)),
    ...author(p.actor),
    color: COLORS.created,
    ...text(p.issue?.content?.raw),
    ...(issueFields(p.issue).length ? { fields: issueFields(p.issue) } : {}),
  }),
  'repo:commit_status_updated': buildStatus,
  'repo:commit_status_created': buildStatus,
  'pullrequest:updated': pullRequest('updated', COLORS.info, (pr) => pr?.description),
  'pullrequest:approved': (p) => pullRequestReview(p, 'approved', COLORS.created, p.approval?.user),
  'pullrequest:unapproved': (p) => pullRequestReview(p, 'approval removed', COLORS.warning, p.approval?.user),
  'pullrequest:changes_request_created': (p) =>
    pullRequestReview(p, 'changes requested', COLORS.closed, p.changes_request?.user),
  'pullrequest:changes_request_removed': (p) =>
    pullRequestReview(p, 'change request removed', COLORS.neutral, p.changes_request?.user),
  'pullrequest:comment_updated': (p) => pullRequestComment(p, 'Comment edited'),
  'pullrequest:comment_deleted': (p) => pullRequestComment(p, 'Comment deleted', false),
  'issue:updated': (p) => ({
    title: issueTitle(p, 'Issue updated'),
    ...linkTo(issuePage(p), repoPage(p.repository)),
    ...author(p.actor),
    color: COLORS.info,
    ...changeLines(p.changes),
  }),
  'issue:comment_created': (p) => ({
    title: `${inRepo(p.repository?.full_name)}New comment on ${named('issue', p.issue?.id, p.issue?.title)}`,
    ...linkTo(p.comment?.links?.html?.href, issuePage(p), repoPage(p.repository)),
    ...author(p.actor),
    color: COLORS.info,
    ...text(p.comment?.content?.raw),
  }),
  'repo:fork': (p) => ({
    title: `${inRepo(p.repository?.full_name)}${about('Fork created', p.fork?.full_name ?? '')}`,
    ...linkTo(repoPage(p.fork), repoPage(p.repository)),
    ...author(p.actor),
    color: COLORS.info,
    // The fork is the link; the repository forked from is named with its own.
    ...(p.repository?.full_name
      ? { description: `Forked from ${markdownLink(escapeMarkdown(p.repository.full_name), repoPage(p.repository))}` }
      : {}),
  }),
  'repo:updated': (p) => ({
    title: `${inRepo(p.repository?.full_name)}Repository settings changed`,
    ...linkTo(repoPage(p.repository)),
    ...author(p.actor),
    color: COLORS.info,
    ...changeLines(p.changes),
  }),
  'repo:commit_comment_created': (p) => {
    const sha = p.commit?.hash?.slice(0, 7);
    return {
      title: `${inRepo(p.repository?.full_name)}New comment on commit${sha ? ` ${sha}` : ''}`,
      ...linkTo(p.comment?.links?.html?.href, under(p.repository, 'commits', p.commit?.hash), repoPage(p.repository)),
      ...author(p.actor),
      color: COLORS.info,
      ...text(p.comment?.content?.raw),
    };
  },
};

export const bitbucket: Provider = schemaProvider({
  name: 'bitbucket',
  displayName: 'Bitbucket',
  description:
    'Bitbucket Cloud pushes (tags and deletions too), ' +
    'pull requests (opened, updated, approved, changes requested, merged, declined, comments), ' +
    'issues and their comments, forks, repository changes, commit comments and build statuses.',
  docs: 'https://support.atlassian.com/bitbucket-cloud/docs/event-payloads/',
  signature: { kind: 'hmac', header: 'x-hub-signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: fromHeader('X-Event-Key'),
  deliveryId: fromHeader('X-Request-UUID'),
  schemas,
  renderers,
});
