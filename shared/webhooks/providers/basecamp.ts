import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';

/**
 * Basecamp (3 and later) webhooks: the event is the body's `kind` (`<recording type>_<action>`:
 * message_created, todo_completed, comment_created, ...), the delivery id the event's `id`; no
 * header names either. Basecamp's webhook documentation (github.com/basecamp/bc3-api,
 * sections/webhooks.md) describes no signature, so no secret is taken. Every event shares one
 * shape: the recording (its title, HTML content, parent, project) and the person who acted.
 */
const event = () => z.object({
  recording: z.object({
    type: z.string(),
    title: z.nullish(z.string()),
    content: z.nullish(z.string()),
    app_url: z.nullish(z.string()),
    parent: z.nullish(z.object({ title: z.nullish(z.string()), type: z.nullish(z.string()) })),
    bucket: z.object({ name: z.string() }),
  }),
  creator: z.object({ name: z.string() }),
});

const schemas = () => {
  const recording = event();
  return { message_created: recording, todo_completed: recording, comment_created: recording };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload = z.output<ReturnType<typeof event>>;

/** Longest excerpt of a recording's content shown. */
const MAX_EXCERPT = 500;

/** Basecamp's rich-text HTML as plain text: tags dropped, the common entities decoded, whitespace folded. */
export function plainText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>|<\/(div|p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_m, name: string) => ({ nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  return text.length > MAX_EXCERPT ? `${text.slice(0, MAX_EXCERPT - 1)}…` : text;
}

function render(p: Payload, what: string, color: number, showContent: boolean): Embed {
  const r = p.recording;
  const excerpt = showContent && r.content ? plainText(r.content) : '';
  return {
    title: `[${r.bucket.name}] ${what}`,
    ...(r.app_url ? { url: r.app_url } : {}),
    author: { name: p.creator.name },
    color,
    ...(excerpt ? { description: escapeMarkdown(excerpt) } : {}),
    fields: r.parent?.title?.trim() ? [{ name: r.parent.type === 'Todolist' ? 'List' : r.parent.type === 'Message::Board' ? 'Board' : 'On', value: escapeMarkdown(r.parent.title.trim()), inline: true }] : [],
  };
}

const renderers: { [E in EventName]: (p: Payload) => Embed } = {
  message_created: (p) => render(p, `New message: ${p.recording.title ?? ''}`.trim(), COLORS.info, true),
  todo_completed: (p) => render(p, `To-do completed: ${p.recording.title ?? ''}`.trim(), COLORS.created, false),
  // A comment's own title is "Re: <parent>": the parent names it better.
  comment_created: (p) => render(p, `New comment on ${p.recording.parent?.title?.trim() || p.recording.title || 'a recording'}`, COLORS.info, true),
};

export const basecamp: Provider = schemaProvider({
  name: 'basecamp',
  displayName: 'Basecamp',
  description: 'New messages and comments (with an excerpt) and completed to-dos: project, title, who and where.',
  docs: 'https://github.com/basecamp/bc3-api/blob/master/sections/webhooks.md',
  event: fromField('kind'),
  deliveryId: fromField('id'),
  schemas,
  renderers,
});
