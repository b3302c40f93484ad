import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { github } from '../../shared/webhooks/providers/github';
import { toProviderDelivery } from '../fixtures/delivery';
import { githubFileDeliveries } from '../fixtures/github/files';
import { githubDelivery, githubPayloads } from '../fixtures/github/payloads';

/** The delivery as JSON, or (`form`) as the form GitHub posts when a hook is set to that content type. */
const delivery = (event: string, payload: unknown, form = false): ProviderDelivery => {
  const json = githubDelivery(event, '72d3162e-cc78-11e3-81ab-4c9367dc0958', payload);
  if (!form) return toProviderDelivery(json);
  return toProviderDelivery({
    headers: { ...json.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payload: json.body }).toString(),
  });
};

const embedOf = (event: string, payload: unknown = githubPayloads[event]) => {
  const outcome = github.read(delivery(event, payload));
  if (outcome.kind !== 'message') throw new Error(`${event} was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event, deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958', username: 'GitHub' });
  expect(outcome.embeds).toHaveLength(1);
  return outcome.embeds[0]!;
};

describe('GitHub provider', () => {
  test("renders what Discord's /github does, plus the repository, security and sponsor events", () => {
    expect([...github.events].sort()).toEqual(
      [
        'check_run',
        'check_suite',
        'commit_comment',
        'create',
        'delete',
        'dependabot_alert',
        'deployment',
        'deployment_status',
        'discussion',
        'discussion_comment',
        'fork',
        'gollum',
        'issue_comment',
        'issues',
        'label',
        'member',
        'merge_group',
        'ping',
        'public',
        'pull_request',
        'pull_request_review',
        'pull_request_review_comment',
        'pull_request_review_thread',
        'push',
        'release',
        'repository',
        'security_advisory',
        'sponsorship',
        'star',
        'status',
        'watch',
        'workflow_job',
        'workflow_run',
      ].sort(),
    );
  });

  // octokit/webhooks' payload examples (test/fixtures/github/payloads.ts): the Codertocat repository.
  test.each([
    [
      'pull_request_review',
      '[Codertocat/Hello-World] Pull request reviewed: #2 Update the README with new information.',
      0x0366d6,
      'https://github.com/Codertocat/Hello-World/pull/2#pullrequestreview-237895671',
    ],
    [
      'pull_request_review_comment',
      '[Codertocat/Hello-World] New review comment on pull request #2: Update the README with new information.',
      0x0366d6,
      'https://github.com/Codertocat/Hello-World/pull/2#discussion_r284312630',
    ],
    [
      'commit_comment',
      '[Codertocat/Hello-World] New comment on commit 6113728',
      0x0366d6,
      'https://github.com/Codertocat/Hello-World/commit/6113728f27ae82c7b1a177c8d03f9e96e0adf246#commitcomment-' +
        '33548674',
    ],
    [
      'discussion',
      '[Codertocat/Hello-World] Discussion created: #4 TEST edit',
      0x2ea44f,
      'https://github.com/Codertocat/Hello-World/discussions/4',
    ],
    [
      'discussion_comment',
      '[Codertocat/Hello-World] New comment on discussion #4: TEST edit',
      0x0366d6,
      'https://github.com/Codertocat/Hello-World/discussions/4#discussioncomment-550062',
    ],
    [
      'workflow_job',
      '[Codertocat/Hello-World] Job CodeQL / linters failed on main',
      0xd73a49,
      'https://github.com/octo-org/octo-repo/runs/1291536064',
    ],
    // Its target_url is "": the repository is the most specific page left.
    [
      'deployment_status',
      '[Codertocat/Hello-World] Deployment of master to production succeeded',
      0x2ea44f,
      'https://github.com/Codertocat/Hello-World',
    ],
    [
      'status',
      '[Codertocat/Hello-World] default: success on 6113728',
      0x2ea44f,
      'https://github.com/Codertocat/Hello-World/commit/6113728f27ae82c7b1a177c8d03f9e96e0adf246',
    ],
    [
      'gollum',
      '[Codertocat/Hello-World] Wiki: page edited: Home',
      0x0366d6,
      'https://github.com/Codertocat/Hello-World/wiki/Home',
    ],
  ])('%s -> %s', (event, title, color, url) => {
    expect(embedOf(event)).toMatchObject({ title, color, url });
  });

  test('an approval is green, requested changes red; commit and discussion comments show escaped', () => {
    const review = githubPayloads.pull_request_review as { review: Record<string, unknown> };
    expect(
      embedOf('pull_request_review', { ...review, review: { ...review.review, state: 'approved' } }),
    ).toMatchObject({ title: expect.stringContaining('Pull request approved: #2'), color: 0x2ea44f });
    expect(
      embedOf('pull_request_review', {
        ...review,
        review: { ...review.review, state: 'CHANGES_REQUESTED', body: 'Fix *this*' },
      }),
    ).toMatchObject({
      title: '[Codertocat/Hello-World] Changes requested on pull request #2: Update the README with new information.',
      color: 0xd73a49,
      description: 'Fix \\*this\\*',
    });
    expect(embedOf('commit_comment').description).toBe('This is a really good change! :+1:');
    expect(embedOf('discussion')).toMatchObject({ description: 'TEST edit', footer: { text: 'General' } });
  });

  test('a workflow run without a name is titled by its workflow', () => {
    const run = githubPayloads.workflow_run as { workflow_run: Record<string, unknown> };
    expect(embedOf('workflow_run', { ...run, workflow_run: { ...run.workflow_run, name: null } }).title).toMatch(
      /\] Workflow Build failed on main$/,
    );
  });

  test.each([
    ['ping', /^Webhook connected: baxterthehacker\/public-repo$/, 0x6a737d],
    ['push', /^\[baxterthehacker\/public-repo:main\] 1 new commit$/, 0x0366d6],
    ['pull_request', /Pull request opened: #1 Update the README/, 0x2ea44f],
    ['issues', /Issue opened: #2 Spelling error/, 0x2ea44f],
    ['issue_comment', /New comment on issue #2: Spelling error/, 0x0366d6],
    ['release', /Release published: 0\.0\.1$/, 0x2ea44f],
    ['create', /\] Tag 0\.0\.1 created$/, 0x2ea44f],
    ['delete', /\] Tag simple-tag deleted$/, 0xd73a49],
    ['fork', /\] Forked to baxterandthehackers\/public-repo$/, 0x0366d6],
    ['star', /Star added$/, 0xdbab09],
    ['watch', /New watcher$/, 0xdbab09],
    ['workflow_run', /Workflow Build failed on main$/, 0xd73a49],
    ['check_run', /Check Octocoders-linter succeeded$/, 0x2ea44f],
  ])('%s -> an embed with title, link, author and colour', (event, title, color) => {
    const embed = embedOf(event);
    expect(embed.title).toMatch(title);
    expect(embed.color).toBe(color);
    expect(embed.timestamp).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    if (event !== 'ping') {
      expect(embed.url).toMatch(/^https:\/\/github\.com\//);
      expect(embed.author).toMatchObject({ name: 'baxterthehacker', url: 'https://github.com/baxterthehacker' });
    }
  });

  test('push lists each commit: short sha linked, first line of the message, author', () => {
    expect(embedOf('push').description).toBe(
      '[`0d1a26e`](https://github.com/baxterthehacker/public-repo/commit/' +
        '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c) Update README.md - baxterthehacker',
    );
  });

  test('a merged pull request is purple and says merged', () => {
    const payload = githubPayloads.pull_request as { pull_request: object };
    const embed = embedOf('pull_request', {
      ...payload,
      action: 'closed',
      pull_request: { ...payload.pull_request, merged: true },
    });
    expect(embed).toMatchObject({ title: expect.stringContaining('Pull request merged'), color: 0x6f42c1 });
  });

  test('markdown in payload text cannot change the layout', () => {
    const payload = githubPayloads.push as { commits: object[] };
    const embed = embedOf('push', {
      ...payload,
      commits: [{ ...(payload.commits[0] as object), message: '**bold** [x](http://evil) @everyone' }],
    });
    expect(embed.description).toContain('\\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone');
  });

  test('form-encoded deliveries (payload=) read like JSON ones', () => {
    const outcome = github.read(delivery('star', githubPayloads.star, true));
    expect(outcome).toMatchObject({ kind: 'message', event: 'star' });
  });

  test('an event we do not render is ignored, not an error', () => {
    expect(github.read(delivery('installation', { anything: true }))).toEqual({
      kind: 'ignored',
      event: 'installation',
      deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    [
      'no event header',
      { headers: { 'content-type': 'application/json' }, body: '{}' },
      /missing the X-GitHub-Event header/,
    ],
    [
      'malformed JSON',
      { headers: { 'x-github-event': 'push', 'content-type': 'application/json' }, body: '{"ref":' },
      /not valid JSON/,
    ],
    [
      'a form without payload',
      { headers: { 'x-github-event': 'push', 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' },
      /without a payload field/,
    ],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => github.read(bad)).toThrow(PayloadError);
    expect(() => github.read(bad)).toThrow(reason);
  });
});

/** A real delivery kept as a file (test/fixtures/github/files.ts), by its label. */
const fileFixture = (label: string) => {
  const fixture = githubFileDeliveries.find((d) => d.label === label);
  if (!fixture) throw new Error(`no fixture ${label}`);
  return { event: fixture.event, payload: JSON.parse(fixture.body) as Record<string, any> };
};
const fileEmbed = (label: string, change: (p: Record<string, any>) => void = () => {}) => {
  const { event, payload } = fileFixture(label);
  change(payload);
  return embedOf(event, payload);
};

describe('GitHub in words (issue 32)', () => {
  test.each([
    [
      'approved',
      '[Codertocat/Hello-World] Pull request approved: #2 Update the README with new information.',
      0x2ea44f,
    ],
    [
      'changes_requested',
      '[Codertocat/Hello-World] Changes requested on pull request #2: Update the README with new information.',
      0xd73a49,
    ],
    [
      'commented',
      '[Codertocat/Hello-World] Pull request reviewed: #2 Update the README with new information.',
      0x0366d6,
    ],
  ])('a submitted review that %s says so', (state, title, color) => {
    const review = githubPayloads.pull_request_review as { review: Record<string, unknown> };
    expect(embedOf('pull_request_review', { ...review, review: { ...review.review, state } })).toMatchObject({
      title,
      color,
    });
  });

  test('an edited or dismissed review is news about the review, never its verdict again', () => {
    const review = githubPayloads.pull_request_review as { review: Record<string, unknown> };
    expect(
      embedOf('pull_request_review', { ...review, action: 'edited', review: { ...review.review, state: 'approved' } })
        .title,
    ).toBe('[Codertocat/Hello-World] Pull request review edited: #2 Update the README with new information.');
    expect(fileEmbed('webhooks.net/pull_request_review/dismissed.payload.json')).toMatchObject({
      title: '[Codertocat/Hello-World] Pull request review dismissed: #2 Update the README with new information.',
      color: 0x6a737d,
    });
  });

  test('a closed pull request that was merged says merged; synchronize says what was pushed to', () => {
    expect(
      fileEmbed('webhooks.net/pull_request/closed.payload.json', (p) => (p.pull_request.merged = true)),
    ).toMatchObject({
      title: '[Codertocat/Hello-World] Pull request merged: #2 Update the README with new information.',
      color: 0x6f42c1,
    });
    expect(fileEmbed('webhooks.net/pull_request/closed.payload.json').title).toBe(
      '[Codertocat/Hello-World] Pull request closed: #2 Update the README with new information.',
    );
    expect(fileEmbed('webhooks.net/pull_request/synchronize.payload.json').title).toBe(
      '[Codertocat/Hello-World] Pushed to pull request #2: Update the README with new information.',
    );
  });

  test('a comment names its issue or pull request; a deleted one is neither new nor repeated', () => {
    expect(fileEmbed('all-contributors/issue_comment.created.json').title).toBe(
      '[all-contributors/all-contributors-bot] New comment on pull request #1: (wip) test: test pr for the bot',
    );
    const deleted = fileEmbed('webhooks.net/issue_comment/deleted.payload.json');
    expect(deleted.title).toBe(
      '[Codertocat/Hello-World] Deleted a comment on issue #1: Spelling error in the README file',
    );
    expect(deleted.description).toBeUndefined();
    expect(fileEmbed('webhooks.net/issue_comment/edited.payload.json').title).toBe(
      '[Codertocat/Hello-World] Edited a comment on issue #1: Spelling error in the README file',
    );
  });

  test('labels, assignees, milestones and review requests are named', () => {
    expect(fileEmbed('webhooks.net/issues/labeled.payload.json').title).toBe(
      '[Codertocat/Hello-World] Issue labeled bug: #1 Spelling error in the README file',
    );
    expect(fileEmbed('webhooks.net/issues/assigned.payload.json').title).toBe(
      '[Codertocat/Hello-World] Issue assigned to Codertocat: #1 Spelling error in the README file',
    );
    expect(fileEmbed('webhooks.net/pull_request/review_requested.payload.json').title).toBe(
      '[Codertocat/Hello-World] Pull request review requested from octocat: #2 Update the README with new information.',
    );
    expect(
      fileEmbed('webhooks.net/issues/reopened.payload.json', (p) =>
        Object.assign(p, { action: 'closed', issue: { ...p.issue, state_reason: 'not_planned' } }),
      ).title,
    ).toBe('[Codertocat/Hello-World] Issue closed as not planned: #1 Spelling error in the README file');
  });

  test('the events Discord renders beyond these, and the rest the issue lists, carry their facts', () => {
    expect(fileEmbed('webhooks.net/member/edited.payload.json')).toMatchObject({
      title: '[Codertocat/Hello-World] Collaborator permission changed: octocat',
      description: 'Permission changed from write',
    });
    expect(fileEmbed('webhooks.net/dependabot_alert/fixed.payload.json')).toMatchObject({
      title: '[octocat/hello-world] Dependabot alert fixed: #1 ansible',
      url: 'https://github.com/octocat/hello-world/security/dependabot/1',
      description: 'Insertion of Sensitive Information into Log File in ansible',
      fields: expect.arrayContaining([
        { name: 'CVE', value: 'CVE\\-2021\\-20191', inline: true },
        { name: 'Patched in', value: '2.8.19', inline: true },
      ]),
    });
    expect(fileEmbed('webhooks.net/security_advisory/published.payload.json')).toMatchObject({
      url: 'https://github.com/advisories/GHSA-rf4j-j272-fj86',
      fields: expect.arrayContaining([{ name: 'Severity', value: 'moderate', inline: true }]),
    });
    expect(fileEmbed('webhooks.net/sponsorship/downgraded.payload.json')).toMatchObject({
      title: '[octocat] Sponsorship tier to change: monalisa',
      description: 'Tier: $10 a month to $5 a month\nFrom 2019\\-12\\-30',
    });
    expect(fileEmbed('webhooks.net/merge_group/destroyed.payload.json')).toMatchObject({
      title: '[octo-org/octo-repo] Merge group merged into main',
      color: 0x2ea44f,
    });
    expect(fileEmbed('webhooks.net/repository/renamed.payload.json').title).toBe(
      '[Octocoders/Hello-World] Repository renamed from Hello-World',
    );
  });

  test('a delivery missing what names its subject still renders, saying what is there (the tolerant reader)', () => {
    expect(
      fileEmbed('webhooks.net/pull_request/synchronize.payload.json', (p) => {
        delete p.number;
        delete p.pull_request.number;
      }),
    ).toMatchObject({
      title: '[Codertocat/Hello-World] Pushed to pull request: Update the README with new information.',
    });
    expect(fileEmbed('webhooks.net/issue_comment/created.1.payload.json', (p) => delete p.issue)).toMatchObject({
      title: '[Codertocat/Hello-World] New comment on an issue',
    });
    // A push without commits (older or trimmed payloads) was refused; it is a branch updated.
    expect(embedOf('push', { ...(githubPayloads.push as object), commits: undefined }).title).toBe(
      '[baxterthehacker/public-repo] Branch main updated',
    );
    expect(embedOf('push', { ...(githubPayloads.push as object), repository: null, ref: null }).title).toBe(
      '1 new commit',
    );
  });

  test('a GitHub Enterprise Server push reads like a github.com one', () => {
    expect(fileEmbed('sourcegraph/ghes-push.json')).toMatchObject({
      title: '[milton/test:main] 1 new commit',
      url: 'https://ghe.sgdev.org/milton/test/commit/9cae21b79a23',
      author: { name: 'milton' },
    });
  });
});
