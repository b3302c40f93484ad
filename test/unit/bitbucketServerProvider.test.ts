import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { bitbucketServer } from '../../shared/webhooks/providers/bitbucketServer';
import { readerOf } from '../support/providerReads';
import { bitbucketServerDeliveries } from '../fixtures/bitbucketserver/payloads';

const fixture = (label: string) => JSON.parse(bitbucketServerDeliveries.find((d) => d.label === label)!.body);
const reader = readerOf(bitbucketServer, { 'X-Request-Id': 'r1' });
const read = (event: string, payload: unknown) => reader.read(payload, { 'X-Event-Key': event });
const embedOf = (event: string, payload: unknown) => reader.embedOf(payload, { 'X-Event-Key': event });
const PR = 'https://server.bitbucket.local/users/gopher/repos/webhook-test/pull-requests/5';

describe('Bitbucket Server provider', () => {
  test('pr:opened -> repository, number, title, branches, reviewers, description, link, id', () => {
    expect(read('pr:opened', fixture('pr-opened.json'))).toMatchObject({
      kind: 'message',
      event: 'pr:opened',
      deliveryId: 'r1',
      username: 'Bitbucket Server',
    });
    expect(embedOf('pr:opened', fixture('pr-opened.json'))).toMatchObject({
      title: '[~gopher/webhook-test] Pull request opened: #5 Update README',
      url: PR,
      color: 0x2ea44f,
      author: { name: 'Foo Bar' },
      description: 'yada yada yada',
      fields: [
        { name: 'Branches', value: '`feature/wip` → `master`', inline: true },
        { name: 'State', value: 'open', inline: true },
        { name: 'Reviewers', value: 'Cain Piper', inline: true },
      ],
    });
  });

  test('reviews name the reviewer and read as their verdict; merged and declined have their colours', () => {
    expect(embedOf('pr:reviewer:needs_work', fixture('pr-reviewer-needs-work.json'))).toMatchObject({
      title: expect.stringMatching(/Pull request needs work: #\d+ /),
      color: 0xdbab09,
    });
    expect(embedOf('pr:reviewer:approved', fixture('pr-reviewer-approved.json')).title).toMatch(
      /Pull request approved/,
    );
    expect(embedOf('pr:merged', fixture('pr-merged.json')).color).toBe(0x6f42c1);
    expect(embedOf('pr:reviewer:updated', fixture('sorend/pr-reviewer-updated.json')).fields).toEqual([
      { name: 'Branches', value: '`new-branch` → `master`', inline: true },
      { name: 'State', value: 'open', inline: true },
      { name: 'Reviewers', value: 'Paul Thompson Admin', inline: true },
      { name: 'Added', value: 'New User' },
      { name: 'Removed', value: 'User' },
    ]);
    expect(embedOf('pr:declined', fixture('pr-declined.json')).color).toBe(0xd73a49);
  });

  test('comments show their text and link to the comment; commit comments link to the commit', () => {
    const comment = embedOf('pr:comment:added', fixture('pr-comment-added.json'));
    expect(comment).toMatchObject({
      title: '[~gopher/webhook-test] New comment on pull request #2: Update README',
      description: 'test',
    });
    // An edit is not announced as new; a deleted comment's text is not posted again.
    expect(embedOf('pr:comment:edited', fixture('pr-comment-edited.json')).title).toBe(
      '[~gopher/webhook-test] Comment edited on pull request #2: Update README',
    );
    expect(embedOf('pr:comment:deleted', fixture('pr-comment-deleted.json'))).not.toHaveProperty('description');
    expect(comment.url).toMatch(/\/pull-requests\/2\/overview\?commentId=\d+$/);
    expect(embedOf('repo:comment:added', fixture('repo-comment-added.json'))).toMatchObject({
      title: '[~gopher/webhook-test] New comment on commit 038e7b6',
      url:
        'https://server.bitbucket.local/users/gopher/repos/webhook-test/commits/' +
        '038e7b67735e54f6de8f1c5d533c6751df524f6c',
    });
  });

  test('a push says what happened to the ref (never "0 new commits") and lists the other refs it changed', () => {
    const push = embedOf('repo:refs_changed', fixture('repo-refs-changed.json'));
    expect(push.title).toMatch(/^\[~gopher\/webhook-test\] Branch feature\/wip (created|updated|deleted)$/);
    expect(push.title).not.toMatch(/0 new commits/);
    const many = embedOf('repo:refs_changed', fixture('skyhook-refs-changed.json'));
    expect(many).toMatchObject({ title: '[PROJ/repository] Branch master updated' });
    expect(many.description?.split('\n').at(-1)).toMatch(/^… and \d+ more$/);
    const base = fixture('repo-refs-changed.json');
    const tag = {
      ...base,
      changes: [
        {
          ref: { id: 'refs/tags/v1.2', displayId: 'v1.2', type: 'TAG' },
          refId: 'refs/tags/v1.2',
          fromHash: '0'.repeat(40),
          toHash: 'a'.repeat(40),
          type: 'ADD',
        },
      ],
    };
    expect(embedOf('repo:refs_changed', tag)).toMatchObject({
      title: '[~gopher/webhook-test] Tag v1.2 created',
      url: `https://server.bitbucket.local/users/gopher/repos/webhook-test/commits/${'a'.repeat(40)}`,
    });
  });

  test('a renamed repository says from what; the test connection is ignored; malformed JSON is refused', () => {
    expect(embedOf('repo:modified', fixture('repo-modified.json'))).toMatchObject({
      title: '[gopher/webhook-test] Repository updated',
      description: 'Renamed from webhook\\-test\\-2',
    });
    expect(read('diagnostics:ping', { test: true })).toEqual({
      kind: 'ignored',
      event: 'diagnostics:ping',
      deliveryId: 'r1',
    });
    expect(() => bitbucketServer.read({ headers: { 'x-event-key': 'pr:opened' }, body: '{"actor":' })).toThrow(
      PayloadError,
    );
  });

  // Issue 32: an older version's payload (no links) or one missing its pull request renders with what is there.
  test('a pull request without links or without its repository renders with what the payload names', () => {
    const old = embedOf('pr:opened', fixture('go-scm/pr_open.json'));
    expect(old).toMatchObject({
      title: '[PRJ/my-repo] Pull request opened: #2 added LICENSE',
      author: { name: 'Jane Citizen' },
      description: 'added BSD license text',
    });
    expect(old).not.toHaveProperty('url');
    expect(embedOf('pr:opened', { actor: { displayName: 'x' } })).toMatchObject({
      title: 'Pull request opened',
      author: { name: 'x' },
    });
  });

  test("a push lists each ref's before and after and its commits; a mirror says what it synced", () => {
    expect(embedOf('repo:refs_changed', fixture('go-scm/push_v5.json')).description).toBe(
      'trangineni/devtfvars\\-1685475548410: updated `b2b7102` → `51a3366`',
    );
    const withCommits = embedOf('repo:refs_changed', fixture('go-scm/fnb_push_update.json'));
    const commit =
      'https://gts-it.fnb.co.za/stash/projects/PENGINE/repos/product-engine/commits/' +
      'd29fa17bbe9979c3f603e0f11574735da88bf27f';
    const opening =
      `develop: updated \`c112673\` → \`d29fa17\`\n\n[\`d29fa17\`](${commit}) ` +
      'Pull request \\#69: Dockerfile edited online with Bitbucket - Van Der Schyff, Marnus';
    expect(withCommits.description?.slice(0, opening.length)).toBe(opening);
    expect(embedOf('mirror:repo_synchronized', fixture('sorend/mirror-repo-synchronized.json'))).toMatchObject({
      title: '[TP/testrepo] Mirror synchronized',
      url: 'https://example.com/projects/project/repos/repo',
      author: { name: 'Mirror Name' },
      description: 'master: updated `b5616b9` → `d055eca`',
    });
  });
});

test('Bitbucket Server: new commits on a pull request say from which head to which, linked to its commits', () => {
  const updated = JSON.parse(bitbucketServerDeliveries.find((d) => d.label === 'pr-from-ref-updated.json')!.body);
  const reader = readerOf(bitbucketServer, { 'X-Event-Key': 'pr:from_ref_updated' });
  expect(reader.embedOf(updated)).toMatchObject({
    title: '[GIT/dvcs] Pushed to pull request #2: Webhook',
    url: 'http://localhost:7990/bitbucket/projects/GIT/repos/dvcs/pull-requests/2/commits',
    fields: [
      { name: 'Branches', value: '`pr-webhook` → `master`', inline: true },
      { name: 'Head', value: '`99f3ea3` → `aab847d`', inline: true },
      { name: 'State', value: 'open', inline: true },
    ],
  });
});
