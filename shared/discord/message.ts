import { truncate } from '../text/graphemes';

/** A Discord webhook message, as the relay builds it (the subset of fields we use). */
export interface Embed {
  title?: string;
  url?: string;
  description?: string;
  color?: number;
  timestamp?: string;
  author?: { name: string; url?: string; icon_url?: string };
  footer?: { text: string };
  fields?: { name: string; value: string; inline?: boolean }[];
}

export interface DiscordMessage {
  content?: string;
  username?: string;
  avatar_url?: string;
  embeds?: Embed[];
  allowed_mentions: { parse: [] };
}

/** Discord's documented limits (characters are UTF-16 units, as Discord counts them). */
export const LIMITS = {
  content: 2000,
  username: 80,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  total: 6000,
  /** Longest link kept (Discord's own limit for embed URLs). */
  url: 2048,
} as const;

/** The characters Discord counts towards an embed's 6000. */
const embedSize = (embed: Embed) =>
  (embed.title?.length ?? 0) +
  (embed.description?.length ?? 0) +
  (embed.author?.name.length ?? 0) +
  (embed.footer?.text.length ?? 0) +
  (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0);

/** What a URI may hold outside its host (RFC 3986: unreserved, reserved and percent signs). */
const NOT_IN_A_URI = /[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/g;

/**
 * Discord refuses a whole message over one bad link: only http(s) URLs are kept, as RFC 3986 URIs
 * (what Discord's schema means by "uri"): parsed and normalised by the WHATWG parser, credentials
 * dropped, and whatever a URI may not hold after the host (`^`, `|`, `[`, `{`, a second `#`, ...) percent-encoded.
 */
export function linkOrNothing(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const { protocol, origin, pathname, search, hash } = new URL(url);
    if (!['http:', 'https:'].includes(protocol)) return undefined;
    // WHATWG keeps a second `#` in the fragment; RFC 3986 does not allow one there.
    const fragment = hash && `#${hash.slice(1).replace(/#/g, '%23')}`;
    const href = `${origin}${`${pathname}${search}${fragment}`.replace(NOT_IN_A_URI, (c) => encodeURIComponent(c))}`;
    return href.length <= LIMITS.url ? href : undefined;
  } catch {
    return undefined;
  }
}

/** An object without the keys whose value is undefined (Discord and our tests see only what is set). */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Discord refuses empty embed texts: an empty one is left out (fields get a stand-in instead). */
const nonEmpty = (text: string | undefined, max: number) => (text ? truncate(text, max) : undefined);

/**
 * Characters no embed shows: C0 and C1 controls (NUL included; tabs and line breaks are kept) and
 * the bidi controls that reorder what follows them (U+202E makes `gnp.exe` read `exe.png`).
 */
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Line breaks and tabs, each run folded to one space in texts Discord shows on one line. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/**
 * Payload text in a description or field value (markdown already,
 * as providers build them): invisible controls removed, lines kept.
 */
export const visibleText = (text: string): string => text.replace(INVISIBLE, '');

/**
 * Text for the one-line parts of an embed (title, author name, field name, footer): controls
 * removed, line breaks folded, markdown escaped where Discord renders it (titles, field names;
 * elsewhere a backslash would show). The one layer escaping these parts: providers put raw payload
 * text in them.
 */
export const embedLine = (text: string, { markdown }: { markdown: boolean }): string => {
  const line = visibleText(text.replace(BREAKS, ' '));
  return markdown ? escapeMarkdown(line) : line;
};

function fitEmbed(embed: Embed): Embed {
  const { url, author, title, description, footer, fields, ...rest } = embed;
  const authorName = nonEmpty(author && embedLine(author.name, { markdown: false }), LIMITS.author);
  const footerText = nonEmpty(footer && embedLine(footer.text, { markdown: false }), LIMITS.footer);
  return {
    ...rest,
    ...defined({
      url: linkOrNothing(url),
      title: nonEmpty(title && embedLine(title, { markdown: true }), LIMITS.title),
      description: nonEmpty(description && visibleText(description), LIMITS.description),
    }),
    ...(author && authorName
      ? {
          author: defined({
            name: authorName,
            url: linkOrNothing(author.url),
            icon_url: linkOrNothing(author.icon_url),
          }),
        }
      : {}),
    ...(footerText ? { footer: { text: footerText } } : {}),
    ...(fields?.length
      ? {
          fields: fields.slice(0, LIMITS.fields).map((field) => ({
            ...field,
            // Discord refuses empty names and values; a zero-width space stands in.
            name: truncate(embedLine(field.name, { markdown: true }), LIMITS.fieldName) || '\u200b',
            value: truncate(visibleText(field.value), LIMITS.fieldValue) || '\u200b',
          })),
        }
      : {}),
  };
}

/**
 * Any message brought within Discord's limits, cut with an ellipsis: each part first, then the last
 * fields and the longest description while the embeds exceed 6000 characters. allowed_mentions is
 * always empty, so nothing in a payload can ping anyone; every text passes embedLine or visibleText.
 */
export function fitMessage(message: Omit<DiscordMessage, 'allowed_mentions'>): DiscordMessage {
  const embeds = (message.embeds ?? []).slice(0, LIMITS.embeds).map(fitEmbed);
  let total = embeds.reduce((sum, embed) => sum + embedSize(embed), 0);
  while (total > LIMITS.total) {
    const withFields = [...embeds].reverse().find((embed) => (embed.fields?.length ?? 0) > 0);
    if (withFields?.fields) {
      withFields.fields = withFields.fields.slice(0, -1);
    } else {
      const longest = embeds.reduce((a, b) => ((b.description?.length ?? 0) > (a.description?.length ?? 0) ? b : a));
      const excess = total - LIMITS.total;
      longest.description = truncate(
        longest.description ?? '',
        Math.max(0, (longest.description?.length ?? 0) - excess),
      );
      if (!longest.description) delete longest.description;
    }
    const next = embeds.reduce((sum, embed) => sum + embedSize(embed), 0);
    if (next === total) break; // only titles, authors and footers left: each is within its own limit
    total = next;
  }
  return {
    ...(message.content !== undefined ? { content: truncate(message.content, LIMITS.content) } : {}),
    ...(message.username !== undefined ? { username: truncate(message.username, LIMITS.username) } : {}),
    ...(message.avatar_url !== undefined ? { avatar_url: message.avatar_url } : {}),
    ...(embeds.length ? { embeds } : {}),
    allowed_mentions: { parse: [] },
  };
}

/**
 * Text from a payload shown as text: Discord markdown characters are escaped so a branch named
 * `**x**` or a title with `[link](url)` cannot change the layout.
 */
export const escapeMarkdown = (text: string): string => text.replace(/[\\*_~`|[\]()<>#-]/g, (c) => `\\${c}`);

/**
 * Payload text as inline code: escaping does not apply inside backticks, so a backtick is the one character replaced.
 */
export const inlineCode = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

/**
 * A markdown link from payload data: `label` is markdown already (escaped or inline code); the URL
 * is kept only when it is http(s), with the characters that would end the link encoded, so a
 * hostile URL cannot close the link early and add markdown of its own. Without a usable URL,
 * just the label.
 */
export function markdownLink(label: string, url: string | undefined): string {
  const href = linkOrNothing(url);
  return href
    ? `[${label}](` +
        `${href.replace(/[()<>\s\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`
    : label;
}
