import { escapeMarkdown, type Embed } from '../../../discord/message';
import { COLORS } from '../../provider';
import { eventWords } from '../../render/words';
import type { User } from './schemas';
import { entryOf } from '../../render/entryOf';

/**
 * The pieces every GitHub title and embed is made of, each saying only what the payload has: a
 * title is built of parts, and a part the payload lacks is left out with its brackets or "#".
 */

/** "[owner/repo] " before a title, or nothing when the payload names no repository. */
export const inRepo = (repository: { full_name?: string; name?: string } | undefined): string => {
  const name = repository?.full_name || repository?.name;
  return name ? `[${name}] ` : '';
};

export { about, numbered } from '../../render/titles';

/**
 * What a thing is called after a preposition: "issue #2: Title",
 * "issue #2", "issue: Title", "an issue" (`a` is its article).
 */
export const onThing = (thing: string, a: string, number: number | undefined, title: string | undefined): string => {
  if (number === undefined) return title ? `${thing}: ${title}` : `${a} ${thing}`;
  return title ? `${thing} #${number}: ${title}` : `${thing} #${number}`;
};

/**
 * A comment's news by its action: "New comment", "Edited a comment", "Deleted a comment" (`what` names the comment).
 */
export const commented = (action: string | undefined, what: string): string =>
  !action || action === 'created' ? `New ${what}` : `${eventWords(action)} a ${what}`;

/** A comment's text, except a deleted one's: what was removed is not news to post again. */
export const commentText = (action: string | undefined, text: string | undefined): Pick<Embed, 'description'> =>
  action === 'deleted' ? {} : body(text);

/** A machine action as words: "ready_for_review" -> "ready for review" ("updated" when there is none). */
export const actionWords = (action: string | undefined): string => action?.replace(/_/g, ' ').trim() || 'updated';

/** The first of the payload's people it names (the actor, then the author) as the embed's author. */
export const author = (...users: User[]): Pick<Embed, 'author'> => {
  const user = users.find((candidate) => candidate?.login);
  return user?.login
    ? {
        author: {
          name: user.login,
          ...(user.html_url ? { url: user.html_url } : {}),
          ...(user.avatar_url ? { icon_url: user.avatar_url } : {}),
        },
      }
    : {};
};

/** The first real link of the candidates (GitHub sends "" for "none"); fitMessage drops any that is not http(s). */
export const linkTo = (...candidates: (string | undefined)[]): Pick<Embed, 'url'> => {
  const url = candidates.find((candidate) => candidate && /^https?:\/\//.test(candidate));
  return url ? { url } : {};
};

/** Payload text as the description, escaped; nothing when there is none. */
export const body = (text: string | undefined): Pick<Embed, 'description'> =>
  text?.trim() ? { description: escapeMarkdown(text) } : {};

/** Colours by what an action did to its subject. */
const ACTION_COLORS: Record<string, number> = {
  opened: COLORS.created,
  reopened: COLORS.created,
  created: COLORS.created,
  published: COLORS.created,
  added: COLORS.created,
  closed: COLORS.closed,
  deleted: COLORS.closed,
  removed: COLORS.closed,
  merged: COLORS.merged,
  answered: COLORS.merged,
};
export const actionColor = (action: string | undefined): number => entryOf(ACTION_COLORS, action ?? '') ?? COLORS.info;

/** A run's, check's or deployment's outcome (its conclusion, else its status) in words and colour. */
const OUTCOMES: Record<string, [string, number]> = {
  success: ['succeeded', COLORS.created],
  failure: ['failed', COLORS.closed],
  error: ['errored', COLORS.closed],
  timed_out: ['timed out', COLORS.closed],
  startup_failure: ['failed to start', COLORS.closed],
  cancelled: ['cancelled', COLORS.neutral],
  skipped: ['skipped', COLORS.neutral],
  neutral: ['finished (neutral)', COLORS.neutral],
  stale: ['went stale', COLORS.neutral],
  inactive: ['inactive', COLORS.neutral],
  action_required: ['needs action', COLORS.warning],
  pending: ['pending', COLORS.warning],
  queued: ['queued', COLORS.warning],
  requested: ['requested', COLORS.warning],
  rerequested: ['re-run requested', COLORS.warning],
  requested_action: ['action requested', COLORS.warning],
  waiting: ['waiting', COLORS.warning],
  in_progress: ['in progress', COLORS.warning],
  completed: ['completed', COLORS.info],
};
export const outcome = (...states: (string | undefined)[]): [string, number] => {
  const state = states.find(Boolean);
  return entryOf(OUTCOMES, state ?? '') ?? [actionWords(state), COLORS.info];
};
