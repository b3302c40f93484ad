import { COLORS } from './provider';

/** What one push did to one ref, as each provider's payload tells it. */
export interface RefUpdate {
  /** The repository's name in titles (`owner/repo`); empty when a payload leaves it out (the title then starts with the ref). */
  repo: string;
  kind: 'branch' | 'tag';
  /** The ref's short name; empty when a payload leaves it out (the title then names the kind alone). */
  name: string;
  created: boolean;
  deleted: boolean;
  /** New commits listed; `more`: the provider listed only some of them. */
  commits: number;
  more?: boolean;
  forced?: boolean;
}

/**
 * A push's title and colour, saying what happened to the ref: "Tag v1.2 created", "Branch x
 * deleted", "Branch x created" for a branch with nothing new on it. Never "0 new commits".
 */
export function refUpdateHeadline(update: RefUpdate): { title: string; color: number } {
  const { repo, kind } = update;
  const name = update.name ? ` ${update.name}` : '';
  const Kind = kind === 'tag' ? 'Tag' : 'Branch';
  const where = repo ? `[${repo}] ` : '';
  if (update.deleted) return { title: `${where}${Kind}${name} deleted`, color: COLORS.closed };
  if (kind === 'tag') return { title: `${where}Tag${name} ${update.created ? 'created' : 'moved'}`, color: COLORS.created };
  if (update.commits === 0) {
    return { title: `${where}Branch${name} ${update.created ? 'created' : update.forced ? 'force-pushed' : 'updated'}`, color: update.created ? COLORS.created : COLORS.info };
  }
  const count = `${update.commits}${update.more ? '+' : ''}`;
  const on = repo || update.name ? `[${[repo, update.name].filter(Boolean).join(':')}] ` : '';
  return { title: `${on}${count} new commit${count === '1' ? '' : 's'}${update.forced ? ' (forced)' : ''}`, color: update.created ? COLORS.created : COLORS.info };
}

/** A commit id of zeros: git's "no such commit", on the side of a ref that did not exist (or no longer does). */
export const isNoCommit = (sha: string | null | undefined): boolean => typeof sha === 'string' && /^0+$/.test(sha);

/** A ref's name as a URL path: each segment escaped, the slashes kept (branches like feature/x). */
export const refPath = (name: string): string => name.split('/').map(encodeURIComponent).join('/');

/** Which kind of ref a full git ref name is, and its short name. */
export function refOf(ref: string): { kind: 'branch' | 'tag'; name: string } {
  return ref.startsWith('refs/tags/') ? { kind: 'tag', name: ref.slice('refs/tags/'.length) } : { kind: 'branch', name: ref.replace(/^refs\/heads\//, '') };
}
