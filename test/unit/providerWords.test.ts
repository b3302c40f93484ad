import { describe, expect, test } from '@jest/globals';
import type { Embed } from '../../shared/discord/message';
import type { Provider } from '../../shared/webhooks/provider';
import { gitea, gogs } from '../../shared/webhooks/providers/gitea';
import { github } from '../../shared/webhooks/providers/github';
import { gitlab } from '../../shared/webhooks/providers/gitlab';
import { heroku } from '../../shared/webhooks/providers/heroku';
import { trello } from '../../shared/webhooks/providers/trello';
import { jsonRequest, toProviderDelivery, type DeliveryRequest } from '../fixtures/delivery';
import { giteaDeliveries, gogsDeliveries } from '../fixtures/gitea/payloads';
import { githubDelivery, githubPayloads } from '../fixtures/github/payloads';
import { gitlabDelivery, gitlabNotes, gitlabPayloads } from '../fixtures/gitlab/payloads';
import { herokuDeployHook } from '../fixtures/heroku/payloads';
import { trelloDeliveries } from '../fixtures/trello/payloads';

/**
 * Issue 32's wrong words: each (provider, event, action) over a real fixture (test/fixtures/<provider>,
 * SOURCES.md names each), or a variant of one with only its action (or the field the action
 * changes) altered, and what its embed must say.
 */
type Json = Record<string, any>;
const copy = (payload: unknown): Json => JSON.parse(JSON.stringify(payload));
/** A fixture with some of its fields replaced (`change` edits a deep copy). */
const variant = (payload: unknown, change: (p: Json) => void): Json => {
  const p = copy(payload);
  change(p);
  return p;
};
const withAction = (payload: unknown, action: string) => variant(payload, (p) => (p.action = action));
const withAttribute = (payload: unknown, action: string) =>
  variant(payload, (p) => (p.object_attributes.action = action));

/** How each provider's delivery is sent: its headers around a JSON payload (or, for Heroku's deploy hook, its form). */
const senders: Record<string, (event: string, payload: any) => DeliveryRequest> = {
  github: (event, payload) => githubDelivery(event, 'words', payload),
  gitlab: (event, payload) => gitlabDelivery(event, 'words', payload),
  gitea: (event, payload) => jsonRequest({ 'X-Gitea-Event': event, 'X-Gitea-Delivery': 'words' }, payload),
  gogs: (event, payload) => jsonRequest({ 'X-Gogs-Event': event, 'X-Gogs-Delivery': 'words' }, payload),
  trello: (_event, payload) => jsonRequest({}, payload),
  heroku: (_event, form: Record<string, string>) => ({
    headers: herokuDeployHook.headers,
    body: new URLSearchParams(form).toString(),
  }),
};
const providers: Record<string, Provider> = { github, gitlab, gitea, gogs, trello, heroku };

const fixtureJson = (deliveries: typeof giteaDeliveries, label: string) =>
  JSON.parse(deliveries.find((d) => d.label === label)!.body);
const trelloComment = JSON.parse(trelloDeliveries[0]!.body);
/** Trello's updateCard of the fixture's card, its due date now `due` (was `was`), as Trello sends a due date change. */
const dueChange = (due: string | null, was: string | null) =>
  variant(trelloComment, (p) =>
    Object.assign(p.action, {
      type: 'updateCard',
      data: { ...p.action.data, text: undefined, card: { ...p.action.data.card, due }, old: { due: was } },
    }),
  );
const deployForm = Object.fromEntries(new URLSearchParams(herokuDeployHook.body));
const gitlabMr = gitlabPayloads['Merge Request Hook'];
const gitlabIssue = gitlabPayloads['Issue Hook'];
const ghRepo = '[baxterthehacker/public-repo]';
const codertocat = '[Codertocat/Hello-World]';
const prTitle = 'Update the README with new information.';

