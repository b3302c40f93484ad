import { COLORS } from '../../provider';
import { subjectChange } from './pulls';
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

/** An issue's action in words: a closed one says why when it was not completed. */
const issueNews = (p: Payload<'issues'>) =>
  p.action === 'closed' && p.issue?.state_reason === 'not_planned'
    ? 'closed as not planned'
    : subjectChange(p.action, p);

/**
 * Whether an issue is a pull request: GitHub (and Gogs) give it a `pull_request` object, Gitea its
 * link only; its comments are then on the pull request, and say so.
 */
const isPullRequest = (issue: Payload<'issue_comment'>['issue']) =>
  issue?.pull_request !== undefined || /\/pulls?\/\d+(?:$|[#?])/.test(issue?.html_url ?? '');

/** What happened to an issue, named as the pull request it may be: "Issue opened", "Pull request closed". */
const issueHeadline = (p: Payload<'issues'>) => `${isPullRequest(p.issue) ? 'Pull request' : 'Issue'} ${issueNews(p)}`;

export const issueRenderers: Renderers<
  'issues' | 'issue_comment' | 'commit_comment' | 'discussion' | 'discussion_comment'
> = {
  issues: (p) => ({
    title: `${inRepo(p.repository)}${about(issueHeadline(p), numbered(p.issue?.number, p.issue?.title))}`,
    ...linkTo(p.issue?.html_url, p.repository?.html_url),
    ...author(p.sender),
    color: p.action === 'closed' && p.issue?.state_reason === 'not_planned' ? COLORS.neutral : actionColor(p.action),
    ...(p.action === 'opened' || p.action === 'edited' ? body(p.issue?.body) : {}),
  }),
  issue_comment: (p) => {
    const [thing, article] = isPullRequest(p.issue) ? ['pull request', 'a'] : ['issue', 'an'];
    const subject = onThing(thing, article, p.issue?.number, p.issue?.title);
    return {
      title: `${inRepo(p.repository)}${commented(p.action, 'comment')} on ${subject}`,
      ...linkTo(p.comment?.html_url, p.issue?.html_url, p.repository?.html_url),
      ...author(p.sender, p.comment?.user),
      color: actionColor(p.action === 'deleted' ? 'deleted' : undefined),
      ...commentText(p.action, p.comment?.body),
    };
  },
  commit_comment: (p) => {
    const sha = p.comment?.commit_id?.slice(0, 7);
    return {
      title: `${inRepo(p.repository)}${commented(p.action, 'comment')} on ${sha ? `commit ${sha}` : 'a commit'}`,
      ...linkTo(p.comment?.html_url, p.repository?.html_url),
      ...author(p.sender, p.comment?.user),
      color: COLORS.info,
      ...commentText(p.action, p.comment?.body),
      ...(p.comment?.path ? { footer: { text: p.comment.path } } : {}),
    };
  },
  discussion: (p) => {
    const category = p.discussion?.category?.name;
    const news = p.action === 'category_changed' && category ? `moved to ${category}` : actionWords(p.action);
    const subject = numbered(p.discussion?.number, p.discussion?.title);
    return {
      title: `${inRepo(p.repository)}${about(`Discussion ${news}`, subject)}`,
      ...linkTo(
        p.action === 'answered' ? p.answer?.html_url : undefined,
        p.discussion?.html_url,
        p.repository?.html_url,
      ),
      ...author(p.sender),
      color: actionColor(p.action),
      ...(p.action === 'created' ? body(p.discussion?.body) : p.action === 'answered' ? body(p.answer?.body) : {}),
      ...(category ? { footer: { text: category } } : {}),
    };
  },
  discussion_comment: (p) => ({
    title:
      `${inRepo(p.repository)}${commented(p.action, 'comment')} on ` +
      `${onThing('discussion', 'a', p.discussion?.number, p.discussion?.title)}`,
    ...linkTo(p.comment?.html_url, p.discussion?.html_url, p.repository?.html_url),
    ...author(p.sender, p.comment?.user),
    color: actionColor(p.action === 'deleted' ? 'deleted' : undefined),
    ...commentText(p.action, p.comment?.body),
  }),
};
