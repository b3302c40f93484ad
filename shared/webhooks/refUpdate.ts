import { COLORS } from './provider';

/** What one push did to one ref, as each provider's payload tells it. */
export interface RefUpdate {
  /** The repository's name in titles (`owner/repo`). */
  repo: string;
  kind: 'branch' | 'tag';
  name: string;
  created: boolean;
  deleted: boolean;
  /** New commits listed; `more`: the provider listed only some of them. */
  commits: number;
  more?: boolean;
  forced?: boolean;
}

/** "[repo:name] ", "[repo] ", "[name] " or nothing: a title's frame names only what the payload does. */
const frame = (...names: string[]) => (names.some(Boolean) ? `[${names.filter(Boolean).join(':')}] ` : '');

/**
 * A push's title and colour, saying what happened to the ref: "Tag v1.2 created", "Branch x
 * deleted", "Branch x created" for a branch with nothing new on it. Never "0 new commits". A repo
 * or ref name a payload lacks (empty) is left out, never shown as an empty bracket.
 */
export function refUpdateHeadline(update: RefUpdate): { title: string; color: number } {
  const { repo, kind, name } = update;
  const ref = [kind === 'tag' ? 'Tag' : 'Branch', name].filter(Boolean).join(' ');
  if (update.deleted) return { title: `${frame(repo)}${ref} deleted`, color: COLORS.closed };
  if (kind === 'tag')
    return { title: `${frame(repo)}${ref} ${update.created ? 'created' : 'moved'}`, color: COLORS.created };
  if (update.commits === 0) {
    return {
      title: `${frame(repo)}${ref} ${update.created ? 'created' : update.forced ? 'force-pushed' : 'updated'}`,
      color: update.created ? COLORS.created : COLORS.info,
    };
  }
  const count = `${update.commits}${update.more ? '+' : ''}`;
  return {
    title: `${frame(repo, name)}${count} new commit${count === '1' ? '' : 's'}${update.forced ? ' (forced)' : ''}`,
    color: update.created ? COLORS.created : COLORS.info,
  };
}

/** A commit id of zeros: git's "no such commit", on the side of a ref that did not exist (or no longer does). */
export const isNoCommit = (sha: string | null | undefined): boolean => typeof sha === 'string' && /^0+$/.test(sha);

/** A ref's name as a URL path: each segment escaped, the slashes kept (branches like feature/x). */
export const refPath = (name: string): string => name.split('/').map(encodeURIComponent).join('/');

/** Which kind of ref a full git ref name is, and its short name. */
export function refOf(ref: string): { kind: 'branch' | 'tag'; name: string } {
  return ref.startsWith('refs/tags/')
    ? { kind: 'tag', name: ref.slice('refs/tags/'.length) }
    : { kind: 'branch', name: ref.replace(/^refs\/heads\//, '') };
}
