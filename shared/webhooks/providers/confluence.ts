import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, firstOf, fromField, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Confluence webhooks: the event is the body's `eventType` (Data Center's `event`), each content
 * item links its page in `self`; deliveries carry no id. Unsigned here, because the signature
 * format Data Center documents is incomplete and Cloud sends none; one tolerant envelope reads
 * every event family.
 */
const envelope = () => {
  const content = z.object({
    id: z.string(),
    title: z.string(),
    self: z.string(),
    spaceName: z.string(),
    version: z.number(),
  });
  return z.object({
    userDisplayName: z.string(),
    // Data Center names who acted by this key only.
    userKey: z.string(),
    page: content,
    blog: content,
    comment: z.object({ self: z.string(), spaceName: z.string(), parent: content, commentBody: z.string() }),
    attachedTo: content,
    attachments: z.array(z.object({ fileName: z.string(), fileSize: z.number() })),
    label: z.object({ name: z.string(), self: z.string() }),
    labeled: content,
    space: z.object({ title: z.string(), key: z.string(), self: z.string(), description: z.string() }),
    userProfile: z.object({ fullName: z.string() }),
    groupName: z.string(),
  });
};

type Payload = TolerantOutput<ReturnType<typeof envelope>>;
type Content = Payload['page'];

const MAX_TEXT = 500;
const MAX_FILES = 10;
/** Who acted: the name Cloud sends, else the key Data Center sends (all it says of the user). */
const by = (p: Payload) =>
  p.userDisplayName
    ? { author: { name: p.userDisplayName } }
    : p.userKey
      ? { author: { name: `User key ${p.userKey}` } }
      : {};
const space = (item: { spaceName?: string | undefined } | undefined) => (item?.spaceName ? `[${item.spaceName}] ` : '');
const link = (url: string | undefined) => (url ? { url } : {});
const withFields = (list: NonNullable<Embed['fields']>) => (list.length ? { fields: list } : {});

