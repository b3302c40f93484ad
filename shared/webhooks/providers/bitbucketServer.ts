import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, fromHeader, firstOf, schemaProvider, type Provider } from '../provider';
import { refUpdateHeadline } from '../refUpdate';

/**
 * Bitbucket Server and Data Center: the event is the X-Event-Key header (also the body's
 * `eventKey`), the delivery id X-Request-Id. Payloads name people by `displayName` and link
 * through `links.self[0].href`; a push (repo:refs_changed) lists the refs it changed, not commits.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const links = z.optional(z.object({ self: z.optional(z.array(z.object({ href: z.string() }))) }));
  const user = z.object({ displayName: z.string(), name: z.optional(z.string()) });
  const repository = z.object({ slug: z.string(), name: z.string(), project: z.object({ key: z.string(), name: z.optional(z.string()) }), links });
  const ref = z.object({ displayId: z.string(), repository: z.optional(repository) });
  const pullRequest = z.object({ id: z.number(), title: z.string(), description: z.nullish(z.string()), state: z.string(), fromRef: ref, toRef: z.extend(ref, { repository }), author: z.object({ user }), links });
  const comment = z.object({ id: z.number(), text: z.string(), author: user });
  const pr = z.object({ actor: user, pullRequest });
  const prComment = z.extend(pr, { comment });
  const repoComment = z.object({ actor: user, repository, comment, commit: z.string() });
  return { links, user, repository, ref, pullRequest, comment, pr, prComment, repoComment };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { user, repository, ref, pullRequest, pr, prComment, repoComment } = parts();
  return {
    'repo:refs_changed': z.object({
      actor: user,
      repository,
      changes: z.array(z.object({ ref: z.object({ displayId: z.string(), type: z.string() }), fromHash: z.string(), toHash: z.string(), type: z.string() })),
    }),
    'repo:modified': z.object({ actor: user, old: repository, new: repository }),
    'repo:forked': z.object({ actor: user, repository: z.extend(repository, { origin: z.optional(repository) }) }),
    'repo:comment:added': repoComment,
    'repo:comment:edited': repoComment,
    'repo:comment:deleted': repoComment,
    'pr:opened': pr,
    'pr:modified': pr,
    // New commits on the source branch: its head before, and now (fromRef.latestCommit).
    'pr:from_ref_updated': z.extend(pr, { previousFromHash: z.nullish(z.string()), pullRequest: z.extend(pullRequest, { fromRef: z.extend(ref, { latestCommit: z.nullish(z.string()) }) }) }),
    'pr:merged': pr,
    'pr:declined': pr,
    'pr:deleted': pr,
    'pr:reviewer:approved': z.extend(pr, { participant: z.object({ user }) }),
    'pr:reviewer:unapproved': z.extend(pr, { participant: z.object({ user }) }),
    'pr:reviewer:needs_work': z.extend(pr, { participant: z.object({ user }) }),
    'pr:reviewer:updated': z.extend(pr, { addedReviewers: z.optional(z.array(user)), removedReviewers: z.optional(z.array(user)) }),
    'pr:comment:added': prComment,
    'pr:comment:edited': prComment,
    'pr:comment:deleted': prComment,
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type Repository = z.output<Parts['repository']>;
type PullRequest = z.output<Parts['pullRequest']>;

const self = (l: z.output<Parts['links']>) => l?.self?.[0]?.href;
const repoName = (r: Repository) => `${r.project.key}/${r.slug}`;
/** The repository's page ("…/browse") without the file browser's suffix. */
const repoPage = (r: Repository) => self(r.links)?.replace(/\/browse$/, '');
const author = (u: z.output<Parts['user']>) => ({ author: { name: u.displayName } });
const MAX_TEXT = 500;
const text = (value: string | null | undefined) => (value ? { description: escapeMarkdown(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value) } : {});

function pullRequestEmbed(p: { actor: z.output<Parts['user']>; pullRequest: PullRequest }, what: string, color: number, extra: Partial<Embed> = {}): Embed {
  const r = p.pullRequest;
  return {
    title: `[${repoName(r.toRef.repository)}] Pull request ${what}: #${r.id} ${r.title}`,
    ...(self(r.links) ? { url: self(r.links) as string } : {}),
    color,
    ...author(p.actor),
    ...text(r.description),
    fields: [{ name: 'Branches', value: `${inlineCode(r.fromRef.displayId)} → ${inlineCode(r.toRef.displayId)}`, inline: true }],
    ...extra,
  };
}

