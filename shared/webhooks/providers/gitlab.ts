import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, inlineCode, markdownLink, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, schemaProvider, type Locator, type Provider } from '../provider';
import { isNoCommit, refOf, refPath, refUpdateHeadline } from '../refUpdate';

/**
 * GitLab: the event is the X-Gitlab-Event header ("Push Hook", ...), the delivery id
 * X-Gitlab-Event-UUID; bodies are JSON. Each rendered event has a schema of what it shows.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const project = z.object({ path_with_namespace: z.string(), web_url: z.string() });
  const user = z.object({ name: z.string(), username: z.optional(z.string()), avatar_url: z.nullish(z.string()) });
  return { project, user };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { project, user } = parts();
  return {
    'Push Hook': z.object({
      ref: z.string(),
      before: z.optional(z.string()),
      after: z.optional(z.string()),
      user_name: z.string(),
      user_avatar: z.nullish(z.string()),
      project,
      total_commits_count: z.optional(z.number()),
      commits: z.array(z.object({ id: z.string(), message: z.string(), url: z.string(), author: z.object({ name: z.string() }) })),
    }),
    'Tag Push Hook': z.object({ ref: z.string(), before: z.optional(z.string()), after: z.optional(z.string()), user_name: z.string(), project, checkout_sha: z.nullish(z.string()) }),
    'Merge Request Hook': z.object({
      user,
      project,
      object_attributes: z.object({ iid: z.number(), title: z.string(), url: z.string(), action: z.optional(z.string()), state: z.string(), description: z.nullish(z.string()) }),
    }),
    'Issue Hook': z.object({
      user,
      project,
      object_attributes: z.object({ iid: z.number(), title: z.string(), url: z.string(), action: z.optional(z.string()), state: z.string(), description: z.nullish(z.string()) }),
    }),
    // The thing commented on comes beside the note, under its own name (issue, merge_request, commit, snippet).
    'Note Hook': z.object({
      user,
      project,
      object_attributes: z.object({ note: z.string(), url: z.string(), noteable_type: z.string(), action: z.optional(z.string()) }),
      issue: z.nullish(z.object({ iid: z.number(), title: z.string() })),
      merge_request: z.nullish(z.object({ iid: z.number(), title: z.string() })),
      commit: z.nullish(z.object({ id: z.string() })),
      snippet: z.nullish(z.object({ id: z.number(), title: z.string() })),
    }),
    'Pipeline Hook': z.object({ user, project, object_attributes: z.object({ id: z.number(), ref: z.string(), status: z.string(), url: z.optional(z.string()) }) }),
    'Release Hook': z.object({ project, name: z.nullish(z.string()), tag: z.string(), url: z.string(), action: z.string(), description: z.nullish(z.string()) }),
    // Older GitLab sends no `project`: only project_id, project_name (its path) and `repository` (homepage its web page).
    'Job Hook': z.object({
      project: z.optional(project),
      project_name: z.nullish(z.string()),
      repository: z.nullish(z.object({ name: z.nullish(z.string()), homepage: z.nullish(z.string()) })),
      user,
      ref: z.string(),
      build_id: z.number(),
      build_name: z.string(),
      build_stage: z.nullish(z.string()),
      build_status: z.string(),
      build_failure_reason: z.nullish(z.string()),
    }),
    'Deployment Hook': z.object({
      project,
      user,
      status: z.string(),
      environment: z.string(),
      deployable_url: z.nullish(z.string()),
      environment_external_url: z.nullish(z.string()),
      short_sha: z.optional(z.string()),
      commit_url: z.nullish(z.string()),
      commit_title: z.nullish(z.string()),
    }),
    'Feature Flag Hook': z.object({ project, user, object_attributes: z.object({ name: z.string(), description: z.nullish(z.string()), active: z.boolean() }) }),
    'Wiki Page Hook': z.object({ user, project, object_attributes: z.object({ title: z.string(), url: z.string(), action: z.string(), message: z.nullish(z.string()) }) }),
    'Emoji Hook': z.object({ user, project, object_attributes: z.object({ name: z.string(), action: z.string(), awardable_type: z.string(), awarded_on_url: z.nullish(z.string()) }) }),
    // Group webhooks only: members, subgroups and projects of the group (no web URL in the payload).
    'Member Hook': z.object({ event_name: z.string(), group_path: z.string(), user_name: z.string(), user_username: z.string(), group_access: z.string(), expires_at: z.nullish(z.string()) }),
    'Subgroup Hook': z.object({ event_name: z.string(), full_path: z.string(), parent_full_path: z.string() }),
    'Project Hook': z.object({ event_name: z.string(), path_with_namespace: z.string(), project_visibility: z.nullish(z.string()) }),
    'Resource Access Token Hook': z.object({
      event_name: z.string(),
      project: z.optional(project),
      // A group's token: full_path, which older GitLab leaves out (group_path, group_name then name it).
      group: z.optional(z.object({ full_path: z.nullish(z.string()), group_path: z.nullish(z.string()), group_name: z.nullish(z.string()) })),
      object_attributes: z.object({ name: z.string(), expires_at: z.string() }),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

const author = (u: z.output<Parts['user']>) => ({ name: u.username ?? u.name, ...(u.avatar_url ? { icon_url: u.avatar_url } : {}) });
/**
 * What a push or tag push did (git's zeros on the side of a ref that did not exist, or no longer
 * does), and the most specific page for it: the compare view of new commits, the branch or tag, or
 * the project once the ref is gone.
 */
