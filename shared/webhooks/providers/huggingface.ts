import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';

/**
 * Hugging Face Hub webhooks: every delivery names its scope (repo, repo.content, repo.config,
 * discussion, discussion.comment) and action (create, update, delete, move) in `event`, around the
 * repository and, for discussions, the discussion and comment. The scope is the event, the action
 * its action (`?events=discussion.create`); every scope renders from the same envelope.
 */

/** The parts of the envelope, built with it on the first delivery, not at import. */
const parts = () => {
  const url = z.optional(z.object({ web: z.optional(z.string()) }));
  return { url };
};

const envelope = () => {
  const { url } = parts();
  return z.object({
    event: z.object({ action: z.string(), scope: z.string() }),
    repo: z.object({ type: z.string(), name: z.string(), url, headSha: z.optional(z.string()) }),
    discussion: z.optional(z.object({ title: z.string(), num: z.number(), status: z.nullish(z.string()), isPullRequest: z.optional(z.boolean()), url })),
    comment: z.optional(z.object({ content: z.nullish(z.string()), hidden: z.optional(z.boolean()), url })),
  });
};

const ACTIONS: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted', move: 'moved' };
const ACTION_COLORS: Record<string, number> = { create: COLORS.created, update: COLORS.info, delete: COLORS.closed, move: COLORS.neutral };
const MAX_TEXT = 500;

function render(p: z.output<ReturnType<typeof envelope>>): Embed {
  const { action, scope } = p.event;
  const d = p.discussion;
  const kind = d?.isPullRequest ? 'Pull request' : 'Discussion';
  const done = ACTIONS[action] ?? action;
  const what = scope.startsWith('discussion') && d
    ? scope === 'discussion.comment' ? `Comment ${done} on ${kind.toLowerCase()} #${d.num}: ${d.title}` : `${kind} #${d.num} ${done}: ${d.title}`
    : scope === 'repo.content' ? 'New commit' : scope === 'repo.config' ? 'Settings changed' : `${eventWords(p.repo.type)} ${done}`;
  const content = p.comment && !p.comment.hidden ? p.comment.content : undefined;
  const link = (scope === 'discussion.comment' ? p.comment?.url?.web : undefined) ?? d?.url?.web ?? p.repo.url?.web;
  return {
    title: `[${p.repo.name}] ${what}`,
    ...(link ? { url: link } : {}),
    color: ACTION_COLORS[action] ?? COLORS.info,
    ...(content ? { description: escapeMarkdown(content.length > MAX_TEXT ? `${content.slice(0, MAX_TEXT)}…` : content) } : {}),
  };
}

export const huggingface: Provider = schemaProvider({
  name: 'huggingface',
  displayName: 'Hugging Face',
  description: 'Model, dataset and Space repositories (created, updated, deleted, moved; new commits; settings) and their discussions, pull requests and comments, linked to each.',
  docs: 'https://huggingface.co/docs/hub/webhooks',
  // https://huggingface.co/docs/hub/webhooks#webhook-secret: the secret set on the webhook, sent as it is.
  signature: { kind: 'token', header: 'X-Webhook-Secret' },
  event: fromField('event', 'scope'),
  action: fromField('event', 'action'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