/** A comment's storage-format HTML as plain text: tags dropped, the common entities decoded, cut short. */
export function plainText(html: string): string {
  const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  const text = html
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => entryOf(ENTITIES, name) ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} B`;

/** The documented actions (developer.atlassian.com/cloud/confluence/modules/webhook/) in words. */
const ACTIONS: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  removed: 'deleted',
  restored: 'restored',
  moved: 'moved',
  viewed: 'viewed',
  children_reordered: 'children reordered',
  permissions_updated: 'permissions updated',
  logo_updated: 'logo updated',
  deactivated: 'deactivated',
  reactivated: 'reactivated',
  followed: 'followed',
};
/** Content (pages, blog posts, files) "removed" goes to the trash; "trashed" is purged from there. */
const CONTENT_ACTIONS: Record<string, string> = {
  removed: 'moved to the trash',
  trashed: 'deleted from the trash',
  restored: 'restored from the trash',
};
const CONTENT = new Set(['page', 'blog', 'attachment']);

/** "page_children_reordered" -> ["page", "children reordered"]. */
function split(event: string): [family: string, action: string] {
  const [family = '', ...rest] = event.split('_');
  const suffix = rest.join('_');
  return [
    family,
    (CONTENT.has(family) ? entryOf(CONTENT_ACTIONS, suffix) : undefined) ??
      entryOf(ACTIONS, suffix) ??
      eventWords(suffix).toLowerCase(),
  ];
}
const colorOf = (action: string) =>
  /created|published|restored|reactivated/.test(action)
    ? COLORS.created
    : /trash|deleted|deactivated/.test(action)
      ? COLORS.closed
      : COLORS.info;

/** What names a page or blog post: its title, or (Data Center sends no more) its id. */
const named = (item: Content) => item?.title || (item?.id ? `id ${item.id}` : undefined);

/** A page or blog post: its space, title, link, and the version an edit made. */
function contentEmbed(noun: string, action: string, item: Content, p: Payload): Embed {
  return {
    title: `${space(item)}${noun} ${action}${named(item) ? `: ${named(item)}` : ''}`,
    ...link(item?.self),
    ...by(p),
    color: colorOf(action),
    ...withFields([
      ...(item?.spaceName ? [{ name: 'Space', value: escapeMarkdown(item.spaceName), inline: true }] : []),
      ...(item?.version !== undefined && action === 'updated'
        ? [{ name: 'Version', value: String(item.version), inline: true }]
        : []),
    ]),
  };
}

/** How a comment's title reads for each action, with and without the page it is on. */
const COMMENT_WORDS: Record<string, [on: string, alone: string]> = {
  created: ['Comment on', 'Comment added'],
  updated: ['Comment edited on', 'Comment edited'],
  removed: ['Comment deleted on', 'Comment deleted'],
};

function commentEmbed(event: string, p: Payload): Embed {
  const [on, alone] = entryOf(COMMENT_WORDS, event.slice('comment_'.length)) ?? ['Comment on', 'Comment added'];
  const parent = p.comment?.parent?.title;
  // A deleted comment's text is not posted again.
  const text = event !== 'comment_removed' && p.comment?.commentBody ? plainText(p.comment.commentBody) : '';
  return {
    title: `${space(p.comment)}${parent ? `${on} ${parent}` : alone}`,
    // The comment's own URL focuses it on its page.
    ...link(p.comment?.self ?? p.comment?.parent?.self),
    ...by(p),
    color: event === 'comment_removed' ? COLORS.neutral : COLORS.info,
    ...(text ? { description: escapeMarkdown(text) } : {}),
  };
}

function attachmentEmbed(action: string, p: Payload): Embed {
  const files = p.attachments ?? [];
  const lines = files
    .slice(0, MAX_FILES)
    .flatMap((file) =>
      file.fileName
        ? [`${escapeMarkdown(file.fileName)}${file.fileSize !== undefined ? ` (${size(file.fileSize)})` : ''}`]
        : [],
    );
  const what = files.length > 1 ? `${files.length} files` : 'File';
  const to = p.attachedTo?.title;
  const words =
    action === 'created' ? `${what} attached${to ? ` to ${to}` : ''}` : `${what} ${action}${to ? ` on ${to}` : ''}`;
  return {
    title: `${space(p.attachedTo)}${words}`,
    ...link(p.attachedTo?.self),
    ...by(p),
    color: colorOf(action),
    ...(lines.length
      ? { description: lines.join('\n') + (files.length > MAX_FILES ? `\nand ${files.length - MAX_FILES} more` : '') }
      : {}),
  };
}

function labelEmbed(event: string, p: Payload): Embed {
  const name = p.label?.name;
  const on = p.labeled?.title;
  const words =
    event === 'label_added'
      ? `Label added${on ? ` to ${on}` : ''}`
      : event === 'label_removed'
        ? `Label removed${on ? ` from ${on}` : ''}`
        : `Label ${split(event)[1]}`;
  return {
    title: `${space(p.labeled)}${words}${name ? `: ${name}` : ''}`,
    // A label created or deleted is on no page: its own page (every content it labels, Skyhook's link) stands in.
    ...link(p.labeled?.self ?? p.label?.self),
    ...by(p),
    color: COLORS.neutral,
  };
}

function render(p: Payload, event: string): Embed {
  const [family, action] = split(event);
  if (family === 'page') return contentEmbed('Page', action, p.page, p);
  if (family === 'blueprint') return contentEmbed('Page', 'created from a blueprint', p.page, p);
  // A blog post is published when created.
  if (family === 'blog') return contentEmbed('Blog post', action === 'created' ? 'published' : action, p.blog, p);
  if (family === 'comment') return commentEmbed(event, p);
  if (family === 'attachment') return attachmentEmbed(action, p);
  if (family === 'label') return labelEmbed(event, p);
  if (family === 'space') {
    const named = p.space?.title && p.space.key ? `${p.space.title} (${p.space.key})` : p.space?.title || p.space?.key;
    return {
      title: `Space ${action}${named ? `: ${named}` : ''}`,
      ...link(p.space?.self),
      ...by(p),
      color: colorOf(action),
      ...(p.space?.description ? { description: escapeMarkdown(p.space.description) } : {}),
    };
  }
  if (family === 'user')
    return {
      title: `User ${action}${p.userProfile?.fullName ? `: ${p.userProfile.fullName}` : ''}`,
      color: colorOf(action),
    };
  if (family === 'group')
    return { title: `Group ${action}${p.groupName ? `: ${p.groupName}` : ''}`, ...by(p), color: colorOf(action) };
  return { title: eventWords(event), ...by(p), color: COLORS.info };
}

export const confluence: Provider = schemaProvider({
  name: 'confluence',
  displayName: 'Confluence',
  description:
    'Every event: pages and blog posts created, updated, moved, trashed, restored; comments added, edited, ' +
    'deleted (their text); files attached; labels; spaces; users and groups. Each linked to its page.',
  docs: 'https://developer.atlassian.com/cloud/confluence/modules/webhook/',
  event: firstOf(fromField('eventType'), fromField('event')),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
