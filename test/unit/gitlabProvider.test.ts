import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { gitlab } from '../../shared/webhooks/providers/gitlab';
import { toProviderDelivery } from '../fixtures/delivery';
import {
  gitlabDelivery,
  gitlabFileFixtures,
  gitlabNotes,
  gitlabOlderPayloads,
  gitlabPayloads,
} from '../fixtures/gitlab/payloads';

const delivery = (event: string, payload: unknown) =>
  toProviderDelivery(gitlabDelivery(event, '13792a34-cac6-4fda-95a8-c58e00a3954e', payload));

describe('GitLab provider', () => {
  test.each([
    ['Push Hook', /^\[mike\/diaspora:master\] 4 new commits$/, 0x0366d6],
    ['Tag Push Hook', /\] Tag v1\.0\.0 created$/, 0x2ea44f],
    ['Merge Request Hook', /Merge request opened: !1 MS-Viewport$/, 0x2ea44f],
    ['Issue Hook', /Issue opened: #23 New API/, 0x2ea44f],
    ['Note Hook', /Comment on merge request !1: Tempora et eos debitis quae laborum et\.$/, 0x0366d6],
    ['Pipeline Hook', /Pipeline #31 passed on master$/, 0x2ea44f],
    ['Release Hook', /Release created: v1\.1$/, 0x2ea44f],
  ])('%s -> an embed with title, link and colour', (event, title, color) => {
    const outcome = gitlab.read(delivery(event, gitlabPayloads[event]));
    expect(outcome).toMatchObject({
      kind: 'message',
      event,
      deliveryId: `${event}:13792a34-cac6-4fda-95a8-c58e00a3954e`,
      username: 'GitLab',
    });
    const embed = outcome.kind === 'message' ? outcome.embeds[0] : undefined;
    expect(embed?.title).toMatch(title);
    expect(embed?.color).toBe(color);
    expect(embed?.url).toMatch(/^https?:\/\/example\.com\//);
  });

  const embedOf = (outcome: ReturnType<typeof gitlab.read>) =>
    outcome.kind === 'message' ? outcome.embeds[0] : undefined;

  test.each([
    [
      'Job Hook',
      '[gitlab-org/gitlab-test] Job test #1977 created on gitlab-script-trigger',
      0x6a737d,
      'http://192.168.64.1:3005/gitlab-org/gitlab-test/-/jobs/1977',
    ],
    // A successful deployment links to its environment.
    [
      'Deployment Hook',
      '[root/test-deployment-webhooks] Deployment to staging succeeded',
      0x2ea44f,
      'https://staging.example.com',
    ],
    [
      'Feature Flag Hook',
      '[gitlabhq/gitlab-test] Feature flag test-feature-flag turned on',
      0x2ea44f,
      'http://example.com/gitlabhq/gitlab-test/-/feature_flags',
    ],
  ])('%s (the documentation example) -> %s', (event, title, color, url) => {
    expect(embedOf(gitlab.read(delivery(event, gitlabPayloads[event])))).toMatchObject({ title, color, url });
  });

  test('a failed job says why; a failed pipeline names its failed jobs; a deployment links its job', () => {
    const job = gitlabPayloads['Job Hook'] as Record<string, unknown>;
    expect(embedOf(gitlab.read(delivery('Job Hook', { ...job, build_status: 'failed' })))).toMatchObject({
      color: 0xd73a49,
      description: 'script failure',
    });
    expect(
      embedOf(gitlab.read(delivery('Job Hook', { ...job, build_status: 'failed', build_allow_failure: true }))),
    ).toMatchObject({
      title: '[gitlab-org/gitlab-test] Job test #1977 failed (allowed to fail) on gitlab-script-trigger',
      color: 0xdbab09,
    });
    const pipeline = gitlabPayloads['Pipeline Hook'] as { object_attributes: Record<string, unknown> };
    const builds = [
      { name: 'lint', status: 'failed', allow_failure: true },
      { name: 'test_unit', status: 'failed', allow_failure: false },
      { name: 'build', status: 'success' },
    ];
    const failed = embedOf(
      gitlab.read(
        delivery('Pipeline Hook', {
          ...pipeline,
          object_attributes: { ...pipeline.object_attributes, status: 'failed' },
          builds,
        }),
      ),
    );
    expect(failed).toMatchObject({
      title: '[mike/diaspora] Pipeline #31 failed on master',
      color: 0xd73a49,
      fields: [{ name: 'Failed jobs', value: 'test\\_unit' }],
    });
    const deployment = gitlabPayloads['Deployment Hook'] as Record<string, unknown>;
    expect(embedOf(gitlab.read(delivery('Deployment Hook', { ...deployment, status: 'running' })))).toMatchObject({
      url: 'http://10.126.0.2:3000/root/test-deployment-webhooks/-/jobs/796',
      color: 0xdbab09,
    });
  });

  test('System and Service Hook deliveries are read by their object_kind', () => {
    const request = (header: string | undefined, payload: unknown) => {
      const { headers, body } = gitlabDelivery('Merge Request Hook', 'e2a1c8d0-0000-4000-8000-000000000001', payload);
      const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'X-Gitlab-Event'));
      return toProviderDelivery({ headers: header === undefined ? rest : { ...rest, 'X-Gitlab-Event': header }, body });
    };
    for (const header of ['Service Hook', 'System Hook', undefined]) {
      const outcome = gitlab.read(request(header, gitlabPayloads['Merge Request Hook']));
      expect({ header, outcome }).toMatchObject({
        header,
        outcome: {
          kind: 'message',
          event: 'Merge Request Hook',
          embeds: [{ title: expect.stringContaining('Merge request opened: !1 MS-Viewport') }],
        },
      });
    }
    expect(gitlab.read(request('System Hook', gitlabPayloads['Push Hook']))).toMatchObject({
      kind: 'message',
      event: 'Push Hook',
    });
    // An object_kind we do not render is ignored, as an unknown event is.
    expect(gitlab.read(request('System Hook', { object_kind: 'repository_update' }))).toMatchObject({
      kind: 'ignored',
    });
  });

  test('older and confidential names render as their events; an approval is green, its withdrawal yellow', () => {
    expect(gitlab.read(delivery('Build Hook', gitlabPayloads['Job Hook']))).toMatchObject({
      kind: 'message',
      event: 'Job Hook',
    });
    expect(gitlab.read(delivery('Confidential Issue Hook', gitlabPayloads['Issue Hook']))).toMatchObject({
      kind: 'message',
      event: 'Issue Hook',
    });
    expect(gitlab.read(delivery('Confidential Note Hook', gitlabPayloads['Note Hook']))).toMatchObject({
      kind: 'message',
      event: 'Note Hook',
    });
    const mr = gitlabPayloads['Merge Request Hook'] as { object_attributes: Record<string, unknown> };
    const approved = embedOf(
      gitlab.read(
        delivery('Merge Request Hook', { ...mr, object_attributes: { ...mr.object_attributes, action: 'approved' } }),
      ),
    );
    expect(approved).toMatchObject({ title: expect.stringContaining('Merge request approved: !1'), color: 0x2ea44f });
    expect(
      embedOf(
        gitlab.read(
          delivery('Merge Request Hook', {
            ...mr,
            object_attributes: { ...mr.object_attributes, action: 'unapproved' },
          }),
        ),
      )?.color,
    ).toBe(0xdbab09);
  });

  test('push lists commits with short sha, first line and author, escaped', () => {
    const outcome = gitlab.read(delivery('Push Hook', gitlabPayloads['Push Hook']));
    expect(outcome.kind === 'message' && outcome.embeds[0]?.description?.split('\n')[0]).toBe(
      '[`b6568db1`](http://example.com/mike/diaspora/commit/b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327) Update ' +
        'Catalan translation to e38cb41. - Jordi Mallach',
    );
  });

  test('delivery ids: Idempotency-Key when sent, else the event with its UUID', () => {
    const note = delivery('Note Hook', gitlabPayloads['Note Hook']);
    const issue = delivery('Issue Hook', gitlabPayloads['Issue Hook']);
    expect(gitlab.read(note).deliveryId).not.toBe(gitlab.read(issue).deliveryId);
    expect(
      gitlab.read({ ...note, headers: { ...note.headers, 'idempotency-key': 'f5e5f430-f57b-4e6e-9fac-d9128cd7232f' } })
        .deliveryId,
    ).toBe('f5e5f430-f57b-4e6e-9fac-d9128cd7232f');
  });

  test('an unrendered event is ignored; a missing header or a body that is not JSON is a PayloadError', () => {
    expect(gitlab.read(delivery('Repository Update Hook', {}))).toMatchObject({
      kind: 'ignored',
      event: 'Repository Update Hook',
    });
    expect(() => gitlab.read({ headers: {}, body: '{}' })).toThrow(PayloadError);
    expect(() => gitlab.read({ ...delivery('Push Hook', {}), body: '{"ref":' })).toThrow(PayloadError);
  });

  test('a known event is never refused for a field absent or mistyped: it renders with what it has', () => {
    expect(embedOf(gitlab.read(delivery('Push Hook', { ref: 1 })))).toMatchObject({ title: 'Branch 1 updated' });
    expect(embedOf(gitlab.read(delivery('Merge Request Hook', {})))).toMatchObject({ title: 'Merge request updated' });
    expect(
      embedOf(gitlab.read(delivery('Note Hook', { object_attributes: { noteable_type: 'Issue', note: 'hi' } }))),
    ).toMatchObject({ title: 'Comment on an issue', description: 'hi' });
  });
});

