import { escapeMarkdown, type Embed } from '../../../discord/message';
import { COLORS } from '../../provider';
import { isNoCommit, refOf, refPath } from '../../refUpdate';
import { pushEmbed, type Push } from '../../render/pushEmbed';
import { authorOf, linked, pageOf, placeOf, titled, userOf, webOf } from './common';
import { actionWords } from './words';
import type { Commit, Payload } from './schemas';

/** Pushes, tags, releases and wiki pages: what changed in the project's repositories. */

type Pushed = Payload<'Push Hook'> | Payload<'Tag Push Hook'>;

/**
 * A push or tag push read for the forges' push builder: git's zeros stand on the side of a ref
 * that did not exist, or no longer does (a deleted tag has no checkout_sha, and older tag hooks
 * send no before/after). Commits are listed up to the count GitLab gives apart from its list.
 */
function pushOf(p: Pushed, commits: Commit[], total: number, tags: boolean): Push {
  const checkout = 'checkout_sha' in p ? p.checkout_sha : undefined;
  const [created, deleted] = [isNoCommit(p.before), isNoCommit(p.after) || (tags && !p.after && !checkout)];
  const { kind, name } = p.ref ? refOf(p.ref) : { kind: tags ? ('tag' as const) : ('branch' as const), name: '' };
  return {
    repo: placeOf(p) ?? '',
    kind,
    name,
    created,
    deleted,
    commits: commits.map((c) => ({ id: c.id, url: c.url, message: c.message, author: c.author?.name })),
    total,
    idLength: 8,
    compare: !created && p.before && p.after ? pageOf(p, `-/compare/${p.before}...${p.after}`) : undefined,
    refPage: name ? pageOf(p, `-/${kind === 'tag' ? 'tags' : 'tree'}/${refPath(name)}`) : undefined,
    home: webOf(p),
  };
}

/** Who pushed, from the push's own user fields. */
const pusher = (p: Pushed): Pick<Embed, 'author'> => authorOf(p.user_name, p.user_username, p.user_avatar, p);

export const repositoryRenderers = {
  'Push Hook': (p: Payload<'Push Hook'>): Embed => {
    const commits = p.commits ?? [];
    return { ...pushEmbed(pushOf(p, commits, p.total_commits_count ?? commits.length, false)), ...pusher(p) };
  },
  'Tag Push Hook': (p: Payload<'Tag Push Hook'>): Embed => ({
    ...pushEmbed(pushOf(p, [], 0, true)),
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
