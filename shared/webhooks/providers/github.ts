import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromHeader, schemaProvider, type Provider } from '../provider';
import { refOf, refPath, refUpdateHeadline } from '../refUpdate';

/**
 * GitHub: the event is in X-GitHub-Event, the delivery id in X-GitHub-Delivery; bodies are JSON or
 * form-encoded (`payload=`). Each rendered event has a schema of the fields it shows (everything
 * else passes through) and a renderer; text from the payload is escaped in descriptions.
 */
const user = z.object({ login: z.string(), html_url: z.string(), avatar_url: z.optional(z.string()) });
const repository = z.object({ full_name: z.string(), html_url: z.string() });
const base = z.object({ repository, sender: user });

const schemas = {
  ping: z.object({ zen: z.string(), hook_id: z.optional(z.number()), repository: z.optional(repository), sender: z.optional(user) }),
  push: z.extend(base, {
    ref: z.string(),
    compare: z.string(),
    // Older Gitea payloads (sent to /github) lack these: a missing field means "no".
    created: z.optional(z.boolean()),
    deleted: z.optional(z.boolean()),
    forced: z.optional(z.boolean()),
    commits: z.array(z.object({ id: z.string(), url: z.string(), message: z.string(), author: z.object({ name: z.string() }) })),
  }),
  pull_request: z.extend(base, {
    action: z.string(),
    number: z.number(),
    pull_request: z.object({ title: z.string(), html_url: z.string(), body: z.nullish(z.string()), merged: z.nullish(z.boolean()) }),
  }),
  issues: z.extend(base, { action: z.string(), issue: z.object({ number: z.number(), title: z.string(), html_url: z.string(), body: z.nullish(z.string()) }) }),
  issue_comment: z.extend(base, {
    action: z.string(),
    issue: z.object({ number: z.number(), title: z.string() }),
    comment: z.object({ html_url: z.string(), body: z.string() }),
  }),
  release: z.extend(base, { action: z.string(), release: z.object({ tag_name: z.string(), name: z.nullish(z.string()), html_url: z.string(), body: z.nullish(z.string()) }) }),
  create: z.extend(base, { ref: z.string(), ref_type: z.string() }),
  delete: z.extend(base, { ref: z.string(), ref_type: z.string() }),
  fork: z.extend(base, { forkee: z.object({ full_name: z.string(), html_url: z.string() }) }),
  star: z.extend(base, { action: z.string() }),
  watch: z.extend(base, { action: z.string() }),
  workflow_run: z.extend(base, {
    action: z.string(),
    workflow_run: z.object({ name: z.nullish(z.string()), html_url: z.string(), head_branch: z.nullish(z.string()), conclusion: z.nullish(z.string()), status: z.optional(z.string()) }),
  }),
  check_run: z.extend(base, {
    action: z.string(),
    check_run: z.object({ name: z.string(), html_url: z.nullish(z.string()), conclusion: z.nullish(z.string()), status: z.optional(z.string()) }),
  }),
};

type EventName = keyof typeof schemas;
type Payload<E extends EventName> = z.output<(typeof schemas)[E]>;

const author = (sender: z.output<typeof user>) => ({ name: sender.login, url: sender.html_url, ...(sender.avatar_url ? { icon_url: sender.avatar_url } : {}) });
const ACTION_COLORS: Record<string, number> = { opened: COLORS.created, reopened: COLORS.created, created: COLORS.created, published: COLORS.created, closed: COLORS.closed, deleted: COLORS.closed };
const conclusionColor = (conclusion: string | null | undefined) => (conclusion === 'success' ? COLORS.created : conclusion === 'failure' || conclusion === 'timed_out' ? COLORS.closed : COLORS.neutral);

/**
 * What a push did, and the most specific page for it: the compare view of new commits, the new
 * branch or tag, or (when it was deleted) the repository. A compare link with a side of zeros
 * leads nowhere, so it is never used.
 */
