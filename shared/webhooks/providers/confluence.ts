import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';

/**
 * Confluence webhooks: the event is the body's `eventType` ("page_updated", "blog_created", ...),
 * who did it `userDisplayName`; each content item carries its page URL in `self`. Deliveries carry
 * no id. Unsigned here: Confluence Data Center documents an HMAC in X-Hub-Signature but not its
 * exact format, and the Cloud bodies these renderers read carry no signature at all.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const content = z.object({ title: z.string(), self: z.string(), spaceName: z.optional(z.string()), spaceKey: z.optional(z.string()), contentType: z.optional(z.string()), version: z.optional(z.number()) });
  const user = { userDisplayName: z.optional(z.string()) };
  return { content, user };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { content, user } = parts();
  return {
    page_updated: z.object({ ...user, page: content, updateTrigger: z.optional(z.string()) }),
    blog_created: z.object({ ...user, blog: content }),
    comment_created: z.object({ ...user, comment: z.object({ self: z.string(), spaceName: z.optional(z.string()), parent: z.optional(content), commentBody: z.optional(z.string()) }) }),
    attachment_created: z.object({ ...user, attachedTo: content, attachments: z.array(z.object({ fileName: z.string(), fileSize: z.optional(z.number()) })) }),
    label_added: z.object({ ...user, label: z.object({ name: z.string() }), labeled: z.optional(content) }),
    space_created: z.object({ ...user, space: z.object({ title: z.string(), key: z.string(), self: z.string(), description: z.optional(z.string()) }) }),
    user_removed: z.object({ userProfile: z.object({ fullName: z.string() }) }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type Content = z.output<Parts['content']>;

const MAX_TEXT = 500;
const MAX_FILES = 10;
const by = (p: { userDisplayName?: string | undefined }) => (p.userDisplayName ? { author: { name: p.userDisplayName } } : {});
const space = (item: { spaceName?: string | undefined }) => (item.spaceName ? `[${item.spaceName}] ` : '');
const spaceField = (item: Content) => (item.spaceName ? [{ name: 'Space', value: escapeMarkdown(item.spaceName), inline: true }] : []);

/** A comment's storage-format HTML as plain text: tags dropped, the common entities decoded, cut short. */
export function plainText(html: string): string {
  const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  const text = html
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`);

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  page_updated: (p) => ({
    title: `${space(p.page)}Page updated: ${p.page.title}`,
    url: p.page.self,
    ...by(p),
    color: COLORS.info,
    fields: [...spaceField(p.page), ...(p.page.version !== undefined ? [{ name: 'Version', value: String(p.page.version), inline: true }] : [])],
  }),
  blog_created: (p) => ({
    title: `${space(p.blog)}Blog post published: ${p.blog.title}`,
    url: p.blog.self,
    ...by(p),
    color: COLORS.created,
    fields: spaceField(p.blog),
  }),
  comment_created: (p) => {
    const text = p.comment.commentBody ? plainText(p.comment.commentBody) : '';
    return {
      title: `${space(p.comment)}New comment${p.comment.parent ? ` on ${p.comment.parent.title}` : ''}`,
      // The comment's own URL focuses it on its page.
      url: p.comment.self,
      ...by(p),
      color: COLORS.info,
      ...(text ? { description: escapeMarkdown(text) } : {}),
    };
  },
  attachment_created: (p) => {
    const files = p.attachments;
    const lines = files.slice(0, MAX_FILES).map((file) => `${escapeMarkdown(file.fileName)}${file.fileSize !== undefined ? ` (${size(file.fileSize)})` : ''}`);
    return {
      title: `${space(p.attachedTo)}${files.length === 1 ? 'File' : `${files.length} files`} attached to ${p.attachedTo.title}`,
      url: p.attachedTo.self,
      ...by(p),
      color: COLORS.info,
      ...(lines.length ? { description: lines.join('\n') + (files.length > MAX_FILES ? `\nand ${files.length - MAX_FILES} more` : '') } : {}),
    };
  },
  label_added: (p) => ({
    title: `${p.labeled ? space(p.labeled) : ''}Label added${p.labeled ? ` to ${p.labeled.title}` : ''}: ${p.label.name}`,
    ...(p.labeled ? { url: p.labeled.self } : {}),
    ...by(p),
    color: COLORS.neutral,
  }),
  space_created: (p) => ({
    title: `Space created: ${p.space.title} (${p.space.key})`,
    url: p.space.self,
    ...by(p),
    color: COLORS.created,
    ...(p.space.description ? { description: escapeMarkdown(p.space.description) } : {}),
  }),
  user_removed: (p) => ({
    title: `User removed: ${p.userProfile.fullName}`,
    color: COLORS.closed,
  }),
};

export const confluence: Provider = schemaProvider({
  name: 'confluence',
  displayName: 'Confluence',
  description: 'Pages updated, blog posts published, new comments (their text), files attached, labels added, spaces created and users removed, each linked to its page.',
  docs: 'https://developer.atlassian.com/cloud/confluence/modules/webhook/',
  event: fromField('eventType'),
  schemas,
  renderers,
});