describe('GitLab: wiki pages, reactions, access tokens and group events', () => {
  const embedOf = (event: string, payload: unknown = gitlabPayloads[event]) => {
    const outcome = gitlab.read(delivery(event, payload));
    if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
    return outcome.embeds[0]!;
  };
  const wiki = gitlabPayloads['Wiki Page Hook'] as { object_attributes: Record<string, unknown> };

  test('a wiki page says what happened to it and links to it (to the wiki once deleted)', () => {
    expect(embedOf('Wiki Page Hook')).toMatchObject({
      title: '[root/awesome-project] Wiki page created: Awesome',
      url: 'http://example.com/root/awesome-project/-/wikis/awesome',
      description: 'adding an awesome page to the wiki',
      color: 0x2ea44f,
    });
    expect(
      embedOf('Wiki Page Hook', { ...wiki, object_attributes: { ...wiki.object_attributes, action: 'delete' } }),
    ).toMatchObject({
      title: '[root/awesome-project] Wiki page deleted: Awesome',
      url: 'http://example.com/root/awesome-project/-/wikis',
      color: 0xd73a49,
    });
  });

  test('an emoji reaction names the emoji and what it is on, linked there', () => {
    expect(embedOf('Emoji Hook')).toMatchObject({
      title: '[flightjs/Flight] Reacted :thumbsup: to a comment on issue #42: New issue!',
      url: 'http://example.com/flightjs/Flight/-/issues/42#note_363',
    });
    const emoji = gitlabPayloads['Emoji Hook'] as { object_attributes: Record<string, unknown> };
    const onIssue = {
      ...emoji,
      object_attributes: { ...emoji.object_attributes, action: 'revoke', awardable_type: 'Issue' },
    };
    expect(embedOf('Emoji Hook', onIssue)).toMatchObject({
      title: '[flightjs/Flight] Removed :thumbsup: from issue #42: New issue!',
      color: 0x6a737d,
    });
  });

  test("an expiring access token is a warning linked to the project's token settings", () => {
    expect(embedOf('Resource Access Token Hook')).toMatchObject({
      title: '[flightjs/Flight] Access token acd expires on 2024-01-26',
      url: 'https://example.com/flightjs/Flight/-/settings/access_tokens',
      color: 0xdbab09,
    });
  });

  test("older GitLab's shapes render with what they carry (no project, no full_path)", () => {
    const job = gitlabOlderPayloads['Job Hook'];
    expect(embedOf('Job Hook', job)).toMatchObject({
      title: '[gitlab-org/gitlab-test] Job test #1977 created on gitlab-script-trigger',
      url: 'http://192.168.64.1:3005/gitlab-org/gitlab-test/-/jobs/1977',
      author: { name: 'User' },
    });
    // Without a repository page there is no link; without any name the title leaves the place out.
    const bare = embedOf('Job Hook', { ...job, project_name: null, repository: null });
    expect(bare).toMatchObject({ title: 'Job test #1977 created on gitlab-script-trigger' });
    expect(bare.url).toBeUndefined();
    const token = embedOf('Resource Access Token Hook', gitlabOlderPayloads['Resource Access Token Hook']);
    expect(token).toMatchObject({ title: '[twitter] Access token acd expires on 2024-01-26', color: 0xdbab09 });
    expect(token.url).toBeUndefined();
    for (const embed of [bare, token])
      expect(JSON.stringify(embed)).not.toMatch(/undefined|null|NaN|\[object Object\]/);
  });

  test("a group's members, subgroups and projects: who, what happened, with which access", () => {
    expect(embedOf('Member Hook')).toMatchObject({
      title: '[webhook-test] Test User (@test_user) joined',
      fields: [
        { name: 'Access', value: 'Guest', inline: true },
        { name: 'Expires', value: '2020\\-12\\-14', inline: true },
      ],
    });
    expect(
      embedOf('Member Hook', { ...(gitlabPayloads['Member Hook'] as object), event_name: 'user_remove_from_group' }),
    ).toMatchObject({ title: '[webhook-test] Test User (@test_user) left', color: 0xd73a49 });
    expect(embedOf('Subgroup Hook')).toMatchObject({ title: '[group1] Subgroup group1/subgroup1 created' });
    expect(embedOf('Project Hook')).toMatchObject({
      title: 'Project group1/project1 created',
      fields: [{ name: 'Visibility', value: 'private', inline: true }],
    });
  });
});

