import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, schemaProvider, type Provider } from '../provider';
import { refOf, refPath, refUpdateHeadline } from '../refUpdate';
import { eventWords } from '../render/words';

/**
 * GitHub: the event is in X-GitHub-Event, the delivery id in X-GitHub-Delivery; bodies are JSON or
 * form-encoded (`payload=`). Each rendered event has a schema of the fields it shows (everything
 * else passes through) and a renderer; text from the payload is escaped in descriptions.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  // Gitea, sending GitHub's headers to /github, gives people no html_url.
  const user = z.object({ login: z.string(), html_url: z.optional(z.string()), avatar_url: z.optional(z.string()) });
  const repository = z.object({ full_name: z.string(), html_url: z.string() });
  // Gitea and Gogs payloads sent here (under X-GitHub-Event) may lack a sender: only the author line needs one.
  const base = z.object({ repository, sender: z.optional(user) });
  const pullRequestRef = z.object({ number: z.number(), title: z.string(), html_url: z.string() });
  return { user, repository, base, pullRequestRef };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { user, repository, base, pullRequestRef } = parts();
  return {
    ping: z.object({ zen: z.string(), hook_id: z.optional(z.number()), repository: z.optional(repository), sender: z.optional(user) }),
    push: z.extend(base, {
      ref: z.string(),
      // Gitea names it compare_url (and older Gitea sends neither created nor deleted).
      compare: z.optional(z.string()),
      compare_url: z.optional(z.string()),
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
      // The run's name may be empty; the workflow's is the one its file gives.
      workflow: z.nullish(z.object({ name: z.nullish(z.string()) })),
    }),
    check_run: z.extend(base, {
      action: z.string(),
      check_run: z.object({ name: z.string(), html_url: z.nullish(z.string()), conclusion: z.nullish(z.string()), status: z.optional(z.string()) }),
    }),
    pull_request_review: z.extend(base, {
      action: z.string(),
      review: z.object({ state: z.string(), html_url: z.string(), body: z.nullish(z.string()), user }),
      pull_request: pullRequestRef,
    }),
    pull_request_review_comment: z.extend(base, { action: z.string(), comment: z.object({ html_url: z.string(), body: z.string(), path: z.nullish(z.string()), user }), pull_request: pullRequestRef }),
    commit_comment: z.extend(base, { action: z.string(), comment: z.object({ html_url: z.string(), body: z.string(), commit_id: z.string(), user }) }),
    discussion: z.extend(base, {
      action: z.string(),
      discussion: z.object({ number: z.number(), title: z.string(), html_url: z.string(), body: z.nullish(z.string()), category: z.optional(z.object({ name: z.string() })) }),
    }),
    discussion_comment: z.extend(base, { action: z.string(), comment: z.object({ html_url: z.string(), body: z.string() }), discussion: z.object({ number: z.number(), title: z.string() }) }),
    workflow_job: z.extend(base, {
      action: z.string(),
      workflow_job: z.object({ name: z.string(), html_url: z.string(), status: z.string(), conclusion: z.nullish(z.string()), head_branch: z.nullish(z.string()), workflow_name: z.nullish(z.string()) }),
    }),
    deployment_status: z.extend(base, {
      deployment_status: z.object({ state: z.string(), environment: z.optional(z.string()), description: z.nullish(z.string()), target_url: z.nullish(z.string()), log_url: z.nullish(z.string()), environment_url: z.nullish(z.string()) }),
      deployment: z.object({ ref: z.string(), environment: z.string() }),
    }),
    status: z.extend(base, {
      sha: z.string(),
      state: z.string(),
      context: z.string(),
      description: z.nullish(z.string()),
      target_url: z.nullish(z.string()),
      commit: z.object({ html_url: z.string() }),
    }),
    gollum: z.extend(base, { pages: z.array(z.object({ title: z.string(), action: z.string(), html_url: z.string() })).check(z.minLength(1)) }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

const author = (sender: z.output<Parts['user']> | undefined) => (sender ? { author: { name: sender.login, ...(sender.html_url ? { url: sender.html_url } : {}), ...(sender.avatar_url ? { icon_url: sender.avatar_url } : {}) } } : {});
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
  const compare = p.compare ?? p.compare_url;
  const url = update.deleted ? p.repository.html_url : kind === 'tag' || (update.created && update.commits === 0) || !compare || /\/compare\/.*0{12}/.test(compare) ? refPage : compare;
  return { ...refUpdateHeadline(update), url };
}

/** What a review said, in words and colour. */
const REVIEW_STATES: Record<string, [string, number]> = {
  approved: ['approved', COLORS.created],
  changes_requested: ['changes requested', COLORS.closed],
  commented: ['reviewed', COLORS.info],
  dismissed: ['review dismissed', COLORS.neutral],
};
/** A status or deployment state's colour: done well, failed, or under way. */
const stateColor = (state: string) => (state === 'success' ? COLORS.created : state === 'failure' || state === 'error' ? COLORS.closed : COLORS.warning);
/** A link only when the payload has a real one (GitHub sends "" for "none"). */
const linkTo = (...candidates: (string | null | undefined)[]) => {
  const url = candidates.find((candidate) => candidate && /^https?:\/\//.test(candidate));
  return url ? { url } : {};
};
const body = (text: string | null | undefined) => (text ? { description: escapeMarkdown(text) } : {});
/** A comment's news by its action: "New comment", "Edited a comment", "Deleted a comment" (`what` names the comment). */
const commented = (action: string, what: string) => (action === 'created' ? `New ${what}` : `${eventWords(action)} a ${what}`);
/** A comment's text, except a deleted one's: what was removed is not news to post again. */
const commentText = (action: string, text: string) => (action === 'deleted' ? {} : body(text));
/** A pull request's news before its title: "Pull request opened: #1", or for "synchronize" (new commits pushed to it) "Pushed to pull request #1:". */
const pullRequestNews = (action: string, merged: boolean, number: number) => (action === 'synchronize' ? `Pushed to pull request #${number}:` : `Pull request ${merged ? 'merged' : action.replace(/_/g, ' ')}: #${number}`);

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  ping: (p) => ({ title: `Webhook connected${p.repository ? `: ${p.repository.full_name}` : ''}`, description: escapeMarkdown(p.zen), color: COLORS.neutral }),
  push: (p) => ({
    ...pushHeadline(p),
    ...author(p.sender),
    description: p.commits
      .slice(0, 10)
      .map((c) => commitLine({ id: c.id, url: c.url, message: c.message, author: c.author.name }))
      .join('\n'),
  }),
  pull_request: (p) => {
    const merged = p.action === 'closed' && p.pull_request.merged;
    return {
      title: `[${p.repository.full_name}] ${pullRequestNews(p.action, merged === true, p.number)} ${p.pull_request.title}`,
      url: p.pull_request.html_url,
      ...author(p.sender),
      color: merged ? COLORS.merged : (ACTION_COLORS[p.action] ?? COLORS.info),
      ...(p.action === 'opened' && p.pull_request.body ? { description: escapeMarkdown(p.pull_request.body) } : {}),
    };
  },
  issues: (p) => ({
    title: `[${p.repository.full_name}] Issue ${p.action.replace(/_/g, ' ')}: #${p.issue.number} ${p.issue.title}`,
    url: p.issue.html_url,
    ...author(p.sender),
    color: ACTION_COLORS[p.action] ?? COLORS.info,
    ...(p.action === 'opened' && p.issue.body ? { description: escapeMarkdown(p.issue.body) } : {}),
  }),
  issue_comment: (p) => ({
    title: `[${p.repository.full_name}] ${commented(p.action, 'comment')} on #${p.issue.number}: ${p.issue.title}`,
    url: p.comment.html_url,
    ...author(p.sender),
    color: COLORS.info,
    ...commentText(p.action, p.comment.body),
  }),
  release: (p) => ({
    title: `[${p.repository.full_name}] Release ${p.action}: ${p.release.name || p.release.tag_name}`,
    url: p.release.html_url,
    ...author(p.sender),
    color: ACTION_COLORS[p.action] ?? COLORS.info,
    ...(p.release.body ? { description: escapeMarkdown(p.release.body) } : {}),
  }),
  create: (p) => ({ title: `[${p.repository.full_name}] New ${p.ref_type} created: ${p.ref}`, url: p.repository.html_url, ...author(p.sender), color: COLORS.created }),
  delete: (p) => ({ title: `[${p.repository.full_name}] ${p.ref_type} deleted: ${p.ref}`, url: p.repository.html_url, ...author(p.sender), color: COLORS.closed }),
  fork: (p) => ({ title: `[${p.repository.full_name}] Fork created: ${p.forkee.full_name}`, url: p.forkee.html_url, ...author(p.sender), color: COLORS.info }),
  star: (p) => ({ title: `[${p.repository.full_name}] Star ${p.action === 'deleted' ? 'removed' : 'added'}`, url: p.repository.html_url, ...author(p.sender), color: COLORS.warning }),
  watch: (p) => ({ title: `[${p.repository.full_name}] New watcher`, url: p.repository.html_url, ...author(p.sender), color: COLORS.warning }),
  workflow_run: (p) => ({
    title: `[${p.repository.full_name}] Workflow ${p.workflow_run.name || p.workflow?.name || ''} ${p.workflow_run.conclusion ?? p.workflow_run.status ?? p.action}${p.workflow_run.head_branch ? ` on ${p.workflow_run.head_branch}` : ''}`.replace(/\s+/g, ' '),
    url: p.workflow_run.html_url,
    ...author(p.sender),
    color: conclusionColor(p.workflow_run.conclusion),
  }),
  check_run: (p) => ({
    title: `[${p.repository.full_name}] Check ${p.check_run.name} ${p.check_run.conclusion ?? p.check_run.status ?? p.action}`,
    ...(p.check_run.html_url ? { url: p.check_run.html_url } : {}),
    ...author(p.sender),
    color: conclusionColor(p.check_run.conclusion),
  }),
  pull_request_review: (p) => {
    // An edit or dismissal is news about the review, not the verdict it gave when submitted.
    const [verb, color] = p.action === 'dismissed' ? (REVIEW_STATES.dismissed as [string, number]) : p.action === 'edited' ? ['review edited', COLORS.info] : (REVIEW_STATES[p.review.state.toLowerCase()] ?? [`review ${p.action}`, COLORS.info]);
    return {
      title: `[${p.repository.full_name}] Pull request ${verb}: #${p.pull_request.number} ${p.pull_request.title}`,
      url: p.review.html_url,
      ...author(p.review.user),
      color,
      ...body(p.review.body),
    };
  },
  pull_request_review_comment: (p) => ({
    title: `[${p.repository.full_name}] ${commented(p.action, 'review comment')} on #${p.pull_request.number}: ${p.pull_request.title}`,
    url: p.comment.html_url,
    ...author(p.comment.user),
    color: COLORS.info,
    ...commentText(p.action, p.comment.body),
    ...(p.comment.path ? { footer: { text: p.comment.path } } : {}),
  }),
  commit_comment: (p) => ({
    title: `[${p.repository.full_name}] ${commented(p.action, 'comment')} on commit ${p.comment.commit_id.slice(0, 7)}`,
    url: p.comment.html_url,
    ...author(p.comment.user),
    color: COLORS.info,
    ...commentText(p.action, p.comment.body),
  }),
  discussion: (p) => ({
    title: `[${p.repository.full_name}] Discussion ${p.action.replace(/_/g, ' ')}: #${p.discussion.number} ${p.discussion.title}`,
    url: p.discussion.html_url,
    ...author(p.sender),
    color: p.action === 'answered' ? COLORS.merged : (ACTION_COLORS[p.action] ?? COLORS.info),
    ...(p.action === 'created' ? body(p.discussion.body) : {}),
    ...(p.discussion.category ? { footer: { text: p.discussion.category.name } } : {}),
  }),
  discussion_comment: (p) => ({
    title: `[${p.repository.full_name}] ${commented(p.action, 'comment')} on discussion #${p.discussion.number}: ${p.discussion.title}`,
    url: p.comment.html_url,
    ...author(p.sender),
    color: COLORS.info,
    ...commentText(p.action, p.comment.body),
  }),
  workflow_job: (p) => ({
    title: `[${p.repository.full_name}] Job ${p.workflow_job.workflow_name ? `${p.workflow_job.workflow_name} / ` : ''}${p.workflow_job.name} ${p.workflow_job.conclusion ?? p.workflow_job.status}${p.workflow_job.head_branch ? ` on ${p.workflow_job.head_branch}` : ''}`,
    url: p.workflow_job.html_url,
    ...author(p.sender),
    color: conclusionColor(p.workflow_job.conclusion),
  }),
  deployment_status: (p) => ({
    title: `[${p.repository.full_name}] Deployment of ${p.deployment.ref} to ${p.deployment_status.environment ?? p.deployment.environment}: ${p.deployment_status.state.replace(/_/g, ' ')}`,
    ...linkTo(p.deployment_status.environment_url, p.deployment_status.target_url, p.deployment_status.log_url, p.repository.html_url),
    ...author(p.sender),
    color: stateColor(p.deployment_status.state),
    ...body(p.deployment_status.description),
  }),
  status: (p) => ({
    title: `[${p.repository.full_name}] ${p.context}: ${p.state} on ${p.sha.slice(0, 7)}`,
    ...linkTo(p.target_url, p.commit.html_url),
    ...author(p.sender),
    color: stateColor(p.state),
    ...body(p.description),
  }),
  gollum: (p) => {
    const [first] = p.pages;
    return {
      title: `[${p.repository.full_name}] Wiki: ${p.pages.length === 1 ? `page ${first!.action}: ${first!.title}` : `${p.pages.length} pages changed`}`,
      url: first!.html_url,
      ...author(p.sender),
      color: COLORS.info,
      ...(p.pages.length > 1 ? { description: p.pages.map((page) => `${page.action} [${escapeMarkdown(page.title)}](${page.html_url})`).join('\n') } : {}),
    };
  },
};

export const github: Provider = schemaProvider({
  name: 'github',
  displayName: 'GitHub',
  description: 'Pushes, pull requests and their reviews, issues, comments (issues, commits, reviews, discussions), discussions, releases, workflow runs and jobs, checks and statuses, deployments, wiki pages, stars and forks.',
  docs: 'https://docs.github.com/en/webhooks/webhook-events-and-payloads',
  signature: { kind: 'hmac', header: 'X-Hub-Signature-256', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: fromHeader('X-GitHub-Event'),
  action: fromField('action'),
  deliveryId: fromHeader('X-GitHub-Delivery'),
  schemas,
  renderers,
});