const prComments = (what: string, color: number) => (p: Payload<'pr:comment:added'>) => pullRequestEmbed(p, `comment ${what}`, color, { ...text(p.comment.text), url: self(p.pullRequest.links) ? `${self(p.pullRequest.links)}/overview?commentId=${p.comment.id}` : undefined });
const repoComments = (what: string, color: number) => (p: Payload<'repo:comment:added'>): Embed => ({
  title: `[${repoName(p.repository)}] Comment ${what} on commit ${p.commit.slice(0, 7)}`,
  ...(repoPage(p.repository) ? { url: `${repoPage(p.repository)}/commits/${p.commit}` } : {}),
  color,
  ...author(p.actor),
  ...text(p.comment.text),
});
const review = (what: string, color: number) => (p: Payload<'pr:reviewer:approved'>) => pullRequestEmbed({ ...p, actor: p.participant.user }, what, color);
const names = (list: z.output<Parts['user']>[] | undefined) => (list ?? []).map((u) => escapeMarkdown(u.displayName)).join(', ');

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'repo:refs_changed': (p) => {
    const [first, ...rest] = p.changes;
    const repo = repoName(p.repository);
    if (!first) return { title: `[${repo}] Push`, color: COLORS.info, ...author(p.actor) };
    const headline = refUpdateHeadline({ repo, kind: first.ref.type === 'TAG' ? 'tag' : 'branch', name: first.ref.displayId, created: first.type === 'ADD', deleted: first.type === 'DELETE', commits: 0 });
    const page = repoPage(p.repository);
    return {
      ...headline,
      ...(page && first.type !== 'DELETE' ? { url: `${page}/commits/${first.toHash}` } : page ? { url: page } : {}),
      ...author(p.actor),
      ...(rest.length ? { description: rest.slice(0, 10).map((c) => `${escapeMarkdown(c.ref.displayId)}: ${escapeMarkdown(c.type.toLowerCase())} ${inlineCode(c.toHash.slice(0, 7))}`).join('\n') + (rest.length > 10 ? `\n… and ${rest.length - 10} more` : '') } : {}),
    };
  },
  'repo:modified': (p) => ({
    title: `[${repoName(p.new)}] Repository updated`,
    ...(repoPage(p.new) ? { url: repoPage(p.new) as string } : {}),
    color: COLORS.info,
    ...author(p.actor),
    ...(p.old.name !== p.new.name ? { description: `Renamed from ${escapeMarkdown(p.old.name)}` } : {}),
  }),
  'repo:forked': (p) => ({
    title: `[${p.repository.origin ? repoName(p.repository.origin) : repoName(p.repository)}] Forked to ${repoName(p.repository)}`,
    ...(repoPage(p.repository) ? { url: repoPage(p.repository) as string } : {}),
    color: COLORS.created,
    ...author(p.actor),
  }),
  'repo:comment:added': repoComments('added', COLORS.info),
  'repo:comment:edited': repoComments('edited', COLORS.neutral),
  'repo:comment:deleted': repoComments('deleted', COLORS.neutral),
  'pr:opened': (p) => pullRequestEmbed(p, 'opened', COLORS.created),
  'pr:modified': (p) => pullRequestEmbed(p, 'edited', COLORS.info),
  'pr:from_ref_updated': (p) => {
    const [before, after] = [p.previousFromHash, p.pullRequest.fromRef.latestCommit];
    return pullRequestEmbed(p, 'updated', COLORS.info, {
      ...(self(p.pullRequest.links) ? { url: `${self(p.pullRequest.links)}/commits` } : {}),
      fields: [
        { name: 'Branches', value: `${inlineCode(p.pullRequest.fromRef.displayId)} → ${inlineCode(p.pullRequest.toRef.displayId)}`, inline: true },
        ...(after ? [{ name: 'Head', value: `${before ? `${inlineCode(before.slice(0, 7))} → ` : ''}${inlineCode(after.slice(0, 7))}`, inline: true }] : []),
      ],
    });
  },
  'pr:merged': (p) => pullRequestEmbed(p, 'merged', COLORS.merged),
  'pr:declined': (p) => pullRequestEmbed(p, 'declined', COLORS.closed),
  'pr:deleted': (p) => pullRequestEmbed(p, 'deleted', COLORS.closed),
  'pr:reviewer:approved': review('approved', COLORS.created),
  'pr:reviewer:unapproved': review('unapproved', COLORS.neutral),
  'pr:reviewer:needs_work': review('needs work', COLORS.warning),
  'pr:reviewer:updated': (p) => {
    const added = names(p.addedReviewers);
    const removed = names(p.removedReviewers);
    return pullRequestEmbed(p, 'reviewers changed', COLORS.info, {
      fields: [...(added ? [{ name: 'Added', value: added }] : []), ...(removed ? [{ name: 'Removed', value: removed }] : [])],
    });
  },
  'pr:comment:added': prComments('added', COLORS.info),
  'pr:comment:edited': prComments('edited', COLORS.neutral),
  'pr:comment:deleted': prComments('deleted', COLORS.neutral),
};

export const bitbucketServer: Provider = schemaProvider({
  name: 'bitbucketserver',
  displayName: 'Bitbucket Server',
  description: 'Bitbucket Server / Data Center: pushes (branches and tags created, updated, deleted), pull requests (opened, new commits, edited, merged, declined, reviews, reviewers, comments), commit comments, forks and repository changes. The test connection is answered (ignored), not posted.',
  docs: 'https://confluence.atlassian.com/bitbucketserver/event-payload-938025882.html',
  // https://confluence.atlassian.com/bitbucketserver/manage-webhooks-938025878.html: with a secret,
  // X-Hub-Signature carries sha256=<hex HMAC-SHA256 of the body>.
  signature: { kind: 'hmac', header: 'X-Hub-Signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: firstOf(fromHeader('X-Event-Key'), fromField('eventKey')),
  deliveryId: fromHeader('X-Request-Id'),
  schemas,
  renderers,
});
