import { COLORS } from '../../provider';
import type { Payload, Renderers } from './schemas';
import {
  actionColor,
  actionWords,
  author,
  body,
  commented,
  commentText,
  about,
  inRepo,
  linkTo,
  numbered,
  onThing,
} from './words';
import { entryOf } from '../../render/entryOf';

/** Pull requests and issues: what their action did, in words ("labeled bug", "assigned to octocat"). */
export function subjectChange(action: string | undefined, p: Payload<'pull_request'> | Payload<'issues'>): string {
  const who = p.assignee?.login;
  const reviewer = p.requested_reviewer?.login || p.requested_team?.name;
  const label = p.label?.name;
  const milestone = p.milestone?.title;
  const words: Record<string, string> = {
    assigned: who ? `assigned to ${who}` : 'assigned',
    unassigned: who ? `unassigned from ${who}` : 'unassigned',
    labeled: label ? `labeled ${label}` : 'labeled',
    unlabeled: label ? `label ${label} removed` : 'label removed',
    milestoned: milestone ? `added to milestone ${milestone}` : 'added to a milestone',
    demilestoned: milestone ? `removed from milestone ${milestone}` : 'removed from its milestone',
    review_requested: reviewer ? `review requested from ${reviewer}` : 'review requested',
    review_request_removed: reviewer ? `review request for ${reviewer} removed` : 'review request removed',
    enqueued: 'added to the merge queue',
    dequeued: 'removed from the merge queue',
    auto_merge_enabled: 'set to merge automatically',
    auto_merge_disabled: 'no longer set to merge automatically',
  };
  return entryOf(words, action) ?? actionWords(action);
}

/** A pull request's number and title, from wherever the payload has them. */
const pullSubject = (p: { number?: number; pull_request?: { number?: number; title?: string } }) => ({
  number: p.number ?? p.pull_request?.number,
  title: p.pull_request?.title,
});

type Subject = ReturnType<typeof pullSubject>;
/** "Pull request approved: #2 Title" */
const aboutPull =
  (news: string) =>
  ({ number, title }: Subject) =>
    about(news, numbered(number, title));
/** "Pushed to pull request #2: Title" */
const onPull =
  (news: string) =>
  ({ number, title }: Subject) =>
    `${news} ${onThing('pull request', 'a', number, title)}`;

/**
 * What a review said: its verdict when submitted; an edit or
 * dismissal is news about the review, not the verdict it gave.
 */
const REVIEW_NEWS: Record<string, [(subject: Subject) => string, number]> = {
  approved: [aboutPull('Pull request approved'), COLORS.created],
  changes_requested: [onPull('Changes requested on'), COLORS.closed],
  commented: [aboutPull('Pull request reviewed'), COLORS.info],
  dismissed: [aboutPull('Pull request review dismissed'), COLORS.neutral],
  edited: [aboutPull('Pull request review edited'), COLORS.info],
};

export const pullRenderers: Renderers<
  'pull_request' | 'pull_request_review' | 'pull_request_review_comment' | 'pull_request_review_thread'
> = {
  pull_request: (p) => {
    const merged = p.action === 'closed' && p.pull_request?.merged === true;
    const news = (
      p.action === 'synchronize'
        ? onPull('Pushed to')
        : aboutPull(`Pull request ${merged ? 'merged' : subjectChange(p.action, p)}`)
    )(pullSubject(p));
    return {
      title: `${inRepo(p.repository)}${news}`,
      ...linkTo(p.pull_request?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color: merged ? COLORS.merged : actionColor(p.action),
      ...(p.action === 'opened' ? body(p.pull_request?.body) : {}),
    };
  },
  pull_request_review: (p) => {
    const state = p.action === 'submitted' ? p.review?.state?.toLowerCase() : p.action;
    const [news, color] = entryOf(REVIEW_NEWS, state ?? '') ?? [
      aboutPull(`Pull request review ${actionWords(p.action)}`),
      COLORS.info,
    ];
    return {
      title: `${inRepo(p.repository)}${news(pullSubject(p))}`,
      ...linkTo(p.review?.html_url, p.pull_request?.html_url, p.repository?.html_url),
      ...author(p.sender, p.review?.user),
      color,
      ...(p.action === 'dismissed' ? {} : body(p.review?.body)),
    };
  },
  pull_request_review_comment: (p) => {
    return {
      title: `${inRepo(p.repository)}${onPull(`${commented(p.action, 'review comment')} on`)(pullSubject(p))}`,
      ...linkTo(p.comment?.html_url, p.pull_request?.html_url, p.repository?.html_url),
      ...author(p.sender, p.comment?.user),
      color: COLORS.info,
      ...commentText(p.action, p.comment?.body),
      ...(p.comment?.path ? { footer: { text: p.comment.path } } : {}),
    };
  },
  pull_request_review_thread: (p) => {
    const path = p.thread?.comments?.[0]?.path;
    return {
      title: `${inRepo(p.repository)}${onPull(`Review thread ${actionWords(p.action)} on`)(pullSubject(p))}`,
      ...linkTo(p.thread?.comments?.[0]?.html_url, p.pull_request?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color: p.action === 'resolved' ? COLORS.created : COLORS.info,
      ...(path ? { footer: { text: path } } : {}),
    };
  },
};