function pushHeadline(p: Payload<'push'>): Pick<Embed, 'title' | 'url' | 'color'> {
  const { kind, name } = refOf(p.ref);
  const update = { repo: p.repository.full_name, kind, name, created: p.created === true, deleted: p.deleted === true, commits: p.commits.length, forced: p.forced === true };
  const refPage = `${p.repository.html_url}/tree/${refPath(name)}`;
  const url = update.deleted ? p.repository.html_url : kind === 'tag' || (update.created && update.commits === 0) || /\/compare\/.*0{12}/.test(p.compare) ? refPage : p.compare;
  return { ...refUpdateHeadline(update), url };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  ping: (p) => ({ title: `Webhook connected${p.repository ? `: ${p.repository.full_name}` : ''}`, description: escapeMarkdown(p.zen), color: COLORS.neutral }),
  push: (p) => ({
    ...pushHeadline(p),
    author: author(p.sender),
    description: p.commits
      .slice(0, 10)
      .map((c) => commitLine({ id: c.id, url: c.url, message: c.message, author: c.author.name }))
      .join('\n'),
  }),
  pull_request: (p) => {
    const merged = p.action === 'closed' && p.pull_request.merged;
    return {
      title: `[${p.repository.full_name}] Pull request ${merged ? 'merged' : p.action.replace(/_/g, ' ')}: #${p.number} ${p.pull_request.title}`,
      url: p.pull_request.html_url,
      author: author(p.sender),
      color: merged ? COLORS.merged : (ACTION_COLORS[p.action] ?? COLORS.info),
      ...(p.action === 'opened' && p.pull_request.body ? { description: escapeMarkdown(p.pull_request.body) } : {}),
    };
  },
  issues: (p) => ({
    title: `[${p.repository.full_name}] Issue ${p.action.replace(/_/g, ' ')}: #${p.issue.number} ${p.issue.title}`,
    url: p.issue.html_url,
    author: author(p.sender),
    color: ACTION_COLORS[p.action] ?? COLORS.info,
    ...(p.action === 'opened' && p.issue.body ? { description: escapeMarkdown(p.issue.body) } : {}),
  }),
  issue_comment: (p) => ({
    title: `[${p.repository.full_name}] New comment on #${p.issue.number}: ${p.issue.title}`,
    url: p.comment.html_url,
    author: author(p.sender),
    color: COLORS.info,
    description: escapeMarkdown(p.comment.body),
  }),
  release: (p) => ({
    title: `[${p.repository.full_name}] Release ${p.action}: ${p.release.name || p.release.tag_name}`,
    url: p.release.html_url,
    author: author(p.sender),
    color: ACTION_COLORS[p.action] ?? COLORS.info,
    ...(p.release.body ? { description: escapeMarkdown(p.release.body) } : {}),
  }),
  create: (p) => ({ title: `[${p.repository.full_name}] New ${p.ref_type} created: ${p.ref}`, url: p.repository.html_url, author: author(p.sender), color: COLORS.created }),
  delete: (p) => ({ title: `[${p.repository.full_name}] ${p.ref_type} deleted: ${p.ref}`, url: p.repository.html_url, author: author(p.sender), color: COLORS.closed }),
  fork: (p) => ({ title: `[${p.repository.full_name}] Fork created: ${p.forkee.full_name}`, url: p.forkee.html_url, author: author(p.sender), color: COLORS.info }),
  star: (p) => ({ title: `[${p.repository.full_name}] Star ${p.action === 'deleted' ? 'removed' : 'added'}`, url: p.repository.html_url, author: author(p.sender), color: COLORS.warning }),
  watch: (p) => ({ title: `[${p.repository.full_name}] New watcher`, url: p.repository.html_url, author: author(p.sender), color: COLORS.warning }),
  workflow_run: (p) => ({
    title: `[${p.repository.full_name}] Workflow ${p.workflow_run.name ?? ''} ${p.workflow_run.conclusion ?? p.workflow_run.status ?? p.action}${p.workflow_run.head_branch ? ` on ${p.workflow_run.head_branch}` : ''}`.replace(/\s+/g, ' '),
    url: p.workflow_run.html_url,
    author: author(p.sender),
    color: conclusionColor(p.workflow_run.conclusion),
  }),
  check_run: (p) => ({
    title: `[${p.repository.full_name}] Check ${p.check_run.name} ${p.check_run.conclusion ?? p.check_run.status ?? p.action}`,
    ...(p.check_run.html_url ? { url: p.check_run.html_url } : {}),
    author: author(p.sender),
    color: conclusionColor(p.check_run.conclusion),
  }),
};

export const github: Provider = schemaProvider({
  name: 'github',
  displayName: 'GitHub',
  description: 'Pushes, pull requests, issues, comments, releases, workflow and check runs, stars and forks.',
  docs: 'https://docs.github.com/en/webhooks/webhook-events-and-payloads',
  signature: { kind: 'hmac', header: 'X-Hub-Signature-256', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: fromHeader('X-GitHub-Event'),
  deliveryId: fromHeader('X-GitHub-Delivery'),
  schemas,
  renderers,
});
