import { escapeMarkdown, type Embed } from '../../../discord/message';
import { COLORS } from '../../provider';
import { linked, pageOf, placeOf, spaced, titled, userOf, webOf } from './common';
import { about, named, numbered } from '../../render/titles';
import { actionWords, colorOf } from './words';
import type { Payload } from './schemas';

/** Issues and other work items, merge requests, comments, reactions and milestones. */

/** "Issue opened: #23 Crash", or as much of it as the payload says. */

/** Bookkeeping GitLab lists among an update's changes, which say nothing to the channel. */
const BOOKKEEPING = new Set([
  'updated_at',
  'updated_by_id',
  'last_edited_at',
  'last_edited_by_id',
  'last_edited_by',
  'state_id',
]);
/** What an update changed, as a field ("title, labels"), when it names anything. */
function changedField(
  action: string | undefined,
  changes: Record<string, unknown> | undefined,
): NonNullable<Embed['fields']> {
  const names = Object.keys(changes ?? {}).filter((name) => !BOOKKEEPING.has(name));
  return action === 'update' && names.length
    ? [{ name: 'Changed', value: escapeMarkdown(names.map(spaced).join(', ')) }]
    : [];
}

/** What a comment or reaction is on, by GitLab's type name and the object beside it. */
const NOTEABLES = {
  Issue: { key: 'issue', kind: 'issue', sigil: '#', a: 'an issue' },
  MergeRequest: { key: 'merge_request', kind: 'merge request', sigil: '!', a: 'a merge request' },
  Snippet: { key: 'snippet', kind: 'snippet', sigil: '$', a: 'a snippet' },
  Commit: { key: 'commit', kind: 'commit', sigil: '', a: 'a commit' },
} as const;
type Subjects = Pick<Payload<'Note Hook'>, 'issue' | 'merge_request' | 'snippet' | 'commit'>;

/**
 * "issue #17: Crash", "merge request !1: Fix", "commit cfe32cf6",
 * "snippet $53: test"; by its type alone when the object is not there.
 */
function onWhat(type: string | undefined, p: Subjects, commitId?: string): string | undefined {
  const noteable = type && Object.hasOwn(NOTEABLES, type) ? NOTEABLES[type as keyof typeof NOTEABLES] : undefined;
  if (!noteable) return type ? `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${spaced(type)}` : undefined;
  if (noteable.key === 'commit') {
    const id = p.commit?.id || commitId;
    return id ? `commit ${id.slice(0, 8)}` : noteable.a;
  }
  const item = p[noteable.key];
  // Snippets are numbered by id, the rest by their number in the project (iid).
  const number = noteable.key === 'snippet' ? p.snippet?.id : p[noteable.key]?.iid;
  return number === undefined && !item?.title ? noteable.a : named(noteable.kind, number, item?.title, noteable.sigil);
}

/** Where in a diff a comment is: the file, and its line when known ("README.md, line 3"). */
function lineField(
  position: { new_path?: string; old_path?: string; new_line?: number; old_line?: number } | undefined,
): NonNullable<Embed['fields']> {
  const file = position?.new_path || position?.old_path;
  const line = position?.new_line ?? position?.old_line;
  return file
    ? [{ name: 'File', value: escapeMarkdown(`${file}${line !== undefined ? `, line ${line}` : ''}`), inline: true }]
    : [];
}

