/**
 * The facts a Discord message shows (links, numbers, words of the payload), to list what another
 * relay's message about the same delivery shows and ours does not (docs/skyhook.md). A heuristic:
 * it finds candidates for a reader to judge, not proof.
 */

/** The parts of a Discord message both relays fill (Skyhook's has more, ignored here). */
export interface MessageLike {
  content?: string;
  embeds?: {
    title?: string;
    url?: string;
    description?: string;
    timestamp?: string;
    author?: { name?: string; url?: string };
    footer?: { text?: string };
    fields?: { name: string; value: string }[];
  }[];
}

const URLS = /https?:\/\/[^\s<>()\]]+/g;
/** Words worth naming: three letters or more, or a number (not the digits inside a word or a version). */
const WORDS = /(?<![\p{L}\d.,])(?:\p{L}[\p{L}\d'-]{2,}|\d+(?:[.,]\d+)*)(?![\p{L}\d])/gu;
const MOST_WORDS = 6;
/** Words a relay uses to say what happened, which a payload may also hold (an action, a state): wording, not facts. */
const WORDING = new Set([
  'the',
  'and',
  'has',
  'have',
  'been',
  'new',
  'app',
  'created',
  'updated',
  'deleted',
  'added',
  'removed',
  'opened',
  'closed',
  'pushed',
  'marked',
  'published',
  'completed',
  'modified',
  'changes',
  'requested',
  'rejected',
]);

/** A link as both relays may spell it: parsed, percent-decoded, without a trailing slash. */
function sameLink(url: string): string {
  try {
    return decodeURI(new URL(url).href).replace(/\/$/, '');
  } catch {
    return url;
  }
}

/**
 * Text as a reader sees it: links, markdown escapes and emphasis
 * gone (not the underscores inside a name), lower case, one space.
 */
const readable = (text: string) =>
  text
    .replace(/\]\([^)]*\)/g, ']')
    .replace(URLS, ' ')
    .replace(/\\(.)/g, '$1')
    .replace(/[*`~[\]]|(?<![\p{L}\d])_+|_+(?![\p{L}\d])/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const wordsOf = (text: string) => [...new Set(readable(text).match(WORDS) ?? [])];

/** Every string and number of a payload, lower case, one text: what a word must be in to be a fact of the payload. */
export function payloadText(payload: unknown): string {
  if (typeof payload === 'string' && /^\s*[[{]/.test(payload)) {
    // JSON carried in a form field (Travis CI's `payload`): its values, not its keys.
    try {
      return payloadText(JSON.parse(payload));
    } catch {
      // not JSON after all: the text itself
    }
  }
  if (typeof payload === 'string' || typeof payload === 'number') return String(payload).toLowerCase();
  if (payload === null || typeof payload !== 'object') return '';
  return Object.values(payload).map(payloadText).join('\n');
}

const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\d])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d])`, 'u');

function linksOf(message: MessageLike): Set<string> {
  const embeds = message.embeds ?? [];
  const texts = [
    message.content ?? '',
    ...embeds.flatMap((embed) => [embed.description ?? '', ...(embed.fields ?? []).map((field) => field.value)]),
  ];
  return new Set(
    [
      ...embeds.flatMap((embed) => [embed.url ?? '', embed.author?.url ?? '']),
      ...texts.flatMap((text) => text.match(URLS) ?? []),
    ]
      .filter(Boolean)
      .map(sameLink),
  );
}

function textOf(message: MessageLike): string {
  const parts = (message.embeds ?? []).flatMap((embed) => [
    embed.title,
    embed.description,
    embed.author?.name,
    embed.footer?.text,
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
  ]);
  return readable([message.content, ...parts].filter(Boolean).join(' \n '));
}

/**
 * What `theirs` shows that `ours` does not, in short phrases: the words of the payload a part of
 * their message shows and ours nowhere does ("title: rejected"), a field whose value ours shows none
 * of ("field Start Time"), a link ours lacks. Their own words (verbs, labels) are not facts: a word
 * counts only if the payload has it. `leaveOut` matches their branding (a footer naming the relay).
 */
export function factsOursLacks(theirs: MessageLike, ours: MessageLike, payload: string, leaveOut: RegExp): string[] {
  const shown = textOf(ours);
  const inOurs = (word: string) => wholeWord(word).test(shown);
  const missing = (text: string) =>
    wordsOf(text).filter((word) => !WORDING.has(word) && wholeWord(word).test(payload) && !inOurs(word));
  const phrase = (part: string, words: string[]) =>
    words.length ? [`${part}: ${words.slice(0, MOST_WORDS).join(' ')}${words.length > MOST_WORDS ? ' …' : ''}`] : [];
  const found = (theirs.embeds ?? []).flatMap((embed) => [
    ...phrase('title', missing(embed.title ?? '')),
    ...phrase('author', missing(embed.author?.name ?? '')),
    ...phrase('description', missing(embed.description ?? '')),
    ...(embed.fields ?? []).flatMap((field) => {
      const words = wordsOf(field.value);
      // A value ours shows nothing of (a date Skyhook formats, say) is named whole.
      if (words.length && !words.some(inOurs)) return [`field ${field.name.trim()}`];
      return phrase(`field ${field.name.trim()}`, missing(field.value));
    }),
    ...(embed.footer?.text && !leaveOut.test(embed.footer.text) ? phrase('footer', missing(embed.footer.text)) : []),
  ]);
  const ourLinks = linksOf(ours);
  // A link to nothing (Skyhook's "https://bitbucket.org/undefined") is no fact.
  // A link ours makes more specific (to the comment on the page they link) is no fact
  // lacking; nor a link to nothing (Skyhook's "https://bitbucket.org/undefined").
  const covered = (link: string) => [...ourLinks].some((ourLink) => ourLink.startsWith(link));
  found.push(
    ...[...linksOf(theirs)]
      .filter((link) => !covered(link) && !/\/(?:undefined|null)(?:[/?#]|$)/.test(link))
      .map((link) => `link ${link}`),
  );
  if (theirs.embeds?.some((embed) => embed.timestamp) && !ours.embeds?.some((embed) => embed.timestamp))
    found.push('timestamp');
  return found;
}
