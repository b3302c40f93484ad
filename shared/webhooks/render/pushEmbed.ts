import type { Embed } from '../../discord/message';
import { refUpdateHeadline, type RefUpdate } from '../refUpdate';
import { commitList, descriptionOf, type CommitParts } from './commitLines';
import { linkTo } from './embedParts';

/** At most this many commits are listed in a push's embed. */
export const MAX_PUSH_COMMITS = 10;

/** A forge's push (or a ref created or deleted) as its adapter reads it from the payload. */
export interface Push extends Omit<RefUpdate, 'commits'> {
  /** The commits the payload lists, newest last as forges send them. */
  commits: CommitParts[];
  /** How many commits the push brought, when the payload counts them apart from its list. */
  total?: number | undefined;
  /** The compare view of the new commits, when the payload gives one that leads somewhere. */
  compare?: string | undefined;
  /** The branch's or tag's own page. */
  refPage?: string | undefined;
  /** The repository's page: the link once the ref is gone, or when the payload gives no other. */
  home?: string | undefined;
  /** How many characters of a commit id are shown. */
  idLength?: number;
}

/**
 * The title, colour, link and commit list of a push, the same for every forge: the headline says
 * what happened to the ref (refUpdateHeadline), the link is the most specific page (the compare
 * view of new commits, else the one new commit's page; the ref's page for a tag or a branch created
 * without new commits; the repository once the ref is gone), and each listed commit is one line.
 */
export function pushEmbed(push: Push): Pick<Embed, 'title' | 'color' | 'url' | 'description'> {
  const total = push.total ?? push.commits.length;
  const url = push.deleted
    ? undefined
    : push.kind === 'tag' || (push.created && total === 0)
      ? push.refPage
      : (push.compare ?? (total === 1 ? push.commits[0]?.url : undefined) ?? push.refPage);
  return {
    ...refUpdateHeadline({ ...push, commits: total }),
    ...linkTo(url, push.home),
    ...descriptionOf(commitList(push.commits, MAX_PUSH_COMMITS, total, push.idLength)),
  };
}
