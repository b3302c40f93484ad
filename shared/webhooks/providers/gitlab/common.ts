import type { Embed } from '../../../discord/message';
import { commitLineOf } from '../../render/commitLines';
import type { Commit, User, Where } from './schemas';

/**
 * What every GitLab renderer needs: where an event happened (the project, or the repository older
 * GitLab names instead), who did it, and titles that leave out what the payload does not say.
 */

/** The project's web page, the link of last resort. */
export const webOf = (p: Where): string | undefined => p.project?.web_url || p.repository?.homepage || undefined;

/** The path of a project's page ("group/project"), which is its path_with_namespace. */
function pathOf(web: string | undefined): string | undefined {
  if (!web) return undefined;
  try {
    return decodeURIComponent(new URL(web).pathname).replace(/^\/+|\/+$/g, '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The project's path as titles show it ("group/project"): path_with_namespace, or the path of its
 * page (older GitLab sends only `repository`), or its name; undefined when the payload says none.
 */
export const placeOf = (p: Where): string | undefined =>
  p.project?.path_with_namespace || pathOf(webOf(p)) || p.project?.name || p.repository?.name || undefined;

/** A page under the project's ("-/jobs/12"), when the project's page is known. */
export const pageOf = (p: Where, path: string): string | undefined => {
  const web = webOf(p);
  return web && `${web.replace(/\/+$/, '')}/${path}`;
};

/** A title prefixed by where it happened ("[group/project] ..."), or the text alone when no place is known. */
export const titled = (place: string | undefined, text: string): string =>
  place ? `[${place}] ${text}` : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/**
 * An avatar's address: GitLab sends some relative to the instance ("/uploads/..."), which Discord
 * cannot load; they are made absolute against the project's page.
 */
export function avatarOf(url: string | undefined, p: Where): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, webOf(p)).href;
  } catch {
    return undefined;
  }
}

/** A person as GitLab's pages show them: "Test User (@test_user)", or what of it the payload has. */
export const personOf = (name: string | undefined, username: string | undefined): string | undefined =>
  name && username && name !== username ? `${name} (@${username})` : name || (username ? `@${username}` : undefined);

/** Who did it, as the embed's author: their name and username, and avatar, when the payload has them. */
export function authorOf(
  name: string | undefined,
  username: string | undefined,
  avatar: string | undefined,
  p: Where,
): Pick<Embed, 'author'> {
  const person = personOf(name, username);
  const icon = avatarOf(avatar, p);
  return person ? { author: { name: person, ...(icon ? { icon_url: icon } : {}) } } : {};
}

/** The author of an event that names its user in a `user` object. */
export const userOf = (user: User | undefined, p: Where): Pick<Embed, 'author'> =>
  authorOf(user?.name, user?.username, user?.avatar_url, p);

/** A link, or nothing: spread into an embed. */
export const linked = (url: string | undefined): Pick<Embed, 'url'> => (url ? { url } : {});

/**
 * A bare snake_case or camelCase word of GitLab's in words ("script_failure"
 * -> "script failure", "MergeRequest" -> "merge request").
 */
export const spaced = (word: string): string =>
  word
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** A commit as one line: its short id linked, its subject and author, what of them the payload has. */
export const commitText = (c: Commit | undefined): string | undefined =>
  c?.id ? commitLineOf({ id: c.id, url: c.url, message: c.message, author: c.author?.name }, 8) : undefined;