describe('GitLab in words (issue 32): what happened, to what, with what the payload says', () => {
  const read = (event: string, payload: unknown) => {
    const outcome = gitlab.read(delivery(event, payload));
    if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
    return outcome.embeds[0]!;
  };
  const fixture = (file: string) => {
    const found = gitlabFileFixtures.find((d) => d.label === file);
    if (!found) throw new Error(`no fixture ${file}`);
    return JSON.parse(found.body) as Record<string, any>;
  };
  const mr = gitlabPayloads['Merge Request Hook'] as { object_attributes: Record<string, unknown> };
  const withMr = (attributes: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
    ...mr,
    ...more,
    object_attributes: { ...mr.object_attributes, ...attributes },
  });

  test('a merge request update says what: commits pushed or fields changed, not just "updated"', () => {
    expect(read('Merge Request Hook', fixture('go-gitlab/service_merge_request.json'))).toMatchObject({
      title: '[test/woodpecker] Pushed to merge request !2: Update client.go 🎉',
      fields: [{ name: 'Branches', value: 'next\\-feature → master' }],
    });
    const edited = read(
      'Merge Request Hook',
      withMr({ action: 'update' }, { changes: { title: { previous: 'a', current: 'b' }, labels: {}, updated_at: {} } }),
    );
    expect(edited).toMatchObject({
      title: '[mike/diaspora] Merge request updated: !1 MS-Viewport',
      color: 0x0366d6,
      fields: [{ name: 'Changed', value: 'title, labels' }],
    });
    expect(read('Merge Request Hook', withMr({ action: 'merge', state: 'merged' }))).toMatchObject({
      title: '[mike/diaspora] Merge request merged: !1 MS-Viewport',
      color: 0x6f42c1,
    });
    expect(read('Merge Request Hook', withMr({ action: 'unapproved' })).title).toBe(
      '[mike/diaspora] Merge request unapproved: !1 MS-Viewport',
    );
  });

  test('a merge request marked draft or ready says so; a diff comment names file and line', () => {
    const drafted = fixture('go-scm/pull_request_review_ready.json');
    expect(read('Merge Request Hook', drafted).title).toBe(
      '[rathod.meetsatish/meet] Merge request marked as draft: !3 Draft: Update README.md',
    );
    expect(
      read('Merge Request Hook', { ...drafted, changes: { draft: { previous: true, current: false } } }).title,
    ).toBe('[rathod.meetsatish/meet] Merge request marked ready: !3 Draft: Update README.md');
    expect(read('Note Hook', fixture('go-scm/review_comment_create.json'))).toMatchObject({
      title: '[gitlab-org/hello-world] Comment on merge request !1: update readme',
      fields: [{ name: 'File', value: 'README.md, line 1' }],
    });
  });

  test("a merge request's or issue's description comes with every action, as Skyhook shows it", () => {
    expect(
      read('Merge Request Hook', withMr({ action: 'close', state: 'closed', description: 'Why it was done' })),
    ).toMatchObject({
      title: '[mike/diaspora] Merge request closed: !1 MS-Viewport',
      description: 'Why it was done',
      color: 0xd73a49,
    });
    const issue = gitlabPayloads['Issue Hook'] as { object_attributes: Record<string, unknown> };
    expect(
      read('Issue Hook', {
        ...issue,
        object_attributes: { ...issue.object_attributes, action: 'close', state: 'closed' },
      }),
    ).toMatchObject({
      title: '[mike/diaspora] Issue closed: #23 New API: create/update/delete file',
      description: 'Create new API for manipulations with repository',
    });
  });

  test('work items say their kind; confidential issues and comments say so; an edited comment is not new', () => {
    const issue = gitlabPayloads['Issue Hook'] as { object_attributes: Record<string, unknown> };
    expect(
      read('Issue Hook', {
        ...issue,
        object_kind: 'work_item',
        object_attributes: { ...issue.object_attributes, type: 'Task' },
      }).title,
    ).toBe('[mike/diaspora] Task opened: #23 New API: create/update/delete file');
    expect(read('Confidential Issue Hook', { ...issue, event_type: 'confidential_issue' }).title).toBe(
      '[mike/diaspora] Confidential issue opened: #23 New API: create/update/delete file',
    );
    const note = gitlabNotes.Issue as { object_attributes: Record<string, unknown> };
    expect(
      read('Note Hook', { ...note, object_attributes: { ...note.object_attributes, action: 'update' } }).title,
    ).toBe('[mike/diaspora] Comment edited on issue #17: test');
    expect(read('Confidential Note Hook', { ...note, event_type: 'confidential_note' }).title).toBe(
      '[mike/diaspora] Confidential comment on issue #17: test',
    );
  });

  test('milestones and vulnerabilities render, with their due date, severity and page', () => {
    expect(read('Milestone Hook', fixture('docs-18/milestone.json'))).toMatchObject({
      url: 'http://example.com/gitlabhq/gitlab-test/-/milestones/10',
      description: 'First stable release',
      fields: [{ name: 'Due', value: '2025\\-06\\-30' }],
    });
    expect(read('Milestone Hook', { ...fixture('docs-18/milestone.json'), action: 'close' }).title).toBe(
      '[gitlabhq/gitlab-test] Milestone closed: v1.0',
    );
    expect(read('Vulnerability Hook', fixture('docs-18/vulnerability.json'))).toMatchObject({
      url: 'https://example.com/flightjs/Flight/-/security/vulnerabilities/1',
      fields: [
        { name: 'Severity', value: 'high' },
        { name: 'Found by', value: 'dependency scanning' },
        { name: 'File', value: 'Gemfile.lock' },
      ],
    });
  });

  test("a pipeline names its commit and merge request; a project-less job takes its repository's path", () => {
    expect(read('Pipeline Hook', fixture('go-gitlab/pipeline.json'))).toMatchObject({
      description:
        '[`bcbb5ec3`](http://example.com/gitlab-org/gitlab-test/commit/' +
        'bcbb5ec396a2c0f828686f14fac9b80b780504f2) test - User',
      fields: [
        { name: 'Merge request', value: '[!1 Test](http://192.168.64.1:3005/gitlab-org/gitlab-test/merge_requests/1)' },
        { name: 'Duration', value: '1m 3s' },
      ],
    });
    expect(read('Job Hook', fixture('go-gitlab/job.json'))).toMatchObject({
      title: '[jsmithy2/release-tools-fake] Job auto_deploy:start #3580121225 passed on main',
      url: 'https://gitlab.com/jsmithy2/release-tools-fake/-/jobs/3580121225',
    });
  });

  test('an annotated tag shows its message; authors as name and @username; relative avatars absolute', () => {
    expect(
      read('Tag Push Hook', { ...(gitlabPayloads['Tag Push Hook'] as object), message: 'Version 1.0' }).description,
    ).toBe('Version 1.0');
    const note = gitlabNotes.Issue as { user: Record<string, unknown> };
    expect(
      read('Note Hook', { ...note, user: { ...note.user, avatar_url: '/uploads/-/system/user/avatar/1/avatar.png' } })
        .author,
    ).toEqual({
      name: 'Administrator (@root)',
      icon_url: 'http://example.com/uploads/-/system/user/avatar/1/avatar.png',
    });
  });

  test('System Hooks named by event_name alone render as those events', () => {
    const system = (file: string) => gitlab.read(toProviderDelivery(gitlabFileFixtures.find((d) => d.label === file)!));
    expect(system('go-gitlab/system_push.json')).toMatchObject({ kind: 'message', event: 'Push Hook' });
    expect(system('go-gitlab/system_user_add_to_group.json')).toMatchObject({ kind: 'message', event: 'Member Hook' });
    expect(system('go-gitlab/system_project_create.json')).toMatchObject({ kind: 'message', event: 'Project Hook' });
  });
});
