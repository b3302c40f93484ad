import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { fromField, schemaProvider, type Provider } from '../provider';
import { eventWords, outcomeColor } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Basecamp (3 and later): the event is the body's `kind` (`<recording type>_<action>`), the
 * delivery id its `id`. Basecamp documents no signature, so no secret is taken. Every kind shares
 * one shape (the recording and the person who acted), so all render from it.
 */
const event = () => {
  const person = z.object({ name: z.string() });
  return z.object({
    recording: z.object({
      type: z.string(),
      title: z.string(),
      content: z.string(),
      app_url: z.string(),
      parent: z.object({ title: z.string(), type: z.string() }),
      bucket: z.object({ name: z.string() }),
      creator: person,
    }),
    creator: person,
  });
};

type Payload = TolerantOutput<ReturnType<typeof event>>;

/** Longest excerpt of a recording's content shown. */
const MAX_EXCERPT = 500;

/** Basecamp's rich-text HTML as plain text: tags dropped, the common entities decoded, whitespace folded. */
export function plainText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>|<\/(div|p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(nbsp|amp|lt|gt|quot|#39);/g,
      (_m, name: string) => ({ nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '',
    )
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  return text.length > MAX_EXCERPT ? `${text.slice(0, MAX_EXCERPT - 1)}…` : text;
}

/** The recording types of a kind's first part, as people call them (others by their name). */
const NOUNS: Record<string, string> = {
  todo: 'To-do',
  todolist: 'To-do list',
  todolist_group: 'To-do list group',
  upload: 'File',
  vault: 'Folder',
  question: 'Check-in question',
  question_answer: 'Check-in answer',
  schedule_entry: 'Schedule entry',
  kanban_card: 'Card',
  kanban_step: 'Card step',
  cloud_file: 'Cloud file',
};
/**
 * The documented lifecycle actions (bc3-api sections/webhooks.md),
 * longest first so "due_date_changed" is not read as "changed".
 */
const ACTIONS: [suffix: string, words: string][] = [
  ['subscribers_changed', 'subscribers changed'],
  ['assignment_changed', 'reassigned'],
  ['description_changed', 'description changed'],
  ['due_date_changed', 'due date changed'],
  ['content_changed', 'edited'],
  ['content_updated', 'edited'],
  ['title_changed', 'renamed'],
  ['title_updated', 'renamed'],
  ['name_changed', 'renamed'],
  ['uncompleted', 'reopened'],
  ['unarchived', 'unarchived'],
  ['untrashed', 'restored from the trash'],
  ['publicized', 'made public'],
  ['completed', 'completed'],
  ['archived', 'archived'],
  ['trashed', 'moved to the trash'],
  ['inserted', 'added'],
  ['created', 'created'],
  ['deleted', 'deleted'],
  ['resumed', 'resumed'],
  ['copied', 'copied'],
  ['active', 'created'],
  ['paused', 'paused'],
  ['moved', 'moved'],
];

/** "todo_due_date_changed" -> { noun: "To-do", action: "due date changed" }; a kind no action ends in by its name. */
export function kindWords(kind: string): { noun: string; action?: string } {
  const known = ACTIONS.find(([suffix]) => kind.endsWith(`_${suffix}`));
  if (!known) return { noun: eventWords(kind) };
  const type = kind.slice(0, -known[0].length - 1);
  return { noun: entryOf(NOUNS, type) ?? eventWords(type), action: known[1] };
}

/** What a parent is called in a field: the list a to-do is on, the board a message is on. */
const PARENT_FIELD: Record<string, string> = {
  Todolist: 'List',
  'Message::Board': 'Board',
  Vault: 'Folder',
  Question: 'Question',
};

function render(p: Payload, kind: string): Embed {
  const r = p.recording ?? {};
  const { noun, action } = kindWords(kind);
  const title = r.title?.trim();
  const parent = r.parent?.title?.trim();
  // A comment's own title is "Re: <parent>": the parent names what it is on better.
  const what =
    noun === 'Comment'
      ? `Comment${action && action !== 'created' ? ` ${action}` : ''}${parent || title ? ` on ${parent || title}` : ''}`
      : `${noun}${action ? ` ${action}` : ''}${title ? `: ${title}` : ''}`;
  // What was trashed or deleted is not posted again.
  const excerpt = r.content && !/trash|deleted/.test(action ?? '') ? plainText(r.content) : '';
  const who = p.creator?.name || r.creator?.name;
  return {
    title: `${r.bucket?.name ? `[${r.bucket.name}] ` : ''}${what}`,
    ...(r.app_url ? { url: r.app_url } : {}),
    ...(who ? { author: { name: who } } : {}),
    color: outcomeColor(action),
    // A to-do's content is its title again: only content that says more is shown.
    ...(excerpt && excerpt !== title ? { description: escapeMarkdown(excerpt) } : {}),
    fields:
      parent && noun !== 'Comment'
        ? [{ name: entryOf(PARENT_FIELD, r.parent?.type ?? '') ?? 'On', value: escapeMarkdown(parent), inline: true }]
        : [],
  };
}

export const basecamp: Provider = schemaProvider({
  name: 'basecamp',
  displayName: 'Basecamp',
  description:
    'Every recording event (messages, to-dos, to-do lists, comments, documents, files, check-ins, schedule ' +
    'entries...; created, edited, completed, archived, trashed...): project, title, who, where, and the ' +
    'content as text.',
  docs: 'https://github.com/basecamp/bc3-api/blob/master/sections/webhooks.md',
  event: fromField('kind'),
  deliveryId: fromField('id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: event, render },
});
