import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { gitlab } from '../../shared/webhooks/providers/gitlab';
import { toProviderDelivery } from '../fixtures/delivery';
import { gitlabDelivery, gitlabOlderPayloads, gitlabPayloads } from '../fixtures/gitlab/payloads';

const delivery = (event: string, payload: unknown) => toProviderDelivery(gitlabDelivery(event, '13792a34-cac6-4fda-95a8-c58e00a3954e', payload));

describe('GitLab provider', () => {
  test.each([
    ['Push Hook', /^\[mike\/diaspora:master\] 4 new commits$/, 0x0366d6],
    ['Tag Push Hook', /\] Tag v1\.0\.0 created$/, 0x2ea44f],
    ['Merge Request Hook', /Merge request opened: !1 MS-Viewport$/, 0x2ea44f],
    ['Issue Hook', /Issue opened: #23 New API/, 0x2ea44f],
    ['Note Hook', /Comment on merge request !1: Tempora et eos debitis quae laborum et\.$/, 0x0366d6],
    ['Pipeline Hook', /Pipeline #31 success on master$/, 0x2ea44f],
    ['Release Hook', /Release created: v1\.1$/, 0x2ea44f],
  ])('%s -> an embed with title, link and colour', (event, title, color) => {
    const outcome = gitlab.read(delivery(event, gitlabPayloads[event]));
    expect(outcome).toMatchObject({ kind: 'message', event, deliveryId: `${event}:13792a34-cac6-4fda-95a8-c58e00a3954e`, username: 'GitLab' });
    const embed = outcome.kind === 'message' ? outcome.embeds[0] : undefined;
    expect(embed?.title).toMatch(title);
    expect(embed?.color).toBe(color);
    expect(embed?.url).toMatch(/^https?:\/\/example\.com\//);
  });

  const embedOf = (outcome: ReturnType<typeof gitlab.read>) => (outcome.kind === 'message' ? outcome.embeds[0] : undefined);

  test.each([
    ['Job Hook', '[gitlab-org/gitlab-test] Job test created on gitlab-script-trigger', 0x6a737d, 'http://192.168.64.1:3005/gitlab-org/gitlab-test/-/jobs/1977'],
    // A successful deployment links to its environment.
    ['Deployment Hook', '[root/test-deployment-webhooks] Deployment to staging: success', 0x2ea44f, 'https://staging.example.com'],
    ['Feature Flag Hook', '[gitlabhq/gitlab-test] Feature flag test-feature-flag turned on', 0x2ea44f, 'http://example.com/gitlabhq/gitlab-test/-/feature_flags'],
  ])('%s (the documentation example) -> %s', (event, title, color, url) => {
    expect(embedOf(gitlab.read(delivery(event, gitlabPayloads[event])))).toMatchObject({ title, color, url });
  });

  test('a failed job says why; a deployment under way links to its job', () => {
    const job = gitlabPayloads['Job Hook'] as Record<string, unknown>;
    expect(embedOf(gitlab.read(delivery('Job Hook', { ...job, build_status: 'failed' })))).toMatchObject({ color: 0xd73a49, description: 'script failure' });
    const deployment = gitlabPayloads['Deployment Hook'] as Record<string, unknown>;
    expect(embedOf(gitlab.read(delivery('Deployment Hook', { ...deployment, status: 'running' })))).toMatchObject({ url: 'http://10.126.0.2:3000/root/test-deployment-webhooks/-/jobs/796', color: 0xdbab09 });
  });

  test('System Hook and Service Hook deliveries (and ones without the header) are read by their object_kind: a Service Hook merge request renders', () => {
    const request = (header: string | undefined, payload: unknown) => {
      const { headers, body } = gitlabDelivery('Merge Request Hook', 'e2a1c8d0-0000-4000-8000-000000000001', payload);
      const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'X-Gitlab-Event'));
      return toProviderDelivery({ headers: header === undefined ? rest : { ...rest, 'X-Gitlab-Event': header }, body });
    };
    for (const header of ['Service Hook', 'System Hook', undefined]) {
      const outcome = gitlab.read(request(header, gitlabPayloads['Merge Request Hook']));
      expect({ header, outcome }).toMatchObject({ header, outcome: { kind: 'message', event: 'Merge Request Hook', embeds: [{ title: expect.stringContaining('Merge request opened: !1 MS-Viewport') }] } });
    }
    expect(gitlab.read(request('System Hook', gitlabPayloads['Push Hook']))).toMatchObject({ kind: 'message', event: 'Push Hook' });
    // An object_kind we do not render is ignored, as an unknown event is.
    expect(gitlab.read(request('System Hook', { object_kind: 'repository_update' }))).toMatchObject({ kind: 'ignored' });
  });

  test('older and confidential names render as their events; an approval is green, its withdrawal yellow', () => {
    expect(gitlab.read(delivery('Build Hook', gitlabPayloads['Job Hook']))).toMatchObject({ kind: 'message', event: 'Job Hook' });
    expect(gitlab.read(delivery('Confidential Issue Hook', gitlabPayloads['Issue Hook']))).toMatchObject({ kind: 'message', event: 'Issue Hook' });
    expect(gitlab.read(delivery('Confidential Note Hook', gitlabPayloads['Note Hook']))).toMatchObject({ kind: 'message', event: 'Note Hook' });
    const mr = gitlabPayloads['Merge Request Hook'] as { object_attributes: Record<string, unknown> };
    const approved = embedOf(gitlab.read(delivery('Merge Request Hook', { ...mr, object_attributes: { ...mr.object_attributes, action: 'approved' } })));
    expect(approved).toMatchObject({ title: expect.stringContaining('Merge request approved: !1'), color: 0x2ea44f });
    expect(embedOf(gitlab.read(delivery('Merge Request Hook', { ...mr, object_attributes: { ...mr.object_attributes, action: 'unapproved' } })))?.color).toBe(0xdbab09);
  });

  test('push lists commits with short sha, first line and author, escaped', () => {
    const outcome = gitlab.read(delivery('Push Hook', gitlabPayloads['Push Hook']));
    expect(outcome.kind === 'message' && outcome.embeds[0]?.description?.split('\n')[0]).toBe(
      '[`b6568db1`](http://example.com/mike/diaspora/commit/b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327) Update Catalan translation to e38cb41. - Jordi Mallach',
    );
  });

  test('delivery ids: Idempotency-Key when GitLab sends it (same on retries), else the event with its UUID (one action fires several hooks with one UUID)', () => {
    const note = delivery('Note Hook', gitlabPayloads['Note Hook']);
    const issue = delivery('Issue Hook', gitlabPayloads['Issue Hook']);
    expect(gitlab.read(note).deliveryId).not.toBe(gitlab.read(issue).deliveryId);
    expect(gitlab.read({ ...note, headers: { ...note.headers, 'idempotency-key': 'f5e5f430-f57b-4e6e-9fac-d9128cd7232f' } }).deliveryId).toBe('f5e5f430-f57b-4e6e-9fac-d9128cd7232f');
  });

  test('an unrendered event is ignored; a missing header or a broken payload is a PayloadError', () => {
    expect(gitlab.read(delivery('Milestone Hook', {}))).toMatchObject({ kind: 'ignored', event: 'Milestone Hook' });
    expect(() => gitlab.read({ headers: {}, body: '{}' })).toThrow(PayloadError);
    expect(() => gitlab.read(delivery('Push Hook', { ref: 1 }))).toThrow(/not a GitLab Push Hook payload/);
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
    expect(embedOf('Wiki Page Hook')).toMatchObject({ title: '[root/awesome-project] Wiki page created: Awesome', url: 'http://example.com/root/awesome-project/-/wikis/awesome', description: 'adding an awesome page to the wiki', color: 0x2ea44f });
    expect(embedOf('Wiki Page Hook', { ...wiki, object_attributes: { ...wiki.object_attributes, action: 'delete' } })).toMatchObject({ title: '[root/awesome-project] Wiki page deleted: Awesome', url: 'http://example.com/root/awesome-project/-/wikis', color: 0xd73a49 });
  });

  test('an emoji reaction names the emoji and what it is on, linked there', () => {
    expect(embedOf('Emoji Hook')).toMatchObject({ title: '[flightjs/Flight] :thumbsup: on a comment', url: 'http://example.com/flightjs/Flight/-/issues/42#note_363' });
  });

  test("an expiring access token is a warning linked to the project's token settings", () => {
    expect(embedOf('Resource Access Token Hook')).toMatchObject({ title: '[flightjs/Flight] Access token acd expires on 2024-01-26', url: 'https://example.com/flightjs/Flight/-/settings/access_tokens', color: 0xdbab09 });
  });

  test("older GitLab's shapes render with what they carry: a job hook without project, a group token without full_path", () => {
    const job = gitlabOlderPayloads['Job Hook'];
    expect(embedOf('Job Hook', job)).toMatchObject({ title: '[gitlab-org/gitlab-test] Job test created on gitlab-script-trigger', url: 'http://192.168.64.1:3005/gitlab-org/gitlab-test/-/jobs/1977', author: { name: 'User' } });
    // Without a repository page there is no link; without any name the title says GitLab.
    const bare = embedOf('Job Hook', { ...job, project_name: null, repository: null });
    expect(bare).toMatchObject({ title: '[GitLab] Job test created on gitlab-script-trigger' });
    expect(bare.url).toBeUndefined();
    const token = embedOf('Resource Access Token Hook', gitlabOlderPayloads['Resource Access Token Hook']);
    expect(token).toMatchObject({ title: '[twitter] Access token acd expires on 2024-01-26', color: 0xdbab09 });
    expect(token.url).toBeUndefined();
    for (const embed of [bare, token]) expect(JSON.stringify(embed)).not.toMatch(/undefined|null|NaN|\[object Object\]/);
  });

  test("a group's members, subgroups and projects: who, what happened, with which access", () => {
    expect(embedOf('Member Hook')).toMatchObject({ title: '[webhook-test] Test User (@test_user) joined', fields: [{ name: 'Access', value: 'Guest', inline: true }, { name: 'Expires', value: '2020\\-12\\-14', inline: true }] });
    expect(embedOf('Member Hook', { ...(gitlabPayloads['Member Hook'] as object), event_name: 'user_remove_from_group' })).toMatchObject({ title: '[webhook-test] Test User (@test_user) left', color: 0xd73a49 });
    expect(embedOf('Subgroup Hook')).toMatchObject({ title: '[group1] Subgroup group1/subgroup1 created' });
    expect(embedOf('Project Hook')).toMatchObject({ title: 'Project group1/project1 created', fields: [{ name: 'Visibility', value: 'private', inline: true }] });
  });
});