function pushHeadline(p: Payload<'Push Hook'> | Payload<'Tag Push Hook'>, commits: number): Pick<Embed, 'title' | 'url' | 'color'> {
  const { kind, name } = refOf(p.ref);
  // A deleted tag has no checkout_sha (older tag hooks send no before/after).
  const [created, deleted] = [isNoCommit(p.before), isNoCommit(p.after) || ('checkout_sha' in p && !p.checkout_sha)];
  const update = { repo: p.project.path_with_namespace, kind, name, created, deleted, commits };
  const web = p.project.web_url;
  const url = deleted ? web : kind === 'tag' ? `${web}/-/tags/${refPath(name)}` : created || !p.before || !p.after ? `${web}/-/tree/${refPath(name)}` : `${web}/-/compare/${p.before}...${p.after}`;
  return { ...refUpdateHeadline(update), url };
}
const STATE_COLORS: Record<string, number> = {
  opened: COLORS.created,
  reopened: COLORS.created,
  merged: COLORS.merged,
  closed: COLORS.closed,
  success: COLORS.created,
  failed: COLORS.closed,
  canceled: COLORS.neutral,
  running: COLORS.warning,
  pending: COLORS.warning,
  approved: COLORS.created,
  unapproved: COLORS.warning,
};

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'Push Hook': (p) => ({
    ...pushHeadline(p, p.total_commits_count ?? p.commits.length),
    author: { name: p.user_name, ...(p.user_avatar ? { icon_url: p.user_avatar } : {}) },
    description: p.commits
      .slice(0, 10)
      .map((c) => commitLine({ id: c.id, url: c.url, message: c.message, author: c.author.name }, 8))
      .join('\n'),
  }),
  'Tag Push Hook': (p) => ({ ...pushHeadline(p, 0), author: { name: p.user_name } }),
  'Merge Request Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Merge request ${actionWords(p.object_attributes.action, p.object_attributes.state)}: !${p.object_attributes.iid} ${p.object_attributes.title}`,
    url: p.object_attributes.url,
    author: author(p.user),
    // An approval is news of its own; otherwise the state tells (a merge is purple).
    color: STATE_COLORS[p.object_attributes.action === 'merge' ? 'merged' : p.object_attributes.action === 'approved' || p.object_attributes.action === 'unapproved' ? p.object_attributes.action : p.object_attributes.state] ?? COLORS.info,
    ...(p.object_attributes.action === 'open' && p.object_attributes.description ? { description: escapeMarkdown(p.object_attributes.description) } : {}),
  }),
  'Issue Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Issue ${actionWords(p.object_attributes.action, p.object_attributes.state)}: #${p.object_attributes.iid} ${p.object_attributes.title}`,
    url: p.object_attributes.url,
    author: author(p.user),
    color: STATE_COLORS[p.object_attributes.state] ?? COLORS.info,
    ...(p.object_attributes.action === 'open' && p.object_attributes.description ? { description: escapeMarkdown(p.object_attributes.description) } : {}),
  }),
  'Note Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] ${p.object_attributes.action === 'update' ? 'Comment edited' : 'Comment'} on ${noteable(p)}`,
    url: p.object_attributes.url,
    author: author(p.user),
    color: COLORS.info,
    description: escapeMarkdown(p.object_attributes.note),
  }),
  'Pipeline Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Pipeline #${p.object_attributes.id} ${p.object_attributes.status} on ${p.object_attributes.ref}`,
    ...(p.object_attributes.url ? { url: p.object_attributes.url } : { url: p.project.web_url }),
    author: author(p.user),
    color: STATE_COLORS[p.object_attributes.status] ?? COLORS.neutral,
  }),
  'Release Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Release ${actionWords(p.action)}: ${p.name || p.tag}`,
    url: p.url,
    color: p.action === 'create' ? COLORS.created : COLORS.info,
    ...(p.description ? { description: escapeMarkdown(p.description) } : {}),
  }),
  'Job Hook': (p) => {
    const name = p.project?.path_with_namespace ?? (p.project_name || p.repository?.name || 'GitLab');
    const web = p.project?.web_url ?? (p.repository?.homepage || undefined);
    return {
      title: `[${name}] Job ${p.build_name} ${p.build_status} on ${p.ref}`,
      ...(web ? { url: `${web}/-/jobs/${p.build_id}` } : {}),
      author: author(p.user),
      color: STATE_COLORS[p.build_status] ?? COLORS.neutral,
      ...(p.build_status === 'failed' && p.build_failure_reason ? { description: escapeMarkdown(p.build_failure_reason.replace(/_/g, ' ')) } : {}),
    };
  },
  'Deployment Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Deployment to ${p.environment}: ${p.status}`,
    // A finished deployment's place is its environment; one under way or failed, its job.
    url: (p.status === 'success' ? p.environment_external_url : undefined) ?? p.deployable_url ?? p.environment_external_url ?? p.project.web_url,
    author: author(p.user),
    color: STATE_COLORS[p.status] ?? COLORS.neutral,
    ...(p.commit_title && p.short_sha ? { description: `${markdownLink(inlineCode(p.short_sha), p.commit_url ?? undefined)} ${escapeMarkdown(p.commit_title)}` } : {}),
  }),
  'Wiki Page Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Wiki page ${actionWords(p.object_attributes.action)}: ${p.object_attributes.title}`,
    url: p.object_attributes.action === 'delete' ? `${p.project.web_url}/-/wikis` : p.object_attributes.url,
    author: author(p.user),
    color: p.object_attributes.action === 'delete' ? COLORS.closed : p.object_attributes.action === 'create' ? COLORS.created : COLORS.info,
    ...(p.object_attributes.message ? { description: escapeMarkdown(p.object_attributes.message) } : {}),
  }),
  'Emoji Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] :${p.object_attributes.name}: ${p.object_attributes.action === 'revoke' ? 'removed from' : 'on'} a ${p.object_attributes.awardable_type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^note$/, 'comment')}`,
    ...(p.object_attributes.awarded_on_url ? { url: p.object_attributes.awarded_on_url } : {}),
    author: author(p.user),
    color: p.object_attributes.action === 'revoke' ? COLORS.neutral : COLORS.warning,
  }),
  'Member Hook': (p) => {
    const what = groupEvent(p.event_name);
    return {
      title: `[${p.group_path}] ${p.user_name} (@${p.user_username}) ${what.words}`,
      color: what.color,
      fields: [{ name: 'Access', value: escapeMarkdown(p.group_access), inline: true }, ...(p.expires_at ? [{ name: 'Expires', value: escapeMarkdown(p.expires_at.slice(0, 10)), inline: true }] : [])],
    };
  },
  'Subgroup Hook': (p) => ({ title: `[${p.parent_full_path}] Subgroup ${p.full_path} ${groupEvent(p.event_name).words}`, color: groupEvent(p.event_name).color }),
  'Project Hook': (p) => ({
    title: `Project ${p.path_with_namespace} ${groupEvent(p.event_name).words}`,
    color: groupEvent(p.event_name).color,
    ...(p.project_visibility ? { fields: [{ name: 'Visibility', value: escapeMarkdown(p.project_visibility), inline: true }] } : {}),
  }),
  'Resource Access Token Hook': (p) => ({
    title: `[${p.project?.path_with_namespace ?? (p.group?.full_path || p.group?.group_path || p.group?.group_name || 'GitLab')}] Access token ${p.object_attributes.name} expires on ${p.object_attributes.expires_at}`,
    ...(p.project ? { url: `${p.project.web_url}/-/settings/access_tokens` } : {}),
    color: COLORS.warning,
  }),
  'Feature Flag Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Feature flag ${p.object_attributes.name} turned ${p.object_attributes.active ? 'on' : 'off'}`,
    url: `${p.project.web_url}/-/feature_flags`,
    author: author(p.user),
    color: p.object_attributes.active ? COLORS.created : COLORS.neutral,
    ...(p.object_attributes.description ? { description: escapeMarkdown(p.object_attributes.description) } : {}),
  }),
};

