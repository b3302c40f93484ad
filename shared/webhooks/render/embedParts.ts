import { escapeMarkdown, type Embed } from '../../discord/message';

/** The embed's link: the first of `urls` the payload gave (the most specific first), or none. */
export const linkTo = (...urls: (string | undefined)[]): Pick<Embed, 'url'> => {
  const url = urls.find(Boolean);
  return url ? { url } : {};
};

/** The embed's author: the first name the payload gave, or none. */
export const authorNamed = (...names: (string | undefined)[]): Pick<Embed, 'author'> => {
  const name = names.find(Boolean);
  return name ? { author: { name } } : {};
};

/**
 * Payload text as the embed's description, markdown escaped and cut at `max` characters when given; none when empty.
 */
export const textOf = (value: string | undefined, max?: number): Pick<Embed, 'description'> =>
  value
    ? { description: escapeMarkdown(max !== undefined && value.length > max ? `${value.slice(0, max)}…` : value) }
    : {};
