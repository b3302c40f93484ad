import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { bitbucket } from '../../shared/webhooks/providers/bitbucket';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { bitbucketDeliveries, bitbucketPayloads } from '../fixtures/bitbucket/payloads';

const REQUEST = 'c5d7e5f0-2a6b-4b1e-9a8e-3f1c2d4b5a00';
const delivery = (event: string, payload: unknown): ProviderDelivery =>
  toProviderDelivery(
    jsonRequest(
      { 'X-Event-Key': event, 'X-Request-UUID': REQUEST, 'X-Hook-UUID': 'cfdb4cc8-3d5a-4c3a-9a6f-2b1e6d7c8a90' },
      payload,
    ),
  );

const embedOf = (event: string, payload: unknown = bitbucketPayloads[event]) => {
  const outcome = bitbucket.read(delivery(event, payload));
  if (outcome.kind !== 'message') throw new Error(`${event} was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event, deliveryId: REQUEST, username: 'Bitbucket' });
  expect(outcome.embeds).toHaveLength(1);
  return outcome.embeds[0]!;
};

const push = bitbucketPayloads['repo:push'] as { push: { changes: Record<string, unknown>[] } };
const withChange = (change: Record<string, unknown>) => ({
  ...push,
  push: { changes: [{ ...push.push.changes[0], ...change }] },
});

describe('Bitbucket provider', () => {
  test('renders the twenty events it lists, signed like GitHub but in X-Hub-Signature', () => {
    expect([...bitbucket.events].sort()).toEqual(
      [
        'issue:comment_created',
        'issue:created',
        'issue:updated',
        'pullrequest:approved',
        'pullrequest:changes_request_created',
        'pullrequest:changes_request_removed',
        'pullrequest:comment_created',
        'pullrequest:comment_deleted',
        'pullrequest:comment_updated',
        'pullrequest:created',
        'pullrequest:fulfilled',
        'pullrequest:rejected',
        'pullrequest:unapproved',
        'pullrequest:updated',
        'repo:commit_comment_created',
        'repo:commit_status_created',
        'repo:commit_status_updated',
        'repo:fork',
        'repo:push',
        'repo:updated',
      ].sort(),
    );
    expect(bitbucket.signature).toEqual({
      kind: 'hmac',
      header: 'x-hub-signature',
      algorithm: 'sha256',
      encoding: 'hex',
      prefix: 'sha256=',
    });
  });

  test.each([
    [
      'pullrequest:approved',
      '[team_name/repo_name] Pull request approved: #1 Title of pull request',
      0x2ea44f,
      'https://bitbucket.org/team_name/repo_name/pull-requests/1',
    ],
    [
      'pullrequest:unapproved',
      '[team_name/repo_name] Pull request approval removed: #1 Title of pull request',
      0xdbab09,
      'https://bitbucket.org/team_name/repo_name/pull-requests/1',
    ],
    [
      'pullrequest:changes_request_created',
      '[team_name/repo_name] Pull request changes requested: #1 Title of pull request',
      0xd73a49,
      'https://bitbucket.org/team_name/repo_name/pull-requests/1',
    ],
    [
      'pullrequest:changes_request_removed',
      '[team_name/repo_name] Pull request change request removed: #1 Title of pull request',
      0x6a737d,
      'https://bitbucket.org/team_name/repo_name/pull-requests/1',
    ],
    [
      'pullrequest:updated',
      '[team_name/repo_name] Pull request updated: #1 Title of pull request',
      0x0366d6,
      'https://bitbucket.org/team_name/repo_name/pull-requests/1',
    ],
    [
      'pullrequest:comment_updated',
      '[team_name/repo_name] Comment edited on pull request #1: Title of pull request',
      0x0366d6,
      'https://bitbucket.org/team_name/repo_name/pull-requests/1/_/diff#comment-17',
    ],
    [
      'pullrequest:comment_deleted',
      '[team_name/repo_name] Comment deleted on pull request #1: Title of pull request',
      0x6a737d,
      'https://bitbucket.org/team_name/repo_name/pull-requests/1/_/diff#comment-17',
    ],
    [
      'issue:updated',
      '[team_name/repo_name] Issue updated: #1 Issue title',
      0x0366d6,
      'https://bitbucket.org/team_name/repo_name/issues/1',
    ],
    [
      'issue:comment_created',
      '[team_name/repo_name] New comment on issue #1: Issue title',
      0x0366d6,
      'https://bitbucket.org/team_name/repo_name/issues/1#comment-17',
    ],
    [
      'repo:fork',
      '[team_name/repo_name] Fork created: emmap1/repo_name_fork',
      0x0366d6,
      'https://bitbucket.org/emmap1/repo_name_fork',
    ],
    [
      'repo:updated',
      '[team_name/repo_name] Repository settings changed',
      0x0366d6,
      'https://bitbucket.org/team_name/repo_name',
    ],
    [
      'repo:commit_comment_created',
      '[team_name/repo_name] New comment on commit d3022fc',
      0x0366d6,
      'https://bitbucket.org/team_name/repo_name/commits/d3022fc0ca3d#comment-17',
    ],
    [
      'repo:commit_status_created',
      '[team_name/repo_name] Build Unit Tests (Python) in progress',
      0xdbab09,
      'https://my-build-tool.com/builds/MY-PROJECT/BUILD-792',
    ],
  ])('%s -> %s', (event, title, color, url) => {
    expect(embedOf(event)).toMatchObject({ title, color, url });
  });

  test('a deleted comment is not repeated; an update names what changed; approvals name the reviewer', () => {
    expect(embedOf('pullrequest:comment_deleted')).not.toHaveProperty('description');
    expect(embedOf('pullrequest:comment_updated').description).toBe('Comment text');
    expect(embedOf('issue:updated').description).toBe('**Status**: new → open');
    expect(embedOf('repo:updated').description).toBe(
      '**Name**: repo\\_name\\_old → repo\\_name\n**Description**: An old description → A new description',
    );
    expect(embedOf('pullrequest:approved').author).toMatchObject({ name: 'Emma' });
    expect(embedOf('repo:fork').description).toBe(
      'Forked from [team\\_name/repo\\_name](https://bitbucket.org/team_name/repo_name)',
    );
    const issueUpdated = bitbucketPayloads['issue:updated'] as object;
    const changes = {
      assignee: { old: null, new: { display_name: 'Emma' } },
      content: { old: 'a', new: '' },
      '': { old: 1, new: 2 },
      kind: {},
    };
    expect(embedOf('issue:updated', { ...issueUpdated, changes }).description).toBe(
      '**Assignee**: Emma\n**Content**: a → removed\n**Kind**',
    );
  });

  test.each([
    [
      'repo:push',
      /^\[team_name\/repo_name:master\] 1 new commit$/,
      0x0366d6,
      /^https:\/\/bitbucket\.org\/team_name\/repo_name\/branches\/compare\//,
    ],
    [
      'pullrequest:created',
      /^\[team_name\/repo_name\] Pull request opened: #1 Title of pull request$/,
      0x2ea44f,
      /\/pull-requests\/1$/,
    ],
    ['pullrequest:fulfilled', /Pull request merged: #1 Title of pull request$/, 0x6f42c1, /\/pull-requests\/1$/],
    ['pullrequest:rejected', /Pull request declined: #1 Title of pull request$/, 0xd73a49, /\/pull-requests\/1$/],
    ['pullrequest:comment_created', /New comment on pull request #1: Title of pull request$/, 0x0366d6, /#comment-17$/],
    ['issue:created', /^\[team_name\/repo_name\] Issue opened: #1 Issue title$/, 0x2ea44f, /\/issues\/1$/],
    [
      'repo:commit_status_updated',
      /^\[team_name\/repo_name\] Build Unit Tests \(Python\) passed$/,
      0x2ea44f,
      /^https:\/\/my-build-tool\.com\//,
    ],
  ])('%s -> an embed with title, link, author and colour', (event, title, color, url) => {
    const embed = embedOf(event);
    expect(embed.title).toMatch(title);
    expect(embed.color).toBe(color);
    expect(embed.url).toMatch(url);
    expect(embed.author).toMatchObject({
      name: 'Emma',
      url: expect.stringMatching(/^https:\/\/bitbucket\.org\//),
      icon_url: expect.stringMatching(/^https:\/\//),
    });
  });

  test('push lists each commit: short sha linked, first line, author name without the email', () => {
    expect(embedOf('repo:push').description).toBe(
      '[`03f4a72`](https://bitbucket.org/team_name/repo_name/commits/03f4a7270240708834de475bcf21532d6134777e) ' +
        'commit message - Emma',
    );
  });

  test('a push reads the documented account-shaped commit author too, and says when commits were truncated', () => {
    const commit = { hash: 'abcdef1234567', message: 'x', author: { display_name: 'Old Style' } };
    const embed = embedOf('repo:push', withChange({ commits: [commit], truncated: true, forced: true }));
    expect(embed.title).toBe('[team_name/repo_name:master] 1+ new commits (forced)');
    expect(embed.description).toBe('`abcdef1` x - Old Style');
  });

  test('a created branch is green; a deleted one red; other refs in the same push are counted', () => {
    expect(embedOf('repo:push', withChange({ old: null })).color).toBe(0x2ea44f);
    const deleted = embedOf('repo:push', {
      ...push,
      push: { changes: [{ ...push.push.changes[0], new: null, commits: [] }, push.push.changes[0]] },
    });
    expect(deleted).toMatchObject({
      title: '[team_name/repo_name] Branch master deleted',
      color: 0xd73a49,
      url: 'https://bitbucket.org/team_name/repo_name',
      footer: { text: 'and 1 more ref changed: master' },
    });
  });

  test('an opened pull request shows its description and branches; a declined one its reason', () => {
    expect(embedOf('pullrequest:created')).toMatchObject({
      description: 'Description of pull request',
      fields: [
        { name: 'Branches', value: 'branch2 → master' },
        { name: 'State', value: 'open', inline: true },
      ],
    });
    expect(embedOf('pullrequest:rejected').description).toBe('Superseded by \\#2');
    expect(embedOf('pullrequest:fulfilled').description).toBeUndefined();
  });

  test('a failed build is red; an unknown state neutral', () => {
    const status = bitbucketPayloads['repo:commit_status_updated'] as { commit_status: object };
    expect(
      embedOf('repo:commit_status_updated', {
        ...status,
        commit_status: { ...status.commit_status, state: 'FAILED', refname: 'master' },
      }),
    ).toMatchObject({ title: expect.stringMatching(/failed on master$/), color: 0xd73a49 });
    expect(
      embedOf('repo:commit_status_updated', {
        ...status,
        commit_status: { ...status.commit_status, state: 'SOMETHING' },
      }).color,
    ).toBe(0x6a737d);
  });

  test('markdown in payload text cannot change the layout; mentions stay text', () => {
    const commit = {
      hash: '03f4a7270240708834de475bcf21532d6134777e',
      message: '**bold** [x](http://evil) @everyone',
      author: { raw: '_Mallory_ <m@example.com>' },
    };
    expect(embedOf('repo:push', withChange({ commits: [commit] })).description).toBe(
      '`03f4a72` \\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone - \\_Mallory\\_',
    );
    const comment = bitbucketPayloads['pullrequest:comment_created'] as { comment: object };
    const embed = embedOf('pullrequest:comment_created', {
      ...comment,
      comment: { ...comment.comment, content: { raw: '# title\n`code` <@123>' } },
    });
    expect(embed.description).toBe('\\# title\n\\`code\\` \\<@123\\>');
  });

  test('an event we do not render is ignored, not an error', () => {
    expect(bitbucket.read(delivery('repo:transfer', { anything: true }))).toEqual({
      kind: 'ignored',
      event: 'repo:transfer',
      deliveryId: REQUEST,
    });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    [
      'no X-Event-Key header',
      { headers: { 'content-type': 'application/json' }, body: '{}' },
      /missing the X-Event-Key header/,
    ],
    ['malformed JSON', { headers: { 'x-event-key': 'repo:push' }, body: '{"push":' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => bitbucket.read(bad)).toThrow(PayloadError);
    expect(() => bitbucket.read(bad)).toThrow(reason);
  });

  // Issue 32: what a payload leaves out is left out of the message, not a reason to refuse it.
  test('a push, pull request or issue missing parts renders with what is there', () => {
    expect(embedOf('repo:push', { ...push, push: { changes: [] } })).toMatchObject({
      title: '[team_name/repo_name] Branch updated',
      url: 'https://bitbucket.org/team_name/repo_name',
    });
    expect(
      embedOf('pullrequest:created', {
        ...(bitbucketPayloads['pullrequest:created'] as object),
        pullrequest: { id: 1, title: 't' },
      }),
    ).toMatchObject({
      title: '[team_name/repo_name] Pull request opened: #1 t',
      url: 'https://bitbucket.org/team_name/repo_name/pull-requests/1',
    });
    const bare = embedOf('pullrequest:approved', { approval: {} });
    expect(bare).toMatchObject({ title: 'Pull request approved', color: 0x2ea44f });
    expect(Object.keys(bare).sort()).toEqual(['color', 'timestamp', 'title']);
    expect(embedOf('issue:created').fields).toEqual([
      { name: 'State', value: 'new', inline: true },
      { name: 'Kind', value: 'bug', inline: true },
      { name: 'Priority', value: 'major', inline: true },
      { name: 'Component', value: 'component', inline: true },
    ]);
  });

  test('the fixture deliveries carry the real header names and read as messages', () => {
    for (const fixture of bitbucketDeliveries) {
      const sent = toProviderDelivery(fixture);
      expect(bitbucket.read(sent)).toMatchObject({
        kind: 'message',
        event: fixture.event,
        deliveryId: sent.headers['x-request-uuid'],
      });
    }
  });
});