/** What a group's event did, in words, by its event_name. */
const GROUP_EVENTS: Record<string, { words: string; color: number }> = {
  user_add_to_group: { words: 'joined', color: COLORS.created },
  user_update_for_group: { words: 'access changed', color: COLORS.info },
  user_remove_from_group: { words: 'left', color: COLORS.closed },
  user_access_request_to_group: { words: 'requested access', color: COLORS.warning },
  user_access_request_denied_for_group: { words: 'was denied access', color: COLORS.neutral },
  subgroup_create: { words: 'created', color: COLORS.created },
  subgroup_destroy: { words: 'removed', color: COLORS.closed },
  project_create: { words: 'created', color: COLORS.created },
  project_destroy: { words: 'deleted', color: COLORS.closed },
};
const groupEvent = (name: string) => GROUP_EVENTS[name] ?? { words: name.replace(/_/g, ' '), color: COLORS.info };
/**
 * GitLab's object_attributes.action (and a release's action) is a bare verb: in words. "approval"
 * and "unapproval" are one reviewer's; "approved" and "unapproved" the merge request's as a whole.
 */
const ACTION_WORDS: Record<string, string> = {
  open: 'opened',
  close: 'closed',
  reopen: 'reopened',
  update: 'updated',
  merge: 'merged',
  approval: 'approval added',
  unapproval: 'approval removed',
  create: 'created',
  delete: 'deleted',
};
/** An action in words; an event without one (older GitLab) by its state. */
const actionWords = (action: string | undefined, state?: string) => (action ? (ACTION_WORDS[action] ?? action.replace(/_/g, ' ')) : (state ?? 'updated'));

