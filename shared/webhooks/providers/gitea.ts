import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, schemaProvider, type Provider } from '../provider';
import { isNoCommit, refOf, refUpdateHeadline } from '../refUpdate';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Gitea and the forges that share its webhooks, Forgejo (its fork) and Gogs (its ancestor): the
 * event is X-<Forge>-Event, the delivery id X-<Forge>-Delivery, the signature X-<Forge>-Signature
 * (hex HMAC-SHA256 of the body, no prefix). Payloads look like GitHub's but are not the same
 * (`compare_url`, `login`/`username`, issue and pull request actions of their own), and Gogs'
 * carry fewer fields, so everything but the repository is optional where a forge may leave it out.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const user = z.nullish(z.object({ login: z.optional(z.string()), username: z.optional(z.string()), full_name: z.optional(z.string()) }));
  const repository = z.object({ full_name: z.string(), html_url: z.optional(z.string()) });
  // `pull_request` is set (Gitea, Gogs) when the issue is a pull request.
  const issue = z.object({ number: z.number(), title: z.string(), body: z.nullish(z.string()), html_url: z.optional(z.string()), state: z.nullish(z.string()), user, pull_request: z.nullish(z.object({})) });
  const pullRequest = z.extend(issue, { number: z.optional(z.number()), merged: z.nullish(z.boolean()), head: z.nullish(z.object({ ref: z.string() })), base: z.nullish(z.object({ ref: z.string() })) });
  const base = { repository, sender: user };
  const issueEvent = z.object({ ...base, action: z.string(), issue });
  const pullRequestEvent = z.object({ ...base, action: z.string(), number: z.optional(z.number()), pull_request: pullRequest, review: z.nullish(z.object({ type: z.optional(z.string()), content: z.nullish(z.string()) })) });
  const commentEvent = z.object({ ...base, action: z.string(), issue, comment: z.object({ body: z.string(), html_url: z.optional(z.string()), user }), is_pull: z.optional(z.boolean()) });
  const refEvent = z.object({ ...base, ref: z.string(), ref_type: z.string() });
  return { user, repository, issue, pullRequest, base, issueEvent, pullRequestEvent, commentEvent, refEvent };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { user, repository, base, issueEvent, pullRequestEvent, commentEvent, refEvent } = parts();
  return {
    push: z.object({
      ...base,
      ref: z.string(),
      before: z.string(),
      after: z.string(),
      compare_url: z.nullish(z.string()),
      commits: z.nullish(z.array(z.object({ id: z.string(), message: z.string(), url: z.optional(z.string()), author: z.nullish(z.object({ name: z.string() })) }))),
      total_commits: z.optional(z.number()),
      pusher: user,
    }),
    create: refEvent,
    delete: refEvent,
    fork: z.object({ ...base, forkee: repository }),
    // Assignments, labels and milestones arrive as `issues` and `pull_request` too, told apart by `action`.
    issues: issueEvent,
    issue_comment: commentEvent,
    pull_request: pullRequestEvent,
    // A review's comment (Gitea's X-Gitea-Event-Type: pull_request_review_comment); other Gitea versions send
    // a comment on a pull request under this name shaped as an issue comment (`issue`, `is_pull`, no `pull_request`).
    pull_request_comment: z.union([pullRequestEvent, commentEvent]),
    release: z.object({ ...base, action: z.string(), release: z.object({ tag_name: z.string(), name: z.nullish(z.string()), body: z.nullish(z.string()), html_url: z.optional(z.string()), prerelease: z.optional(z.boolean()), draft: z.optional(z.boolean()) }) }),
    repository: z.object({ ...base, action: z.string() }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type User = z.output<Parts['user']>;

const nameOf = (u: User) => u?.full_name || u?.login || u?.username || undefined;
const author = (u: User) => (nameOf(u) ? { author: { name: nameOf(u) as string } } : {});
const link = (url: string | undefined) => (url ? { url } : {});
const MAX_TEXT = 500;
const text = (value: string | null | undefined) => (value ? { description: escapeMarkdown(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value) } : {});
const MAX_COMMITS = 5;

/** Gitea's actions in words: "label_updated" -> "labels updated", "milestoned" -> "milestone set". */
const ACTION_WORDS: Record<string, string> = { label_updated: 'labels updated', label_cleared: 'labels cleared', milestoned: 'milestone set', demilestoned: 'milestone removed' };
const actionWords = (action: string) => ACTION_WORDS[action] ?? eventWords(action).toLowerCase();

function issueEmbed(p: Payload<'issues'>): Embed {
  return { title: `[${p.repository.full_name}] Issue ${actionWords(p.action)}: #${p.issue.number} ${p.issue.title}`, ...link(p.issue.html_url), color: outcomeColor(p.action === 'closed' ? 'deleted' : p.action), ...author(p.sender ?? p.issue.user), ...(p.action === 'opened' ? text(p.issue.body) : {}) };
}

function pullRequestEmbed(p: Payload<'pull_request'>, what?: string): Embed {
  const r = p.pull_request;
  const action = what ?? (p.action === 'closed' && r.merged ? 'merged' : actionWords(p.action));
  const color = action === 'merged' ? COLORS.merged : outcomeColor(p.action === 'closed' ? 'deleted' : p.action);
  const number = `#${r.number ?? p.number ?? '?'}`;
  return {
    // "synchronized": new commits were pushed to the pull request.
    title: `[${p.repository.full_name}] ${p.action === 'synchronized' && !what ? `Pushed to pull request ${number}:` : `Pull request ${action}: ${number}`} ${r.title}`,
    ...link(r.html_url),
    color,
    ...author(p.sender ?? r.user),
    ...(p.review?.content ? text(p.review.content) : p.action === 'opened' ? text(r.body) : {}),
    ...(r.head && r.base ? { fields: [{ name: 'Branches', value: `${inlineCode(r.head.ref)} → ${inlineCode(r.base.ref)}`, inline: true }] } : {}),
  };
}

const commentEmbed = (p: Payload<'issue_comment'>): Embed => ({
  title: `[${p.repository.full_name}] Comment ${actionWords(p.action)} on ${p.is_pull || p.issue.pull_request ? 'pull request' : 'issue'} #${p.issue.number}: ${p.issue.title}`,
  ...link(p.comment.html_url ?? p.issue.html_url),
  color: p.action === 'deleted' ? COLORS.neutral : COLORS.info,
  ...author(p.comment.user ?? p.sender),
  // A deleted comment's text is not news to post again.
  ...(p.action === 'deleted' ? {} : text(p.comment.body)),
});

function refEmbed(p: Payload<'create'>, deleted: boolean): Embed {
  const { name } = refOf(p.ref);
  const kind = p.ref_type === 'tag' ? 'tag' : 'branch';
  const path = kind === 'tag' ? 'src/tag' : 'src/branch';
  return { ...refUpdateHeadline({ repo: p.repository.full_name, kind, name, created: !deleted, deleted, commits: 0 }), ...(deleted ? link(p.repository.html_url) : link(p.repository.html_url ? `${p.repository.html_url}/${path}/${name.split('/').map(encodeURIComponent).join('/')}` : undefined)), ...author(p.sender) };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  push: (p) => {
    const { kind, name } = refOf(p.ref);
    const commits = p.commits ?? [];
    const total = p.total_commits ?? commits.length;
    const created = isNoCommit(p.before);
    const deleted = isNoCommit(p.after);
    const lines = commits.slice(0, MAX_COMMITS).map((c) => commitLine({ id: c.id, message: c.message, author: c.author?.name ?? 'unknown', ...(c.url ? { url: c.url } : {}) }));
    // A compare view from or to "no commit" is no page: the branch's own page is.
    const compare = p.compare_url && !created && !deleted ? p.compare_url : undefined;
    return {
      ...refUpdateHeadline({ repo: p.repository.full_name, kind, name, created, deleted, commits: total, more: total > commits.length }),
      ...link(compare ?? (commits.length === 1 ? commits[0]?.url : undefined) ?? p.repository.html_url),
      ...author(p.pusher ?? p.sender),
      ...(lines.length ? { description: lines.join('\n') + (total > MAX_COMMITS ? `\n… and ${total - MAX_COMMITS} more` : '') } : {}),
    };
  },
  create: (p) => refEmbed(p, false),
  delete: (p) => refEmbed(p, true),
  // Unlike GitHub's, the forkee is the repository forked from; `repository` is the new fork.
  fork: (p) => ({ title: `[${p.forkee.full_name}] Forked to ${p.repository.full_name}`, ...link(p.repository.html_url), color: COLORS.created, ...author(p.sender) }),
  issues: issueEmbed,
  issue_comment: commentEmbed,
  pull_request: (p) => pullRequestEmbed(p),
  pull_request_comment: (p) => ('pull_request' in p ? pullRequestEmbed(p, 'reviewed') : commentEmbed({ ...p, is_pull: true })),
  release: (p) => ({
    title: `[${p.repository.full_name}] ${p.release.prerelease ? 'Pre-release' : p.release.draft ? 'Draft release' : 'Release'} ${actionWords(p.action)}: ${p.release.name || p.release.tag_name}`,
    ...link(p.release.html_url),
    color: outcomeColor(p.action === 'published' ? 'created' : p.action),
    ...author(p.sender),
    ...text(p.release.body),
  }),
  repository: (p) => ({ title: `[${p.repository.full_name}] Repository ${actionWords(p.action)}`, ...link(p.repository.html_url), color: outcomeColor(p.action), ...author(p.sender) }),
};

/** One of the forges: the same payloads under its own header names; `events`, when it sends fewer. */
function forge(name: string, displayName: string, headers: string, docs: string, events: readonly EventName[] = Object.keys(renderers) as EventName[]): Provider {
  const pick = <T>(all: Record<EventName, T>) => Object.fromEntries(events.map((event) => [event, all[event]])) as Record<EventName, T>;
  return schemaProvider({
    name,
    displayName,
    description: `Pushes (branches and tags created, updated, deleted), issues, pull requests${events.includes('pull_request_comment') ? ' and review comments' : ''}, comments, releases, forks${events.includes('repository') ? ' and repositories' : ''}, as ${displayName} sends them.`,
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
export const gogs = forge('gogs', 'Gogs', 'Gogs', 'https://gogs.io/docs/features/webhook', ['push', 'create', 'delete', 'fork', 'issues', 'issue_comment', 'pull_request', 'release']);
