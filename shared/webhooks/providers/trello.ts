import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';

/**
 * Trello: every delivery is `{ action, model }`, the action's `type` naming what happened
 * (createCard, commentCard, updateCard...), so every action renders from it: the board, the card
 * or list, who did it, the comment or the move, linked to the card. Trello checks the callback URL
 * with a HEAD request before it creates a webhook (the relay answers it, see `probe`), and sends
 * no delivery id: the action id, unique per action, is one.
 */

/** The parts of the envelope, built with it on the first delivery, not at import. */
const parts = () => {
  const named = z.object({ name: z.nullish(z.string()), shortLink: z.nullish(z.string()) });
  return { named };
};

const envelope = () => {
  const { named } = parts();
  return z.object({
    action: z.object({
      id: z.string(),
      type: z.string(),
      data: z.object({
        board: z.optional(named),
        card: z.optional(z.extend(named, { closed: z.optional(z.boolean()), due: z.nullish(z.string()) })),
        list: z.optional(named),
        listBefore: z.optional(named),
        listAfter: z.optional(named),
        text: z.nullish(z.string()),
        old: z.optional(z.record(z.string(), z.unknown())),
        checkItem: z.optional(z.object({ name: z.string(), state: z.nullish(z.string()) })),
      }),
      memberCreator: z.nullish(z.object({ fullName: z.nullish(z.string()), username: z.string() })),
    }),
    model: z.object({ name: z.nullish(z.string()), url: z.nullish(z.string()) }),
  });
};

/** The common actions in words; others by their name ("addLabelToCard" -> "Add label to card"). */
const WORDS: Record<string, string> = {
  createCard: 'Card created',
  commentCard: 'New comment',
  updateCard: 'Card updated',
  deleteCard: 'Card deleted',
  copyCard: 'Card copied',
  moveCardToBoard: 'Card moved to this board',
  addMemberToCard: 'Member added to card',
  removeMemberFromCard: 'Member removed from card',
  addAttachmentToCard: 'Attachment added',
  addChecklistToCard: 'Checklist added',
  updateCheckItemStateOnCard: 'Checklist item updated',
  createList: 'List created',
  updateList: 'List updated',
};
const COLOR_OF: Record<string, number> = { createCard: COLORS.created, createList: COLORS.created, commentCard: COLORS.info, deleteCard: COLORS.closed };

type Action = z.output<ReturnType<typeof envelope>>['action'];

/** A due date as people read it, in UTC: "2024-05-01T12:00:00.000Z" -> "2024-05-01 12:00 UTC" (one that is no date, as sent). */
function dueDate(sent: string): string {
  const date = new Date(sent);
  return Number.isNaN(date.getTime()) ? escapeMarkdown(sent) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** What an updateCard changed, in words: a move between lists, archiving, a new name, a due date. */
function change(a: Action): string | undefined {
  const { listBefore, listAfter, old, card, checkItem } = a.data;
  if (listBefore?.name && listAfter?.name) return `Moved from ${escapeMarkdown(listBefore.name)} to ${escapeMarkdown(listAfter.name)}`;
  if (old && 'closed' in old) return card?.closed ? 'Archived' : 'Restored';
  if (old && typeof old.name === 'string') return `Renamed from ${escapeMarkdown(old.name)}`;
  if (old && 'due' in old) return card?.due ? `Due date set to ${dueDate(card.due)}` : 'Due date removed';
  if (checkItem) return `${escapeMarkdown(checkItem.name)}: ${checkItem.state === 'complete' ? 'done' : 'not done'}`;
  return undefined;
}

function render(p: z.output<ReturnType<typeof envelope>>, type: string): Embed {
  const a = p.action;
  const { board, card, list } = a.data;
  const subject = card?.name ?? list?.name;
  const link = card?.shortLink ? `https://trello.com/c/${encodeURIComponent(card.shortLink)}` : board?.shortLink ? `https://trello.com/b/${encodeURIComponent(board.shortLink)}` : p.model.url;
  const described = a.data.text ? escapeMarkdown(a.data.text) : change(a);
  const who = a.memberCreator ? a.memberCreator.fullName || a.memberCreator.username : undefined;
  return {
    title: `${board?.name ?? p.model.name ? `[${board?.name ?? p.model.name}] ` : ''}${WORDS[type] ?? eventWords(type)}${subject ? `: ${subject}` : ''}`,
    ...(link ? { url: link } : {}),
    color: COLOR_OF[type] ?? (a.data.old && 'closed' in a.data.old ? COLORS.neutral : COLORS.info),
    ...(who ? { author: { name: who } } : {}),
    ...(described ? { description: described } : {}),
    ...(list?.name && card ? { fields: [{ name: 'List', value: escapeMarkdown(list.name), inline: true }] } : {}),
  };
}

export const trello: Provider = schemaProvider({
  name: 'trello',
  displayName: 'Trello',
  description: 'Every board action (cards created, moved, renamed, archived; comments; members, checklists, attachments; lists): the board, card and list, who, and what changed, linked to the card.',
  docs: 'https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/',
  // https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/#webhook-signatures:
  // base64 HMAC-SHA1, keyed with the application's secret, of the body followed by the callback URL.
  signature: { kind: 'hmac', header: 'X-Trello-Webhook', algorithm: 'sha1', encoding: 'base64', signs: { url: 'after body' } },
  // Trello sends no event or delivery header: the action's type and id say both.
  event: fromField('action', 'type'),
  deliveryId: fromField('action', 'id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