/** A work item's kind in words: "Issue", "Task", "Epic"... (object_kind work_item without a type: "Work item"). */
const itemKind = (p: Payload<'Issue Hook'>) => {
  const kind = p.object_attributes?.type
    ? spaced(p.object_attributes.type)
    : p.object_kind === 'work_item'
      ? 'work item'
      : 'issue';
  const confidential = p.object_attributes?.confidential === true || p.event_type === 'confidential_issue';
  return confidential ? `Confidential ${kind}` : `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
};

export const planningRenderers = {
  'Issue Hook': (p: Payload<'Issue Hook'>): Embed => {
    const a = p.object_attributes ?? {};
    return {
      title: titled(placeOf(p), about(`${itemKind(p)} ${actionWords(a.action, a.state)}`, numbered(a.iid, a.title))),
      ...linked(a.url || webOf(p)),
      ...userOf(p.user, p),
      // An edit is news, not an opening: it is blue whatever the state.
      color: a.action === 'update' ? COLORS.info : colorOf(a.action, a.state),
      ...(a.description ? { description: escapeMarkdown(a.description) } : {}),
      fields: changedField(a.action, p.changes),
    };
  },
  'Merge Request Hook': (p: Payload<'Merge Request Hook'>): Embed => {
    const a = p.object_attributes ?? {};
    // An update with oldrev is new commits pushed to the source branch; one
    // turning the draft flag, the merge request marked as draft or ready.
    const pushed = a.action === 'update' && Boolean(a.oldrev);
    const draft = a.action === 'update' ? (p.changes?.draft ?? p.changes?.work_in_progress)?.current : undefined;
    const words = draft === undefined ? actionWords(a.action, a.state) : draft ? 'marked as draft' : 'marked ready';
    const head = pushed
      ? `Pushed to ${named('merge request', a.iid, a.title, '!')}`
      : about(`Merge request ${words}`, numbered(a.iid, a.title, '!'));
    return {
      title: titled(placeOf(p), pushed && a.iid === undefined && !a.title ? 'Pushed to a merge request' : head),
      ...linked(a.url || webOf(p)),
      ...userOf(p.user, p),
      // An approval is news of its own, an edit or push informative; otherwise the state tells (a merge is purple).
      color: a.action === 'update' ? COLORS.info : colorOf(a.action, a.state),
      ...(a.description ? { description: escapeMarkdown(a.description) } : {}),
      fields: [
        ...(a.source_branch && a.target_branch
          ? [{ name: 'Branches', value: escapeMarkdown(`${a.source_branch} → ${a.target_branch}`), inline: true }]
          : []),
        ...(pushed ? [] : changedField(a.action, p.changes)),
      ],
    };
  },
  'Note Hook': (p: Payload<'Note Hook'>): Embed => {
    const a = p.object_attributes ?? {};
    const on = onWhat(a.noteable_type, p, a.commit_id);
    const comment = p.event_type === 'confidential_note' ? 'Confidential comment' : 'Comment';
    return {
      title: titled(placeOf(p), `${comment}${a.action === 'update' ? ' edited' : ''}${on ? ` on ${on}` : ''}`),
      ...linked(a.url || webOf(p)),
      ...userOf(p.user, p),
      color: COLORS.info,
      ...(a.note ? { description: escapeMarkdown(a.note) } : {}),
      fields: lineField(a.position),
    };
  },
  'Emoji Hook': (p: Payload<'Emoji Hook'>): Embed => {
    const a = p.object_attributes ?? {};
    const emoji = a.name ? `:${a.name}:` : undefined;
    // A reaction on a comment names the comment's subject too.
    const target =
      a.awardable_type === 'Note'
        ? ['a comment', onWhat(p.note?.noteable_type, p)].filter(Boolean).join(' on ')
        : onWhat(a.awardable_type, p);
    const revoked = a.action === 'revoke';
    const what = revoked
      ? `Removed ${emoji ?? 'a reaction'}${target ? ` from ${target}` : ''}`
      : `Reacted${emoji ? ` ${emoji}` : ''}${target ? ` to ${target}` : ''}`;
    return {
      title: titled(placeOf(p), what),
      ...linked(a.awarded_on_url || webOf(p)),
      ...userOf(p.user, p),
      color: revoked ? COLORS.neutral : COLORS.warning,
    };
  },
  'Milestone Hook': (p: Payload<'Milestone Hook'>): Embed => {
    const a = p.object_attributes ?? {};
    const place = placeOf(p) || p.group?.full_path || p.group?.group_path;
    return {
      title: titled(place, `Milestone ${actionWords(p.action, a.state)}${a.title ? `: ${a.title}` : ''}`),
      ...linked((a.iid !== undefined ? pageOf(p, `-/milestones/${a.iid}`) : undefined) ?? webOf(p)),
      color: colorOf(p.action),
      ...(a.description ? { description: escapeMarkdown(a.description) } : {}),
      ...(a.due_date ? { fields: [{ name: 'Due', value: escapeMarkdown(a.due_date), inline: true }] } : {}),
    };
  },
};