const rows: [
  provider: string,
  event: string,
  action: string,
  payload: unknown,
  expected: Partial<Embed> & { title: string },
][] = [
  // GitHub: a comment edited or deleted is not a new one; a deleted one's text is not posted again.
  [
    'github',
    'issue_comment',
    'edited',
    withAction(githubPayloads.issue_comment, 'edited'),
    {
      title: `${ghRepo} Edited a comment on issue #2: Spelling error in the README file`,
      description: "You are totally right! I'll get this fixed right away.",
    },
  ],
  [
    'github',
    'issue_comment',
    'deleted',
    withAction(githubPayloads.issue_comment, 'deleted'),
    { title: `${ghRepo} Deleted a comment on issue #2: Spelling error in the README file` },
  ],
  [
    'github',
    'pull_request_review_comment',
    'edited',
    withAction(githubPayloads.pull_request_review_comment, 'edited'),
    { title: `${codertocat} Edited a review comment on pull request #2: ${prTitle}` },
  ],
  [
    'github',
    'pull_request_review_comment',
    'deleted',
    withAction(githubPayloads.pull_request_review_comment, 'deleted'),
    { title: `${codertocat} Deleted a review comment on pull request #2: ${prTitle}` },
  ],
  [
    'github',
    'discussion_comment',
    'edited',
    withAction(githubPayloads.discussion_comment, 'edited'),
    { title: `${codertocat} Edited a comment on discussion #4: TEST edit` },
  ],
  [
    'github',
    'pull_request',
    'synchronize',
    withAction(githubPayloads.pull_request, 'synchronize'),
    { title: `${ghRepo} Pushed to pull request #1: Update the README with new information` },
  ],
  [
    'github',
    'pull_request_review',
    'edited',
    withAction(githubPayloads.pull_request_review, 'edited'),
    { title: `${codertocat} Pull request review edited: #2 ${prTitle}` },
  ],
  // GitLab: its bare verbs in words, as its wiki events already were.
  [
    'gitlab',
    'Issue Hook',
    'open',
    gitlabIssue,
    { title: '[mike/diaspora] Issue opened: #23 New API: create/update/delete file' },
  ],
  [
    'gitlab',
    'Issue Hook',
    'close',
    variant(gitlabIssue, (p) => Object.assign(p.object_attributes, { action: 'close', state: 'closed' })),
    { title: '[mike/diaspora] Issue closed: #23 New API: create/update/delete file' },
  ],
  [
    'gitlab',
    'Issue Hook',
    'reopen',
    withAttribute(gitlabIssue, 'reopen'),
    { title: '[mike/diaspora] Issue reopened: #23 New API: create/update/delete file' },
  ],
  [
    'gitlab',
    'Merge Request Hook',
    'merge',
    variant(gitlabMr, (p) => Object.assign(p.object_attributes, { action: 'merge', state: 'merged' })),
    { title: '[mike/diaspora] Merge request merged: !1 MS-Viewport' },
  ],
  [
    'gitlab',
    'Merge Request Hook',
    'update',
    withAttribute(gitlabMr, 'update'),
    { title: '[mike/diaspora] Merge request updated: !1 MS-Viewport' },
  ],
  [
    'gitlab',
    'Merge Request Hook',
    'approval',
    withAttribute(gitlabMr, 'approval'),
    { title: '[mike/diaspora] Merge request approval added: !1 MS-Viewport' },
  ],
  [
    'gitlab',
    'Merge Request Hook',
    'unapproval',
    withAttribute(gitlabMr, 'unapproval'),
    { title: '[mike/diaspora] Merge request approval removed: !1 MS-Viewport' },
  ],
  [
    'gitlab',
    'Release Hook',
    'create',
    gitlabPayloads['Release Hook'],
    { title: '[mike/diaspora] Release created: v1.1' },
  ],
  [
    'gitlab',
    'Release Hook',
    'delete',
    withAction(gitlabPayloads['Release Hook'], 'delete'),
    { title: '[mike/diaspora] Release deleted: v1.1' },
  ],
  // GitLab's comments name what they are on, from the object beside the note.
  ['gitlab', 'Note Hook', 'on an issue', gitlabNotes.Issue, { title: '[mike/diaspora] Comment on issue #17: test' }],
  [
    'gitlab',
    'Note Hook',
    'on a merge request',
    gitlabPayloads['Note Hook'],
    { title: '[mike/diaspora] Comment on merge request !1: Tempora et eos debitis quae laborum et.' },
  ],
  ['gitlab', 'Note Hook', 'on a commit', gitlabNotes.Commit, { title: '[mike/diaspora] Comment on commit cfe32cf6' }],
  [
    'gitlab',
    'Note Hook',
    'on a snippet',
    gitlabNotes.Snippet,
    { title: '[mike/diaspora] Comment on snippet $53: test' },
  ],
  // Gitea and Gogs: a comment on a pull request says so (Gogs sends no is_pull, only the issue's pull_request).
  [
    'gogs',
    'issue_comment',
    'created on a pull request',
    variant(
      fixtureJson(gogsDeliveries, 'issue-comment-event.json'),
      (p) => (p.issue.pull_request = { merged: false, merged_at: null }),
    ),
    { title: '[user/repo] Comment created on pull request #1: Fix bug' },
  ],
  [
    'gitea',
    'issue_comment',
    'deleted',
    withAction(fixtureJson(giteaDeliveries, 'issue-comment-event.json'), 'deleted'),
    { title: '[example/example] Comment deleted on issue #1: example' },
  ],
  [
    'gitea',
    'pull_request',
    'synchronized',
    withAction(fixtureJson(giteaDeliveries, 'pull-request-event.json'), 'synchronized'),
    { title: '[example/example] Pushed to pull request #2: update' },
  ],
  // Trello: a due date change says the new date in its title, not "Card updated".
  [
    'trello',
    'updateCard',
    'due date set',
    dueChange('2024-05-01T12:00:00.000Z', null),
    { title: '[Example Board] Due date set to 2024-05-01 12:00 UTC on card Example Card' },
  ],
  [
    'trello',
    'updateCard',
    'due date removed',
    dueChange(null, '2024-05-01T12:00:00.000Z'),
    { title: '[Example Board] Due date removed from card Example Card' },
  ],
  // Heroku's deploy hook: a value ending in a newline ends no title.
  [
    'heroku',
    'deploy',
    'release ending in a newline',
    { ...deployForm, release: 'v9\n', head: `${deployForm.head}\n` },
    { title: '[deploying-furiously-42] Deployed v9 (441e20)' },
  ],
];

describe("Providers' words (issue 32)", () => {
  test.each(rows)('%s %s %s', (provider, event, action, payload, expected) => {
    const outcome = providers[provider]!.read(toProviderDelivery(senders[provider]!(event, payload)));
    if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
    const embed = outcome.embeds[0]!;
    expect(embed).toMatchObject(expected);
    // A deleted comment's text is not posted again.
    if (event.includes('comment') && action === 'deleted') expect(embed.description).toBeUndefined();
  });
});
