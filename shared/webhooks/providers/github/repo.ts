import { escapeMarkdown, markdownLink } from '../../../discord/message';
import { COLORS } from '../../provider';
import { refOf, refPath } from '../../refUpdate';
import { pushEmbed, type Push } from '../../render/pushEmbed';
import { eventWords } from '../../render/words';
import type { Payload, Renderers } from './schemas';
import { actionColor, actionWords, author, body, about, inRepo, linkTo } from './words';
import { entryOf } from '../../render/entryOf';

/** A push read for the forges' push builder; a compare link with a side of zeros leads nowhere, so it is left out. */
function pushOf(p: Payload<'push'>): Push {
  const { kind, name } = refOf(p.ref ?? '');
  const home = p.repository?.html_url;
  const compare = p.compare || p.compare_url;
  return {
    repo: p.repository?.full_name || p.repository?.name || '',
    kind,
    name,
    created: p.created === true,
    deleted: p.deleted === true,
    forced: p.forced === true,
    commits: (p.commits ?? []).map((c) => ({
      id: c.id,
      url: c.url,
      message: c.message,
      author: c.author?.name || c.author?.username,
    })),
    compare: compare && !/\/compare\/.*0{12}/.test(compare) ? compare : undefined,
    refPage: home && name ? `${home}/tree/${refPath(name)}` : undefined,
    home,
  };
}

/** "Branch main", "Tag v1" (Gogs sends the full "refs/heads/main"), or "Ref" for a type not named. */
const refWords = (type: string | undefined, ref: string | undefined) =>
  [type === 'tag' ? 'Tag' : type === 'branch' ? 'Branch' : type ? eventWords(type) : 'Ref', ref && refOf(ref).name]
    .filter(Boolean)
    .join(' ');

/** A repository's news in words. */
const REPOSITORY_NEWS: Record<string, string> = { privatized: 'made private', publicized: 'made public' };

/** A sponsorship's news in words ("pending_tier_change": the tier changes at the end of the billing cycle). */
const SPONSORSHIP_NEWS: Record<string, string> = {
  created: 'New sponsor',
  cancelled: 'Sponsorship cancelled',
  edited: 'Sponsorship edited',
  tier_changed: 'Sponsorship tier changed',
  pending_cancellation: 'Sponsorship to be cancelled',
  pending_tier_change: 'Sponsorship tier to change',
};

export const repoRenderers: Renderers<
  | 'ping'
  | 'push'
  | 'create'
  | 'delete'
  | 'fork'
  | 'star'
  | 'watch'
  | 'public'
  | 'member'
  | 'repository'
  | 'label'
  | 'release'
  | 'gollum'
  | 'sponsorship'
