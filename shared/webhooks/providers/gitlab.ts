import * as z from 'zod/mini';
import { commitLine, escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromHeader, schemaProvider, type Locator, type Provider } from '../provider';
import { isNoCommit, refOf, refPath, refUpdateHeadline } from '../refUpdate';

/**
 * GitLab: the event is the X-Gitlab-Event header ("Push Hook", ...), the delivery id
 * X-Gitlab-Event-UUID; bodies are JSON. Each rendered event has a schema of what it shows.
 */
const project = z.object({ path_with_namespace: z.string(), web_url: z.string() });
const user = z.object({ name: z.string(), username: z.optional(z.string()), avatar_url: z.nullish(z.string()) });

const schemas = {
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
  'Note Hook': z.object({ user, project, object_attributes: z.object({ note: z.string(), url: z.string(), noteable_type: z.string() }) }),
  'Pipeline Hook': z.object({ user, project, object_attributes: z.object({ id: z.number(), ref: z.string(), status: z.string(), url: z.optional(z.string()) }) }),
  'Release Hook': z.object({ project, name: z.nullish(z.string()), tag: z.string(), url: z.string(), action: z.string(), description: z.nullish(z.string()) }),
};

type EventName = keyof typeof schemas;
type Payload<E extends EventName> = z.output<(typeof schemas)[E]>;

const author = (u: z.output<typeof user>) => ({ name: u.username ?? u.name, ...(u.avatar_url ? { icon_url: u.avatar_url } : {}) });
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
const STATE_COLORS: Record<string, number> = { opened: COLORS.created, reopened: COLORS.created, merged: COLORS.merged, closed: COLORS.closed, success: COLORS.created, failed: COLORS.closed };

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
    title: `[${p.project.path_with_namespace}] Merge request ${p.object_attributes.action ?? p.object_attributes.state}: !${p.object_attributes.iid} ${p.object_attributes.title}`,
    url: p.object_attributes.url,
    author: author(p.user),
    color: STATE_COLORS[p.object_attributes.action === 'merge' ? 'merged' : p.object_attributes.state] ?? COLORS.info,
    ...(p.object_attributes.action === 'open' && p.object_attributes.description ? { description: escapeMarkdown(p.object_attributes.description) } : {}),
  }),
  'Issue Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] Issue ${p.object_attributes.action ?? p.object_attributes.state}: #${p.object_attributes.iid} ${p.object_attributes.title}`,
    url: p.object_attributes.url,
    author: author(p.user),
    color: STATE_COLORS[p.object_attributes.state] ?? COLORS.info,
    ...(p.object_attributes.action === 'open' && p.object_attributes.description ? { description: escapeMarkdown(p.object_attributes.description) } : {}),
  }),
  'Note Hook': (p) => ({
    title: `[${p.project.path_with_namespace}] New comment on ${p.object_attributes.noteable_type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`,
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
    title: `[${p.project.path_with_namespace}] Release ${p.action}: ${p.name || p.tag}`,
    url: p.url,
    color: p.action === 'create' ? COLORS.created : COLORS.info,
    ...(p.description ? { description: escapeMarkdown(p.description) } : {}),
  }),
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
  description: 'Pushes, tags, merge requests, issues, comments, pipelines and releases.',
  docs: 'https://docs.gitlab.com/user/project/integrations/webhook_events/',
  signature: { kind: 'token', header: 'X-Gitlab-Token' },
  event: fromHeader('X-Gitlab-Event'),
  deliveryId: gitlabDeliveryId,
  schemas,
  renderers,
});
