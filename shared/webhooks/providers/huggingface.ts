import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, markdownLink, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * Hugging Face Hub webhooks: every delivery names its scope (repo, repo.content, repo.config,
 * discussion, discussion.comment) and action (create, update, delete, move) in `event`, around the
 * repository and, for discussions, the discussion and comment. The scope is the event, the action
 * its action (`?events=discussion.create`); every scope renders from the same envelope.
 */

/** The parts of the envelope, built with it on the first delivery, not at import. */
const parts = () => {
  const url = z.object({ web: z.string() });
  return { url };
};

const envelope = () => {
  const { url } = parts();
  return z.object({
    event: z.object({ action: z.string(), scope: z.string() }),
    repo: z.object({ type: z.string(), name: z.string(), private: z.boolean(), headSha: z.string(), url }),
    discussion: z.object({
      title: z.string(),
      num: z.number(),
      status: z.string(),
      isPullRequest: z.boolean(),
      url,
      changes: z.object({ base: z.string() }),
    }),
    comment: z.object({ content: z.string(), hidden: z.boolean(), url }),
    movedTo: z.object({ name: z.string() }),
    updatedRefs: z.array(z.object({ ref: z.string(), oldSha: z.string(), newSha: z.string() })),
    updatedConfig: z.object({ private: z.boolean() }),
  });
};
type Envelope = TolerantOutput<ReturnType<typeof envelope>>;

const ACTIONS: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted', move: 'moved' };
const ACTION_COLORS: Record<string, number> = {
  create: COLORS.created,
  update: COLORS.info,
  delete: COLORS.closed,
  move: COLORS.neutral,
};
const MAX_TEXT = 500;
/** Most refs listed as fields: a push rarely moves more, and Discord allows 25 fields. */
const MAX_REFS = 10;

const visibility = (isPrivate: boolean | undefined) =>
  isPrivate === undefined ? [] : [{ name: 'Visibility', value: isPrivate ? 'Private' : 'Public', inline: true }];
const shortRef = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');

/** What happened to the discussion (or pull request) or one of its comments, in words. */
function discussionWhat(p: Envelope, scope: string, action: string): string {
  const d = p.discussion;
  const kind = d?.isPullRequest ? 'pull request' : 'discussion';
  const on = `${kind}${d?.num !== undefined ? ` #${d.num}` : ''}${d?.title ? `: ${d.title}` : ''}`;
  if (scope === 'discussion.comment') {
    const done =
      action === 'create'
        ? 'New comment'
        : action === 'update' && p.comment?.hidden
          ? 'Comment hidden'
          : `Comment ${entryOf(ACTIONS, action) ?? eventWords(action).toLowerCase()}`;
    return `${done} on ${on}`;
  }
  const done = action === 'create' ? 'opened' : (entryOf(ACTIONS, action) ?? eventWords(action).toLowerCase());
  return `${eventWords(kind)}${d?.num !== undefined ? ` #${d.num}` : ''} ${done}${d?.title ? `: ${d.title}` : ''}`;
}

/** A commit's short id, linked on the repository's page when it has one. */
const commitLink = (sha: string, web: string | undefined) =>
  markdownLink(inlineCode(sha.slice(0, 7)), web ? `${web}/commit/${encodeURIComponent(sha)}` : undefined);

/** A ref a push moved, as a field: created, deleted or moved, with the commits linked on the repository. */
function refField(ref: NonNullable<Envelope['updatedRefs']>[number], web: string | undefined) {
  const change = !ref.oldSha ? 'Created' : !ref.newSha ? 'Deleted' : 'Updated';
  const shas = [ref.oldSha, ref.newSha]
    .filter((sha): sha is string => Boolean(sha))
    .map((sha) => commitLink(sha, web))
    .join(' → ');
  return {
    name: `${change} ${ref.ref ? escapeMarkdown(shortRef(ref.ref)) : 'ref'}`,
    value: shas || 'No commit',
    inline: false,
  };
}

function render(p: Envelope, scope: string): Embed {
  const action = p.event?.action ?? 'update';
  const repo = p.repo ?? {};
  const what = scope.startsWith('discussion')
    ? discussionWhat(p, scope, action)
    : scope === 'repo.content'
      ? 'Content updated'
      : scope === 'repo.config'
        ? 'Settings changed'
        : action === 'move' && p.movedTo?.name
          ? `${eventWords(repo.type ?? 'repository')} moved to ${p.movedTo.name}`
          : `${eventWords(repo.type ?? 'repository')} ${entryOf(ACTIONS, action) ?? eventWords(action).toLowerCase()}`;
  const content = p.comment && !p.comment.hidden ? p.comment.content : undefined;
  const link =
    (scope === 'discussion.comment' ? p.comment?.url?.web : undefined) ?? p.discussion?.url?.web ?? repo.url?.web;
  const refs = scope === 'repo.content' ? (p.updatedRefs ?? []) : [];
  // A push naming no refs still names the commit the repository is at.
  const head =
    scope === 'repo.content' && !refs.length && repo.headSha
      ? `Latest commit: ${commitLink(repo.headSha, repo.url?.web)}`
      : undefined;
  return {
    title: `${repo.name ? `[${repo.name}] ` : ''}${what}`,
    ...(link ? { url: link } : {}),
    color: entryOf(ACTION_COLORS, action) ?? COLORS.info,
    ...(content
      ? { description: escapeMarkdown(content.length > MAX_TEXT ? `${content.slice(0, MAX_TEXT)}…` : content) }
      : head
        ? { description: head }
        : {}),
    fields: [
      ...(scope === 'discussion' && p.discussion?.status
        ? [{ name: 'Status', value: escapeMarkdown(eventWords(p.discussion.status)), inline: true }]
        : []),
      ...(scope === 'discussion' && p.discussion?.changes?.base
        ? [{ name: 'Base', value: escapeMarkdown(shortRef(p.discussion.changes.base)), inline: true }]
        : []),
      ...refs.slice(0, MAX_REFS).map((ref) => refField(ref, repo.url?.web)),
      ...(refs.length > MAX_REFS
        ? [{ name: 'More refs', value: `${refs.length - MAX_REFS} more`, inline: false }]
        : []),
      ...(scope === 'repo.config'
        ? visibility(p.updatedConfig?.private)
        : scope === 'repo'
          ? visibility(repo.private)
          : []),
    ],
  };
}

export const huggingface: Provider = schemaProvider({
  name: 'huggingface',
  displayName: 'Hugging Face',
  description:
    'Model, dataset and Space repositories (created, updated, deleted, moved; pushes with the refs they moved; ' +
    'settings) and their discussions, pull requests and comments, linked to each.',
  docs: 'https://huggingface.co/docs/hub/webhooks',
  // https://huggingface.co/docs/hub/webhooks#webhook-secret: the secret set on the webhook, sent as it is.
  signature: { kind: 'token', header: 'X-Webhook-Secret' },
  event: fromField('event', 'scope'),
  action: fromField('event', 'action'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
