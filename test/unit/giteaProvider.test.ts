import { describe, expect, test } from '@jest/globals';
import type { Provider } from '../../shared/webhooks/provider';
import { forgejo, gitea, gogs } from '../../shared/webhooks/providers/gitea';
import { github } from '../../shared/webhooks/providers/github';
import { toProviderDelivery, type FixtureDelivery } from '../fixtures/delivery';
import { forgejoDeliveries, giteaDeliveries, gogsDeliveries } from '../fixtures/gitea/payloads';

const embedOf = (
  provider: Provider,
  deliveries: FixtureDelivery[],
  label: string,
  change: (payload: any) => void = () => {},
) => {
  const fixture = deliveries.find((d) => d.label === label)!;
  const payload = JSON.parse(fixture.body);
  change(payload);
  const outcome = provider.read(toProviderDelivery({ ...fixture, body: JSON.stringify(payload) }));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  return outcome.embeds[0]!;
};
const giteaEmbed = (label: string, change?: (payload: any) => void) => embedOf(gitea, giteaDeliveries, label, change);

describe('Gitea, Forgejo and Gogs', () => {
  test('each reads its own headers and signs with X-<Forge>-Signature (hex HMAC-SHA256, no prefix)', () => {
    expect(gitea.headers.map((h) => h.name)).toEqual(['X-Gitea-Event', 'X-Gitea-Delivery', 'X-Gitea-Signature']);
    expect(forgejo.signature).toEqual({
      kind: 'hmac',
      header: 'X-Forgejo-Signature',
      algorithm: 'sha256',
      encoding: 'hex',
    });
    expect(gogs.read(toProviderDelivery(gogsDeliveries[0]!))).toMatchObject({
      kind: 'message',
      event: 'create',
      deliveryId: 'fixture-0',
      username: 'Gogs',
    });
    expect(gogs.events).not.toContain('repository');
    // A Gitea delivery sent to /forgejo lacks Forgejo's headers.
    expect(() => forgejo.read(toProviderDelivery(giteaDeliveries[0]!))).toThrow(/missing the X-Forgejo-Event header/);
  });

  test('a push lists its commits (linked) and links the compare view, never one from "no commit"', () => {
    const created = giteaEmbed('push-event.json');
    expect(created).toMatchObject({
      title: '[example/example:master] 1 new commit',
      url: 'http://localhost:3000/example/example/commit/67b56589a45103f891bdee7c0546e5d40bc02001',
    });
    expect(created.description).toBe(
      '[`67b5658`](http://localhost:3000/example/example/commit/67b56589a45103f891bdee7c0546e5d40bc02001) ' +
        'example - example',
    );
    const gogsPush = embedOf(gogs, gogsDeliveries, 'push-event.json');
    expect(gogsPush.url).toBe(
      'http://localhost:3000/unknwon/webhooks/compare/28e1879d029cb852e4844d9c718537df08844e03...' +
        'bffeb74224043ba2feb48d137756c8a9331c449a',
    );
    expect(
      giteaEmbed('push-event.json', (p) => Object.assign(p, { after: '0'.repeat(40), commits: [] })),
    ).toMatchObject({ title: '[example/example] Branch master deleted', url: 'http://localhost:3000/example/example' });
  });

  test('branches and tags created or deleted say so and link to the ref; forks name the source', () => {
    expect(giteaEmbed('create-event.json')).toMatchObject({
      title: '[example/example] Branch master created',
      url: 'http://localhost:3000/example/example/src/branch/master',
    });
    expect(giteaEmbed('create-event.json', (p) => Object.assign(p, { ref: 'v1.2', ref_type: 'tag' }))).toMatchObject({
      title: '[example/example] Tag v1.2 created',
      url: 'http://localhost:3000/example/example/src/tag/v1.2',
    });
    expect(giteaEmbed('delete-event.json').title).toBe('[example/example] Branch example3 deleted');
    expect(giteaEmbed('fork-event.json')).toMatchObject({
      title: '[example/example] Forked to example2/example',
      url: 'http://localhost:3000/example2/example',
      author: { name: 'example2' },
    });
  });

  test("issues and pull requests in Gitea's actions; merges; pull request and review comments", () => {
    expect(giteaEmbed('issue-label-event.json').title).toBe('[example/example] Issue labels updated: #1 example');
    expect(giteaEmbed('pull-request-event.json')).toMatchObject({
      title: '[example/example] Pull request opened: #2 update',
      color: 0x2ea44f,
      fields: [{ name: 'Branches', value: '`master` → `master`', inline: true }],
    });
    expect(
      giteaEmbed('pull-request-event.json', (p) =>
        Object.assign(p, { action: 'closed', pull_request: { ...p.pull_request, merged: true } }),
      ),
    ).toMatchObject({ title: '[example/example] Pull request merged: #2 update', color: 0x6f42c1 });
    expect(giteaEmbed('pull-request-comment-event.json')).toMatchObject({
      title: '[example/example] Comment created on pull request #2: update',
      url: 'http://localhost:3000/example/example/pulls/2#issuecomment-6',
    });
    expect(giteaEmbed('pull-request-review-event.json')).toMatchObject({
      title: '[example/example] Pull request reviewed: #2 update',
      description: '123',
    });
    // Sent as pull_request_comment in an issue comment's shape (no pull_request): the comment on the pull request.
    expect(giteaEmbed('pull-request-comment-event.json as pull_request_comment')).toMatchObject({
      title: '[example/example] Comment created on pull request #2: update',
      url: 'http://localhost:3000/example/example/pulls/2#issuecomment-6',
      description: expect.any(String),
    });
    expect(embedOf(forgejo, forgejoDeliveries, 'pull-request-comment-event.json as pull_request_comment').title).toBe(
      '[example/example] Comment created on pull request #2: update',
    );
    // Neither a pull request nor a comment (read tolerantly, not refused): the review, said with what is there.
    expect(
      gitea.read(
        toProviderDelivery({
          headers: { 'X-Gitea-Event': 'pull_request_comment' },
          body: JSON.stringify({ repository: { full_name: 'a/b' }, action: 'reviewed' }),
        }),
      ),
    ).toMatchObject({ kind: 'message', embeds: [{ title: '[a/b] Pull request reviewed' }] });
    expect(embedOf(gogs, gogsDeliveries, 'pull-request-event.json').title).toBe(
      '[user/repo] Pull request opened: #1 Add new feature',
    );
  });

  test('reviews: approved, changes requested, commented, each with what the reviewer wrote', () => {
    const review = giteaDeliveries.find((d) => d.label === 'go-scm/review_approved.json')!;
    const as = (event: string) =>
      gitea.read(toProviderDelivery({ ...review, headers: { ...review.headers, 'X-Gitea-Event': event } }));
    expect(as('pull_request_approved')).toMatchObject({
      kind: 'message',
      action: 'reviewed',
      embeds: [
        {
          title: '[jcitizen/my-repo] Pull request approved: #1 Add LICENSE File',
          description: 'I approve',
          color: 0x2ea44f,
        },
      ],
    });
    expect(as('pull_request_rejected')).toMatchObject({
      embeds: [{ title: '[jcitizen/my-repo] Changes requested on pull request #1: Add LICENSE File', color: 0xd73a49 }],
    });
    expect(as('pull_request_comment')).toMatchObject({
      embeds: [{ title: '[jcitizen/my-repo] Pull request reviewed: #1 Add LICENSE File' }],
    });
    expect(gogs.events).not.toContain('pull_request_approved');
  });

  test("an older version's delivery missing parts renders with what is there", () => {
    const embed = giteaEmbed('go-scm/issues_opened.json', (p) => {
      delete p.repository;
      delete p.issue.number;
    });
    expect(embed).toMatchObject({ title: 'Issue opened: Problem', author: { name: 'unknwon' } });
    expect(embed.url).toBeUndefined();
    expect(giteaEmbed('go-scm/release.json').title).toBe('[gogits/hello-world] Release: v1.0.0');
    // A comment on a pull request whose issue does not say so: its page does.
    expect(giteaEmbed('go-scm/pull_request_comment_created.json', (p) => delete p.issue.pull_request).title).toBe(
      '[gogits/hello-world] Comment created on pull request #2: huge improvements',
    );
    expect(
      giteaEmbed('push-event.json', (p) => Object.assign(p, { ref: null, commits: [{ message: 'no id' }, {}] })),
    ).toMatchObject({ title: '[example/example] 2 new commits', description: 'no id\n… and 1 more' });
  });

  test('payload text is escaped', () => {
    expect(giteaEmbed('issues-event.json', (p) => (p.issue.body = '**x** @everyone')).description).toBe(
      '\\*\\*x\\*\\* @everyone',
    );
  });

  test('pointed at /github, every Gitea and Gogs delivery is read, none refused', () => {
    for (const fixture of [...giteaDeliveries, ...gogsDeliveries]) {
      const outcome = github.read({
        headers: { 'x-github-event': fixture.event, 'content-type': 'application/json' },
        body: fixture.body,
      });
      // Gitea's own names for reviews are no GitHub events.
      expect([fixture.label, outcome.kind]).toEqual([
        fixture.label,
        ['pull_request_comment', 'pull_request_approved', 'pull_request_rejected'].includes(fixture.event)
          ? 'ignored'
          : 'message',
      ]);
    }
  });
});