/** What a note is on, as GitLab names it: issue #17, merge request !1, commit cfe32cf6, snippet $53, each with its title when it has one; else its type. */
function noteable(p: Payload<'Note Hook'>): string {
  const { issue, merge_request: mr, commit, snippet } = p;
  switch (p.object_attributes.noteable_type) {
    case 'Issue':
      if (issue) return `issue #${issue.iid}: ${issue.title}`;
      break;
    case 'MergeRequest':
      if (mr) return `merge request !${mr.iid}: ${mr.title}`;
      break;
    case 'Commit':
      if (commit) return `commit ${commit.id.slice(0, 8)}`;
      break;
    case 'Snippet':
      if (snippet) return `snippet $${snippet.id}: ${snippet.title}`;
      break;
  }
  return p.object_attributes.noteable_type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Older and special names GitLab gives the same events (the confidential ones render alike: the channel chose to receive them). */
const ALIASES: Record<string, EventName> = { 'Build Hook': 'Job Hook', 'Confidential Issue Hook': 'Issue Hook', 'Confidential Note Hook': 'Note Hook' };
/** Events by the body's object_kind: what "System Hook" and "Service Hook" deliveries (or a missing header) are. */
const BY_OBJECT_KIND: Record<string, EventName> = {
  push: 'Push Hook',
  tag_push: 'Tag Push Hook',
  merge_request: 'Merge Request Hook',
  issue: 'Issue Hook',
  note: 'Note Hook',
  pipeline: 'Pipeline Hook',
  release: 'Release Hook',
  build: 'Job Hook',
  deployment: 'Deployment Hook',
  feature_flag: 'Feature Flag Hook',
  wiki_page: 'Wiki Page Hook',
  emoji: 'Emoji Hook',
  access_token: 'Resource Access Token Hook',
};
const header = fromHeader('X-Gitlab-Event');
const objectKind = fromField('object_kind');
/** The event: the header's, by its current name; for a hook named for its source rather than its event, the body's object_kind. */
const gitlabEvent: Locator = {
  describe: `${header.describe} or ${objectKind.describe}`,
  headers: header.headers,
  find(delivery, json) {
    const named = header.find(delivery, json);
    if (named && named !== 'System Hook' && named !== 'Service Hook') return ALIASES[named] ?? named;
    const kind = objectKind.find(delivery, json);
    return (kind && BY_OBJECT_KIND[kind]) ?? named;
  },
};

/**
 * GitLab's Idempotency-Key (17.4+) is the same on every retry of one delivery. X-Gitlab-Event-UUID
 * is shared by all hooks one action fires (a comment with /close sends a Note Hook and an Issue
 * Hook), so without the key the event name joins it: two events of one action are two deliveries.
 */
const idempotencyKey = fromHeader('Idempotency-Key');
const eventUuid = fromHeader('X-Gitlab-Event-UUID');
const gitlabDeliveryId: Locator = {
  describe: `${idempotencyKey.describe} or ${eventUuid.describe}`,
  headers: [...idempotencyKey.headers, ...eventUuid.headers],
  find(delivery, json) {
    const key = idempotencyKey.find(delivery, json);
    if (key) return key;
    const uuid = eventUuid.find(delivery, json);
    return uuid && `${delivery.headers['x-gitlab-event'] ?? ''}:${uuid}`;
  },
};

export const gitlab: Provider = schemaProvider({
  name: 'gitlab',
  displayName: 'GitLab',
  description: 'Pushes, tags, merge requests (approvals too), issues, comments, pipelines, jobs, deployments, feature flags, releases, wiki pages, emoji reactions, expiring access tokens, and a group\'s members, subgroups and projects; System and Service Hook deliveries by their object_kind.',
  docs: 'https://docs.gitlab.com/user/project/integrations/webhook_events/',
  signature: { kind: 'token', header: 'X-Gitlab-Token' },
  event: gitlabEvent,
  deliveryId: gitlabDeliveryId,
  action: fromField('object_attributes', 'action'),
  schemas,
  renderers,
});