> = {
  ping: (p) => {
    const where = p.repository?.full_name || p.organization?.login;
    return {
      title: about('Webhook connected', where ?? ''),
      ...linkTo(p.repository?.html_url),
      ...author(p.sender),
      color: COLORS.neutral,
      ...body(p.zen),
    };
  },
  push: (p) => ({
    ...pushEmbed(pushOf(p)),
    ...author(p.sender),
    ...(!p.sender?.login && p.pusher?.name ? { author: { name: p.pusher.name } } : {}),
  }),
  create: (p) => ({
    title: `${inRepo(p.repository)}${refWords(p.ref_type, p.ref)} created`,
    ...linkTo(
      p.repository?.html_url && p.ref ? `${p.repository.html_url}/tree/${refPath(refOf(p.ref).name)}` : undefined,
      p.repository?.html_url,
    ),
    ...author(p.sender),
    color: COLORS.created,
  }),
  delete: (p) => ({
    title: `${inRepo(p.repository)}${refWords(p.ref_type, p.ref)} deleted`,
    ...linkTo(p.repository?.html_url),
    ...author(p.sender),
    color: COLORS.closed,
  }),
  fork: (p) => ({
    title: `${inRepo(p.repository)}${p.forkee?.full_name ? `Forked to ${p.forkee.full_name}` : 'Forked'}`,
    ...linkTo(p.forkee?.html_url, p.repository?.html_url),
    ...author(p.sender),
    color: COLORS.info,
  }),
  star: (p) => ({
    title: `${inRepo(p.repository)}${p.action === 'deleted' ? 'Star removed' : 'Star added'}`,
    ...linkTo(p.repository?.html_url),
    ...author(p.sender),
    color: COLORS.warning,
  }),
  watch: (p) => ({
    title: `${inRepo(p.repository)}New watcher`,
    ...linkTo(p.repository?.html_url),
    ...author(p.sender),
    color: COLORS.warning,
  }),
  public: (p) => ({
    title: `${inRepo(p.repository)}Repository made public`,
    ...linkTo(p.repository?.html_url),
    ...author(p.sender),
    color: COLORS.created,
  }),
  member: (p) => {
    const from = p.changes?.old_permission?.from;
    const to = p.changes?.permission?.to;
    const change = [from && `from ${from}`, to && `to ${to}`].filter(Boolean).join(' ');
    const news = p.action === 'edited' ? 'Collaborator permission changed' : `Collaborator ${actionWords(p.action)}`;
    return {
      title: `${inRepo(p.repository)}${about(news, p.member?.login ?? '')}`,
      ...linkTo(p.member?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color: actionColor(p.action),
      ...(p.action === 'edited' && change ? { description: `Permission changed ${escapeMarkdown(change)}` } : {}),
    };
  },
  repository: (p) => {
    const oldName = p.changes?.repository?.name?.from;
    const oldOwner = p.changes?.owner?.from?.user?.login || p.changes?.owner?.from?.organization?.login;
    const from = p.action === 'renamed' ? oldName : p.action === 'transferred' ? oldOwner : undefined;
    const news = entryOf(REPOSITORY_NEWS, p.action ?? '') ?? actionWords(p.action);
    return {
      title: `${inRepo(p.repository)}Repository ${news}${from ? ` from ${from}` : ''}`,
      ...linkTo(p.repository?.html_url),
      ...author(p.sender),
      color: p.action === 'archived' ? COLORS.neutral : actionColor(p.action),
    };
  },
  label: (p) => {
    const name = p.label?.name;
    const oldName = p.changes?.name?.from;
    const news =
      p.action === 'edited' && oldName && name
        ? `Label renamed: ${oldName} to ${name}`
        : about(`Label ${actionWords(p.action)}`, name ?? '');
    return {
      title: `${inRepo(p.repository)}${news}`,
      ...linkTo(
        p.repository?.html_url && name ? `${p.repository.html_url}/labels/${encodeURIComponent(name)}` : undefined,
        p.repository?.html_url,
      ),
      ...author(p.sender),
      color: actionColor(p.action),
      ...(p.action === 'deleted' ? {} : body(p.label?.description)),
    };
  },
  release: (p) => {
    const name = p.release?.name || p.release?.tag_name || '';
    const news =
      p.action === 'prereleased' || (p.action === 'published' && p.release?.prerelease === true)
        ? 'Pre-release published'
        : `Release ${actionWords(p.action)}`;
    return {
      title: `${inRepo(p.repository)}${about(news, name)}`,
      ...linkTo(p.action === 'deleted' ? undefined : p.release?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color: actionColor(p.action),
      ...(p.action === 'deleted' ? {} : body(p.release?.body)),
    };
  },
  gollum: (p) => {
    const pages = p.pages ?? [];
    const [first] = pages;
    const news =
      pages.length === 1 && first
        ? `Wiki: ${about(`page ${actionWords(first.action)}`, first.title ?? '')}`
        : pages.length > 1
          ? `Wiki: ${pages.length} pages changed`
          : 'Wiki changed';
    return {
      title: `${inRepo(p.repository)}${news}`,
      ...linkTo(first?.html_url, p.repository?.html_url && `${p.repository.html_url}/wiki`),
      ...author(p.sender),
      color: COLORS.info,
      ...(pages.length > 1
        ? {
            description: pages
              .map(
                (page) =>
                  `${actionWords(page.action)} ${markdownLink(escapeMarkdown(page.title || 'a page'), page.html_url)}`,
              )
              .join('\n'),
          }
        : {}),
    };
  },
  sponsorship: (p) => {
    const sponsor = p.sponsorship?.sponsor?.login;
    const news = about(
      entryOf(SPONSORSHIP_NEWS, p.action ?? '') ?? `Sponsorship ${actionWords(p.action)}`,
      sponsor ?? '',
    );
    const tier = p.sponsorship?.tier?.name;
    const was = p.changes?.tier?.from?.name;
    const facts = [
      was && tier ? `Tier: ${was} to ${tier}` : tier ? `Tier: ${tier}` : '',
      p.effective_date ? `From ${p.effective_date.slice(0, 10)}` : '',
    ].filter(Boolean);
    const sponsored = p.sponsorship?.sponsorable?.login;
    return {
      title: `${sponsored ? `[${sponsored}] ` : ''}${news}`,
      ...linkTo(p.sponsorship?.sponsor?.html_url, p.sponsorship?.sponsorable?.html_url),
      ...author(p.sender, p.sponsorship?.sponsor),
      color: p.action === 'created' ? COLORS.created : p.action?.includes('cancel') ? COLORS.closed : COLORS.info,
      ...(facts.length ? { description: escapeMarkdown(facts.join('\n')) } : {}),
    };
  },
};
