import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, type Embed } from '../../discord/message';
import { refUpdateHeadline } from '../refUpdate';
import { changedFields, COLORS, fromHeader, schemaProvider, type Provider } from '../provider';

/**
 * Bitbucket Cloud: the event is the X-Event-Key header ("repo:push", "pullrequest:created", ...),
 * the delivery id X-Request-UUID (X-Hook-UUID names the webhook, the same on every delivery);
 * bodies are JSON. Links are `{ html: { href } }` objects, all optional in our schemas.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const link = z.object({ href: z.string() });
  const account = z.object({
    display_name: z.string(),
    nickname: z.optional(z.string()),
    links: z.optional(z.object({ html: z.optional(link), avatar: z.optional(link) })),
  });
  const repository = z.object({ full_name: z.string(), links: z.optional(z.object({ html: z.optional(link) })) });
  const base = z.object({ actor: account, repository });
  const pullrequest = z.object({
    id: z.number(),
    title: z.string(),
    description: z.nullish(z.string()),
    reason: z.nullish(z.string()),
    source: z.optional(z.object({ branch: z.object({ name: z.string() }) })),
    destination: z.optional(z.object({ branch: z.object({ name: z.string() }) })),
    links: z.object({ html: link }),
  });
  const comment = z.object({ content: z.object({ raw: z.nullish(z.string()) }), links: z.object({ html: link }) });
  const commit = z.object({
    hash: z.string(),
    message: z.string(),
    // Documented as an account, sent today as `{ raw: "Name <email>", user? }`: read either.
    author: z.nullish(z.object({ raw: z.optional(z.string()), display_name: z.optional(z.string()), user: z.nullish(z.object({ display_name: z.string() })) })),
    links: z.optional(z.object({ html: link })),
  });
  const commitStatus = z.object({ name: z.nullish(z.string()), key: z.string(), state: z.string(), url: z.string(), description: z.nullish(z.string()), refname: z.nullish(z.string()) });
  /** An approval or a change request: who, and when. */
  const review = z.object({ user: account });
  const issue = z.object({ id: z.number(), title: z.string(), content: z.optional(z.object({ raw: z.nullish(z.string()) })), links: z.object({ html: link }) });
  const ref = z.object({ type: z.string(), name: z.string(), links: z.optional(z.object({ html: z.optional(link) })) });
  return { link, account, repository, base, pullrequest, comment, commit, commitStatus, review, issue, ref };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { link, repository, base, pullrequest, comment, commit, commitStatus, review, issue, ref } = parts();
  return {
    'repo:push': z.extend(base, {
      push: z.object({
        changes: z
          .array(
            z.object({
              // `new` is null when the ref was deleted, `old` when it was created.
              new: z.nullable(ref),
              old: z.nullable(ref),
              forced: z.optional(z.boolean()),
              truncated: z.optional(z.boolean()),
              commits: z.optional(z.array(commit)),
              links: z.optional(z.object({ html: z.optional(link) })),
            }),
          )
          .check(z.minLength(1)),
      }),
    }),
    'pullrequest:created': z.extend(base, { pullrequest }),
    'pullrequest:fulfilled': z.extend(base, { pullrequest }),
    'pullrequest:rejected': z.extend(base, { pullrequest }),
    'pullrequest:comment_created': z.extend(base, { pullrequest, comment }),
    'issue:created': z.extend(base, { issue }),
    'repo:commit_status_updated': z.extend(base, { commit_status: commitStatus }),
    'repo:commit_status_created': z.extend(base, { commit_status: commitStatus }),
    'pullrequest:updated': z.extend(base, { pullrequest }),
    'pullrequest:approved': z.extend(base, { pullrequest, approval: review }),
    'pullrequest:unapproved': z.extend(base, { pullrequest, approval: review }),
    'pullrequest:changes_request_created': z.extend(base, { pullrequest, changes_request: review }),
    'pullrequest:changes_request_removed': z.extend(base, { pullrequest, changes_request: review }),
    'pullrequest:comment_updated': z.extend(base, { pullrequest, comment }),
    'pullrequest:comment_deleted': z.extend(base, { pullrequest, comment }),
    'issue:updated': z.extend(base, { issue, changes: z.optional(z.record(z.string(), z.unknown())) }),
    'issue:comment_created': z.extend(base, { issue, comment }),
    'repo:fork': z.extend(base, { fork: repository }),
    'repo:updated': z.extend(base, { changes: z.record(z.string(), z.unknown()) }),
    'repo:commit_comment_created': z.extend(base, { comment, commit: z.object({ hash: z.string() }) }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type Account = z.output<Parts['account']>;
type Repository = z.output<Parts['repository']>;

const author = (a: Account) => ({
  name: a.display_name,
  ...(a.links?.html ? { url: a.links.html.href } : {}),
  ...(a.links?.avatar ? { icon_url: a.links.avatar.href } : {}),
});
const repoUrl = (r: Repository) => (r.links?.html ? { url: r.links.html.href } : {});
const commitAuthor = (c: z.output<Parts['commit']>) => c.author?.user?.display_name ?? c.author?.display_name ?? c.author?.raw?.replace(/\s*<[^>]*>$/, '') ?? '';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const STATUS_COLORS: Record<string, number> = { SUCCESSFUL: COLORS.created, FAILED: COLORS.closed, INPROGRESS: COLORS.warning, STOPPED: COLORS.neutral };

/** A build status, created or updated (Bitbucket sends both). */
const buildStatus = (p: Payload<'repo:commit_status_updated'>): Embed => ({
  title: `[${p.repository.full_name}] Build ${p.commit_status.name || p.commit_status.key} ${p.commit_status.state.toLowerCase()}${p.commit_status.refname ? ` on ${p.commit_status.refname}` : ''}`,
  url: p.commit_status.url,
  author: author(p.actor),
  color: STATUS_COLORS[p.commit_status.state] ?? COLORS.neutral,
  ...(p.commit_status.description ? { description: escapeMarkdown(p.commit_status.description) } : {}),
});

/** An approval or change request on a pull request: the reviewer is its author. */
const pullRequestReview = (p: Payload<'pullrequest:created'>, verb: string, color: number, by: z.output<Parts['review']>): Embed => ({
  title: `[${p.repository.full_name}] Pull request ${verb}: #${p.pullrequest.id} ${p.pullrequest.title}`,
  url: p.pullrequest.links.html.href,
  author: author(by.user),
  color,
});

/** A comment on a pull request, new or changed (a deleted one's text is not repeated). */
const pullRequestComment = (p: Payload<'pullrequest:comment_created'>, what: string, showText = true): Embed => ({
  title: `[${p.repository.full_name}] ${what} on pull request #${p.pullrequest.id}: ${p.pullrequest.title}`,
  url: p.comment.links.html.href,
  author: author(p.actor),
  color: COLORS.info,
  ...(showText && p.comment.content.raw ? { description: escapeMarkdown(p.comment.content.raw) } : {}),
});

/** The pull request events differ only in verb and colour. */
const pullRequest =
  (verb: string, color: number, describe: (pr: z.output<Parts['pullrequest']>) => string | null | undefined) =>
  (p: Payload<'pullrequest:created'>): Embed => {
    const text = describe(p.pullrequest);
    const branches = p.pullrequest.source && p.pullrequest.destination ? [{ name: 'Branches', value: `${escapeMarkdown(p.pullrequest.source.branch.name)} → ${escapeMarkdown(p.pullrequest.destination.branch.name)}`, inline: true }] : [];
    return {
      title: `[${p.repository.full_name}] Pull request ${verb}: #${p.pullrequest.id} ${p.pullrequest.title}`,
      url: p.pullrequest.links.html.href,
      author: author(p.actor),
      color,
      ...(text ? { description: escapeMarkdown(text) } : {}),
      ...(branches.length ? { fields: branches } : {}),
    };
  };

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'repo:push': (p) => {
    // One embed per delivery: the first ref changed names it, the rest are counted in the footer.
    const [change, ...others] = p.push.changes;
    const more = others.length ? { footer: { text: `and ${plural(others.length, 'more ref')} changed` } } : {};
    const commits = change?.commits ?? [];
    const side = change?.new ?? change?.old;
    const update = {
      repo: p.repository.full_name,
      kind: side?.type === 'tag' ? ('tag' as const) : ('branch' as const),
      name: side?.name ?? '',
      created: !change?.old,
      deleted: !change?.new,
      commits: commits.length,
      // Bitbucket sends at most five commits per change and says so with `truncated`.
      more: change?.truncated === true,
      forced: change?.forced === true,
    };
    // The most specific page: the new branch or tag, the compare view of new commits, the repository once the ref is gone.
    const page = update.deleted ? undefined : update.kind === 'tag' || (update.created && !commits.length) ? change?.new?.links?.html : (change?.links?.html ?? change?.new?.links?.html);
    return {
      ...refUpdateHeadline(update),
      ...(page ? { url: page.href } : repoUrl(p.repository)),
      author: author(p.actor),
      description: commits
        .slice(0, 10)
        .map((c) => commitLine({ id: c.hash, url: c.links?.html.href, message: c.message, author: commitAuthor(c) }))
        .join('\n'),
      ...more,
    };
  },
  'pullrequest:created': pullRequest('opened', COLORS.created, (pr) => pr.description),
  'pullrequest:fulfilled': pullRequest('merged', COLORS.merged, () => null),
  'pullrequest:rejected': pullRequest('declined', COLORS.closed, (pr) => pr.reason),
  'pullrequest:comment_created': (p) => pullRequestComment(p, 'New comment'),
  'issue:created': (p) => ({
    title: `[${p.repository.full_name}] Issue created: #${p.issue.id} ${p.issue.title}`,
    url: p.issue.links.html.href,
    author: author(p.actor),
    color: COLORS.created,
    ...(p.issue.content?.raw ? { description: escapeMarkdown(p.issue.content.raw) } : {}),
  }),
  'repo:commit_status_updated': (p) => buildStatus(p),
  'repo:commit_status_created': (p) => buildStatus(p),
  'pullrequest:updated': pullRequest('updated', COLORS.info, () => null),
  'pullrequest:approved': (p) => pullRequestReview(p, 'approved', COLORS.created, p.approval),
  'pullrequest:unapproved': (p) => pullRequestReview(p, 'approval removed', COLORS.warning, p.approval),
  'pullrequest:changes_request_created': (p) => pullRequestReview(p, 'changes requested', COLORS.closed, p.changes_request),
  'pullrequest:changes_request_removed': (p) => pullRequestReview(p, 'change request removed', COLORS.neutral, p.changes_request),
  'pullrequest:comment_updated': (p) => pullRequestComment(p, 'Comment edited'),
  'pullrequest:comment_deleted': (p) => pullRequestComment(p, 'Comment deleted', false),
  'issue:updated': (p) => ({
    title: `[${p.repository.full_name}] Issue updated: #${p.issue.id} ${p.issue.title}`,
    url: p.issue.links.html.href,
    author: author(p.actor),
    color: COLORS.info,
    ...changedFields(p.changes),
  }),
  'issue:comment_created': (p) => ({
    title: `[${p.repository.full_name}] New comment on issue #${p.issue.id}: ${p.issue.title}`,
    url: p.comment.links.html.href,
    author: author(p.actor),
    color: COLORS.info,
    ...(p.comment.content.raw ? { description: escapeMarkdown(p.comment.content.raw) } : {}),
  }),
  'repo:fork': (p) => ({ title: `[${p.repository.full_name}] Fork created: ${p.fork.full_name}`, ...repoUrl(p.fork.links?.html ? p.fork : p.repository), author: author(p.actor), color: COLORS.info }),
  'repo:updated': (p) => ({
    title: `[${p.repository.full_name}] Repository settings changed`,
    ...repoUrl(p.repository),
    author: author(p.actor),
    color: COLORS.info,
    ...changedFields(p.changes),
  }),
  'repo:commit_comment_created': (p) => ({
    title: `[${p.repository.full_name}] New comment on commit ${p.commit.hash.slice(0, 7)}`,
    url: p.comment.links.html.href,
    author: author(p.actor),
    color: COLORS.info,
    ...(p.comment.content.raw ? { description: escapeMarkdown(p.comment.content.raw) } : {}),
  }),
};

export const bitbucket: Provider = schemaProvider({
  name: 'bitbucket',
  displayName: 'Bitbucket',
  description: 'Bitbucket Cloud pushes (tags and deletions too), pull requests (opened, updated, approved, changes requested, merged, declined, comments), issues and their comments, forks, repository changes, commit comments and build statuses.',
  docs: 'https://support.atlassian.com/bitbucket-cloud/docs/event-payloads/',
  signature: { kind: 'hmac', header: 'x-hub-signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: fromHeader('X-Event-Key'),
  deliveryId: fromHeader('X-Request-UUID'),
  schemas,
  renderers,
});
