import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { browseUrl, jira } from '../../shared/webhooks/providers/jira';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { jiraDeliveries, jiraPayloads, withoutEvent } from '../fixtures/jira/payloads';

const delivery = (payload: unknown, headers: Record<string, string> = {}): ProviderDelivery =>
  toProviderDelivery(jsonRequest(headers, payload));
const created = jiraPayloads['jira:issue_created'];
const updated = jiraPayloads['jira:issue_updated'];

const embedOf = (payload: unknown) => {
  const outcome = jira.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome.username).toBe('Jira');
  return outcome.embeds[0]!;
};

describe('Jira provider', () => {
  test('renders issues, comments, links, projects, versions and work logs, signed with sha256=', () => {
    expect(jira.events).toEqual(
      expect.arrayContaining([
        'jira:issue_created',
        'jira:issue_updated',
        'jira:issue_deleted',
        'comment_created',
        'comment_updated',
        'comment_deleted',
        'issuelink_created',
        'issuelink_deleted',
        'project_created',
        'project_updated',
        'project_deleted',
        'jira:version_created',
        'jira:version_released',
        'jira:version_deleted',
        'worklog_created',
        'worklog_updated',
        'worklog_deleted',
      ]),
    );
    expect(jira.signature).toEqual({
      kind: 'hmac',
      header: 'X-Hub-Signature',
      algorithm: 'sha256',
      encoding: 'hex',
      prefix: 'sha256=',
    });
  });

  test("the browse URL keeps the host and context path of the issue's REST URL", () => {
    expect(browseUrl({ self: 'https://jira.test-example.ru/jira/rest/api/2/issue/30369', key: 'BBCOM-1398' })).toBe(
      'https://jira.test-example.ru/jira/browse/BBCOM-1398',
    );
    expect(browseUrl({ self: 'https://x.atlassian.net/rest/api/2/issue/1', key: 'A-1' })).toBe(
      'https://x.atlassian.net/browse/A-1',
    );
    expect(browseUrl({ self: 'not a url', key: 'A-1' })).toBeUndefined();
    expect(browseUrl({ self: 'javascript:alert(1)', key: 'A-1' })).toBeUndefined();
  });

  test('jira:issue_created -> key and summary, browse link, type, status, priority and assignee', () => {
    const outcome = jira.read(delivery(created, { 'X-Atlassian-Webhook-Identifier': '12345' }));
    expect(outcome).toMatchObject({ kind: 'message', event: 'jira:issue_created', deliveryId: '12345' });
    const embed = embedOf(created);
    expect(embed).toMatchObject({
      title: '[BBCOM] Issue created: BBCOM-1398 Prueba de creación de tareas en un proyecto público',
      url: 'https://jira.test-example.ru/jira/browse/BBCOM-1398',
      color: 0x2ea44f,
      author: { name: 'jira_test' },
    });
    expect(embed.fields).toEqual([
      { name: 'Type', value: 'Task', inline: true },
      { name: 'Status', value: 'Open', inline: true },
      { name: 'Priority', value: 'Medium', inline: true },
      { name: 'Assignee', value: 'Иванов Иван Иванович', inline: true },
    ]);
  });

  test('jira:issue_updated -> what changed, from and to; a plain-string priority is shown', () => {
    const embed = embedOf(updated);
    expect(embed).toMatchObject({
      title: 'Issue updated: JRA-20002 I feel the need for speed',
      url: 'https://jira.atlassian.com/browse/JRA-20002',
      color: 0x0366d6,
      author: { name: 'Bryan Rollins [Atlassian]' },
    });
    expect(embed.description).toBe(
      '**summary**: What is going on here????? → A new summary.\n**issuetype**: Improvement → New Feature',
    );
    expect(embed.fields).toEqual([{ name: 'Priority', value: 'Minor', inline: true }]);
  });

  test('an issue moved to a done status or resolved reads as closed; a cleared resolution as reopened', () => {
    const issue = {
      ...created.issue,
      fields: { ...created.issue.fields, status: { name: 'Done', statusCategory: { key: 'done' } } },
    };
    const done = embedOf({
      ...updated,
      issue,
      changelog: { items: [{ field: 'status', fromString: 'Open', toString: 'Done' }] },
    });
    expect(done).toMatchObject({
      title: '[BBCOM] Issue moved to Done: BBCOM-1398 Prueba de creación de tareas en un proyecto público',
      color: 0xd73a49,
      description: '**status**: Open → Done',
    });
    expect(
      embedOf({ ...updated, changelog: { items: [{ field: 'resolution', fromString: null, toString: 'Fixed' }] } }),
    ).toMatchObject({ title: 'Issue resolved: JRA-20002 I feel the need for speed', color: 0xd73a49 });
    expect(
      embedOf({ ...updated, changelog: { items: [{ field: 'resolution', fromString: 'Fixed', toString: null }] } }),
    ).toMatchObject({
      title: 'Issue reopened: JRA-20002 I feel the need for speed',
      color: 0x2ea44f,
      description: '**resolution**: Fixed → (none)',
    });
  });

  test("an update says what it was: Jira's name for it, else what its changelog changed", () => {
    const titleOf = (changes: Record<string, unknown>) => embedOf({ ...updated, ...changes }).title;
    expect(titleOf({ issue_event_type_name: 'issue_closed' })).toBe(
      'Issue closed: JRA-20002 I feel the need for speed',
    );
    expect(titleOf({ issue_event_type_name: 'issue_work_started' })).toBe(
      'Work started on issue: JRA-20002 I feel the need for speed',
    );
    expect(titleOf({ changelog: { items: [{ field: 'assignee', fromString: null, toString: 'Ann' }] } })).toBe(
      'Issue assigned to Ann: JRA-20002 I feel the need for speed',
    );
    expect(titleOf({ changelog: { items: [{ field: 'assignee', fromString: 'Ann', toString: null }] } })).toBe(
      'Issue unassigned: JRA-20002 I feel the need for speed',
    );
    expect(titleOf({ changelog: { items: [{ field: 'summary', fromString: 'Old', toString: 'New' }] } })).toBe(
      'Issue renamed: JRA-20002 I feel the need for speed',
    );
    // Server's comment events inside jira:issue_updated are comments, edited and deleted ones said so.
    expect(titleOf({ issue_event_type_name: 'issue_commented', changelog: undefined })).toBe(
      'Comment on JRA-20002 I feel the need for speed',
    );
    expect(titleOf({ issue_event_type_name: 'issue_comment_edited', changelog: undefined })).toBe(
      'Comment edited on JRA-20002 I feel the need for speed',
    );
    const deleted = embedOf({ ...updated, issue_event_type_name: 'issue_comment_deleted', changelog: undefined });
    expect(deleted.title).toBe('Comment deleted on JRA-20002 I feel the need for speed');
    expect(deleted).not.toHaveProperty('description');
  });

  test('an update without a changelog has no description; long changelogs are cut', () => {
    const { changelog: _c, ...plain } = updated;
    expect(embedOf(plain).description).toBeUndefined();
    const items = Array.from({ length: 13 }, (_, i) => ({ field: `f${i}`, fromString: null, toString: 'x' }));
    expect(embedOf({ ...updated, changelog: { items } }).description?.split('\n')).toHaveLength(11);
  });

  test('comment_created -> the issue, author and body, linked; without the issue "Comment added"', () => {
    expect(embedOf(jiraPayloads.comment_created)).toMatchObject({
      title: 'Comment on JRA-20002 I feel the need for speed',
      url: 'https://jira.atlassian.com/browse/JRA-20002?focusedCommentId=252789',
      color: 0x0366d6,
      author: { name: 'Bryan Rollins [Atlassian]' },
      description: 'Just in time for AtlasCamp!',
    });
    const bare = embedOf(jiraPayloads['comment_created without issue']);
    expect(bare).toMatchObject({ title: 'Comment added', description: 'Test yeah.', author: { name: 'redacted' } });
    const edited = embedOf({ ...jiraPayloads.comment_created, webhookEvent: 'comment_updated' });
    expect(edited).toMatchObject({
      title: 'Comment edited on JRA-20002 I feel the need for speed',
      description: 'Just in time for AtlasCamp!',
    });
    const deleted = embedOf({ ...jiraPayloads.comment_created, webhookEvent: 'comment_deleted' });
    expect(deleted).toMatchObject({ title: 'Comment deleted on JRA-20002 I feel the need for speed', color: 0x6a737d });
    expect(deleted.description).toBeUndefined();
    // Whose comment it was, when the delivery names no one else (Skyhook says so too), but not its text.
    expect(deleted.fields).toBeUndefined();
    const cloudDeleted = embedOf(
      JSON.parse(
        jiraDeliveries.find((delivery) => delivery.label === 'mattermost-webhook-cloud-comment-deleted.json')!.body,
      ),
    );
    expect(cloudDeleted).toMatchObject({
      title: '[KT] Comment deleted on KT-7 s',
      fields: [{ name: 'Written by', value: 'Test User', inline: true }],
    });
    expect(cloudDeleted.description).toBeUndefined();
    expect(bare.url).toBeUndefined();
  });

  test('markdown in payload text cannot change the layout', () => {
    const comment = { ...jiraPayloads.comment_created.comment, body: '**bold** [x](http://evil) @everyone' };
    expect(embedOf({ ...jiraPayloads.comment_created, comment }).description).toBe(
      '\\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone',
    );
    const issue = {
      ...created.issue,
      fields: { ...created.issue.fields, status: { name: '__Open__', statusCategory: null } },
    };
    expect(embedOf({ ...created, issue }).fields?.[1]?.value).toBe('\\_\\_Open\\_\\_');
  });

  test('without webhookEvent (Jira Automation, some servers) the event is inferred from the body', () => {
    expect(jira.read(delivery(withoutEvent(created)))).toMatchObject({ kind: 'message', event: 'jira:issue_created' });
    expect(embedOf(withoutEvent(created))).toMatchObject({
      title: '[BBCOM] Issue created: BBCOM-1398 Prueba de creación de tareas en un proyecto público',
      url: 'https://jira.test-example.ru/jira/browse/BBCOM-1398',
    });
    expect(jira.read(delivery(withoutEvent(updated)))).toMatchObject({ kind: 'message', event: 'jira:issue_updated' });
    expect(embedOf(withoutEvent(updated))).toMatchObject({
      title: 'Issue updated: JRA-20002 I feel the need for speed',
      description: '**summary**: What is going on here????? → A new summary.\n**issuetype**: Improvement → New Feature',
    });
    expect(jira.read(delivery(withoutEvent(jiraPayloads.comment_created)))).toMatchObject({
      kind: 'message',
      event: 'comment_created',
    });
    expect(embedOf(withoutEvent(jiraPayloads.comment_created))).toMatchObject({
      title: 'Comment on JRA-20002 I feel the need for speed',
      description: 'Just in time for AtlasCamp!',
    });
    // An issue and nothing that says what happened to it reads as an update; a deletion as a deletion.
    expect(embedOf({ issue: created.issue, issue_event_type_name: 'issue_generic' })).toMatchObject({
      title: '[BBCOM] Issue updated: BBCOM-1398 Prueba de creación de tareas en un proyecto público',
      color: 0x0366d6,
    });
    expect(embedOf({ issue: created.issue, issue_event_type_name: 'issue_deleted' })).toMatchObject({
      title: '[BBCOM] Issue deleted: BBCOM-1398 Prueba de creación de tareas en un proyecto público',
      color: 0xd73a49,
    });
  });

  test('links, projects, versions and work logs say what happened to what', () => {
    expect(
      embedOf({
        webhookEvent: 'project_updated',
        project: {
          key: 'DTP',
          name: 'Dev',
          self: 'https://j.example/rest/api/2/project/1',
          projectLead: { displayName: 'Lee' },
        },
      }),
    ).toMatchObject({
      title: 'Project updated: Dev (DTP)',
      url: 'https://j.example/browse/DTP',
      fields: [{ name: 'Lead', value: 'Lee', inline: true }],
    });
    expect(embedOf({ webhookEvent: 'project_soft_deleted', project: { key: 'DTP' } })).toMatchObject({
      title: 'Project moved to the trash: DTP',
    });
    expect(
      embedOf({ webhookEvent: 'jira:version_released', version: { name: 'v2', releaseDate: '2024-11-30' } }),
    ).toMatchObject({
      title: 'Version released: v2',
      color: 0x2ea44f,
      fields: [{ name: 'Release date', value: '2024\\-11\\-30', inline: true }],
    });
    expect(
      embedOf({ webhookEvent: 'worklog_deleted', worklog: { issueId: '7', timeSpent: '1h', comment: 'gone' } }),
    ).toEqual({ title: 'Work log deleted on issue 7', color: 0x6a737d, timestamp: expect.any(String) });
    expect(
      embedOf({ webhookEvent: 'issuelink_created', issueLink: { sourceIssueId: 1, destinationIssueId: 2 } }).title,
    ).toBe('Issue link created: issue 1 linked to issue 2');
  });

  test('an event we do not render is ignored, not an error', () => {
    expect(jira.read(delivery({ webhookEvent: 'board_created', board: {} }))).toEqual({
      kind: 'ignored',
      event: 'board_created',
    });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    [
      'a body without webhookEvent',
      delivery({ __note__: 'Intentionally blank', timestamp: 1565503727439 }),
      /missing the webhookEvent field/,
    ],
    ['malformed JSON', { headers: {}, body: '{"webhookEvent":' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => jira.read(bad)).toThrow(PayloadError);
    expect(() => jira.read(bad)).toThrow(reason);
  });

  test('an issue without its key still renders, with what it has', () => {
    const keyless = embedOf({ ...created, issue: { ...created.issue, key: undefined } });
    expect(keyless.title).toBe('[BBCOM] Issue created: Prueba de creación de tareas en un proyecto público');
    expect(keyless).not.toHaveProperty('url');
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of jiraDeliveries)
      expect(jira.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
