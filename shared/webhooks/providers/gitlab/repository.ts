import { escapeMarkdown, type Embed } from '../../../discord/message';
import { COLORS } from '../../provider';
import { isNoCommit, refOf, refPath, refUpdateHeadline } from '../../refUpdate';
import { authorOf, commitText, linked, pageOf, placeOf, titled, userOf, webOf } from './common';
import { actionWords } from './words';
import type { Payload } from './schemas';

/** Pushes, tags, releases and wiki pages: what changed in the project's repositories. */

type Pushed = Payload<'Push Hook'> | Payload<'Tag Push Hook'>;

/**
 * What a push or tag push did (git's zeros on the side of a ref that did not exist, or no longer
 * does), and the most specific page for it: the compare view of new commits, the branch or tag, or
 * the project once the ref is gone. Without the ref's name, the title says what is known.
 */
function pushHeadline(p: Pushed, commits: number, tags: boolean): Pick<Embed, 'title' | 'url' | 'color'> {
  const place = placeOf(p);
  // A deleted tag has no checkout_sha (older tag hooks send no before/after).
  const checkout = 'checkout_sha' in p ? p.checkout_sha : undefined;
  const [created, deleted] = [isNoCommit(p.before), isNoCommit(p.after) || (tags && !p.after && !checkout)];
  const ref = p.ref ? refOf(p.ref) : undefined;
  if (!ref?.name) {
    const what =
      commits > 0
        ? `${commits} new commit${commits === 1 ? '' : 's'} pushed`
        : `${tags ? 'Tag' : 'Branch'} ${deleted ? 'deleted' : created ? 'created' : 'pushed'}`;
    return { title: titled(place, what), ...linked(webOf(p)), color: deleted ? COLORS.closed : COLORS.info };
  }
  const { title, color } = refUpdateHeadline({
    repo: place ?? '',
    kind: ref.kind,
    name: ref.name,
    created,
    deleted,
    commits,
  });
  const url = deleted
    ? webOf(p)
    : ref.kind === 'tag'
      ? pageOf(p, `-/tags/${refPath(ref.name)}`)
      : created || !p.before || !p.after
        ? pageOf(p, `-/tree/${refPath(ref.name)}`)
        : pageOf(p, `-/compare/${p.before}...${p.after}`);
  // Without the project's name refUpdateHeadline frames the ref alone ("[main] 2 new commits").
  return { title, ...linked(url ?? webOf(p)), color };
}

/** Who pushed, from the push's own user fields. */
const pusher = (p: Pushed): Pick<Embed, 'author'> => authorOf(p.user_name, p.user_username, p.user_avatar, p);

export const repositoryRenderers = {
  'Push Hook': (p: Payload<'Push Hook'>): Embed => {
    const commits = p.commits ?? [];
    return {
      ...pushHeadline(p, p.total_commits_count ?? commits.length, false),
      ...pusher(p),
      description: commits
        .flatMap((c) => commitText(c) ?? [])
        .slice(0, 10)
        .join('\n'),
    };
  },
  'Tag Push Hook': (p: Payload<'Tag Push Hook'>): Embed => ({
    ...pushHeadline(p, 0, true),
    ...pusher(p),
    // An annotated tag's message.
    ...(p.message ? { description: escapeMarkdown(p.message) } : {}),
  }),
  'Release Hook': (p: Payload<'Release Hook'>): Embed => {
    const name = p.name || p.tag;
    return {
      title: titled(placeOf(p), `Release ${actionWords(p.action)}${name ? `: ${name}` : ''}`),
      ...linked(
        p.action === 'delete'
          ? pageOf(p, '-/releases')
          : p.url || (p.tag ? pageOf(p, `-/releases/${refPath(p.tag)}`) : undefined) || webOf(p),
      ),
      color: p.action === 'delete' ? COLORS.closed : p.action === 'create' ? COLORS.created : COLORS.info,
      ...(p.name && p.tag && p.name !== p.tag
        ? { fields: [{ name: 'Tag', value: escapeMarkdown(p.tag), inline: true }] }
        : {}),
      ...(p.description ? { description: escapeMarkdown(p.description) } : {}),
    };
  },
  'Wiki Page Hook': (p: Payload<'Wiki Page Hook'>): Embed => {
    const { title, url, action, message } = p.object_attributes ?? {};
    const wiki = pageOf(p, '-/wikis');
    return {
      title: titled(placeOf(p), `Wiki page ${actionWords(action)}${title ? `: ${title}` : ''}`),
      ...linked(action === 'delete' ? wiki : url || wiki),
      ...userOf(p.user, p),
      color: action === 'delete' ? COLORS.closed : action === 'create' ? COLORS.created : COLORS.info,
      ...(message ? { description: escapeMarkdown(message) } : {}),
    };
  },
};
