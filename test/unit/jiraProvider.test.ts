import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { browseUrl, jira } from '../../shared/webhooks/providers/jira';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { jiraDeliveries, jiraPayloads, withoutEvent } from '../fixtures/jira/payloads';

const delivery = (payload: unknown, headers: Record<string, string> = {}): ProviderDelivery => toProviderDelivery(jsonRequest(headers, payload));
const created = jiraPayloads['jira:issue_created'];
const updated = jiraPayloads['jira:issue_updated'];

const embedOf = (payload: unknown) => {
  const outcome = jira.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome.username).toBe('Jira');
  return outcome.embeds[0]!;
};

describe('Jira provider', () => {
  test('renders issues created and updated and new comments, signed with sha256= in X-Hub-Signature', () => {
    expect(jira.events).toEqual(['jira:issue_created', 'jira:issue_updated', 'comment_created']);
    expect(jira.signature).toEqual({ kind: 'hmac', header: 'X-Hub-Signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' });
  });

  test('the browse URL keeps the host and context path of the issue\'s REST URL', () => {
    expect(browseUrl({ self: 'https://jira.test-example.ru/jira/rest/api/2/issue/30369', key: 'BBCOM-1398' })).toBe('https://jira.test-example.ru/jira/browse/BBCOM-1398');
    expect(browseUrl({ self: 'https://x.atlassian.net/rest/api/2/issue/1', key: 'A-1' })).toBe('https://x.atlassian.net/browse/A-1');
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
    expect(embed).toMatchObject({ title: 'Issue updated: JRA-20002 I feel the need for speed', url: 'https://jira.atlassian.com/browse/JRA-20002', color: 0x0366d6, author: { name: 'Bryan Rollins [Atlassian]' } });
    expect(embed.description).toBe('**summary**: What is going on here????? → A new summary.\n**issuetype**: Improvement → New Feature');
    expect(embed.fields).toEqual([{ name: 'Priority', value: 'Minor', inline: true }]);
  });

  test('an issue moved to a done status or resolved reads as closed; a cleared resolution as reopened', () => {
    const issue = { ...created.issue, fields: { ...created.issue.fields, status: { name: 'Done', statusCategory: { key: 'done' } } } };
    const done = embedOf({ ...updated, issue, changelog: { items: [{ field: 'status', fromString: 'Open', toString: 'Done' }] } });
    expect(done.color).toBe(0xd73a49);
    expect(done.description).toBe('**status**: Open → Done');
    expect(embedOf({ ...updated, changelog: { items: [{ field: 'resolution', fromString: null, toString: 'Fixed' }] } }).color).toBe(0xd73a49);
    expect(embedOf({ ...updated, changelog: { items: [{ field: 'resolution', fromString: 'Fixed', toString: null }] } })).toMatchObject({ color: 0x2ea44f, description: '**resolution**: Fixed → (none)' });
  });

  test('an update without a changelog has no description; long changelogs are cut', () => {
    const { changelog: _c, ...plain } = updated;
    expect(embedOf(plain).description).toBeUndefined();
    const items = Array.from({ length: 13 }, (_, i) => ({ field: `f${i}`, fromString: null, toString: 'x' }));
    expect(embedOf({ ...updated, changelog: { items } }).description?.split('\n')).toHaveLength(11);
  });

  test('comment_created -> the issue, the comment\'s author and body; without the issue a plain "New comment"', () => {
    expect(embedOf(jiraPayloads.comment_created)).toMatchObject({
      title: 'New comment on JRA-20002 I feel the need for speed',
      url: 'https://jira.atlassian.com/browse/JRA-20002',
      color: 0x0366d6,
      author: { name: 'Bryan Rollins [Atlassian]' },
      description: 'Just in time for AtlasCamp!',
    });
    const bare = embedOf(jiraPayloads['comment_created without issue']);
    expect(bare).toMatchObject({ title: 'New comment', description: 'Test yeah.', author: { name: 'redacted' } });
    expect(bare.url).toBeUndefined();
  });

  test('markdown in payload text cannot change the layout', () => {
    const comment = { ...jiraPayloads.comment_created.comment, body: '**bold** [x](http://evil) @everyone' };
    expect(embedOf({ ...jiraPayloads.comment_created, comment }).description).toBe('\\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone');
    const issue = { ...created.issue, fields: { ...created.issue.fields, status: { name: '__Open__', statusCategory: null } } };
    expect(embedOf({ ...created, issue }).fields?.[1]?.value).toBe('\\_\\_Open\\_\\_');
  });

  test('without webhookEvent (Jira Automation, some Server/Data Center deliveries) the event is inferred from the body', () => {
    expect(jira.read(delivery(withoutEvent(created)))).toMatchObject({ kind: 'message', event: 'jira:issue_created' });
    expect(embedOf(withoutEvent(created))).toMatchObject({ title: '[BBCOM] Issue created: BBCOM-1398 Prueba de creación de tareas en un proyecto público', url: 'https://jira.test-example.ru/jira/browse/BBCOM-1398' });
    expect(jira.read(delivery(withoutEvent(updated)))).toMatchObject({ kind: 'message', event: 'jira:issue_updated' });
    expect(embedOf(withoutEvent(updated))).toMatchObject({ title: 'Issue updated: JRA-20002 I feel the need for speed', description: '**summary**: What is going on here????? → A new summary.\n**issuetype**: Improvement → New Feature' });
    expect(jira.read(delivery(withoutEvent(jiraPayloads.comment_created)))).toMatchObject({ kind: 'message', event: 'comment_created' });
    expect(embedOf(withoutEvent(jiraPayloads.comment_created))).toMatchObject({ title: 'New comment on JRA-20002 I feel the need for speed', description: 'Just in time for AtlasCamp!' });
    // An issue and nothing that says what happened to it reads as an update; a deletion is named and ignored.
    expect(embedOf({ issue: created.issue, issue_event_type_name: 'issue_generic' })).toMatchObject({ title: '[BBCOM] Issue updated: BBCOM-1398 Prueba de creación de tareas en un proyecto público', color: 0x0366d6 });
    expect(jira.read(delivery({ issue: created.issue, issue_event_type_name: 'issue_deleted' }))).toEqual({ kind: 'ignored', event: 'jira:issue_deleted' });
  });

  test('an event we do not render is ignored, not an error', () => {
    expect(jira.read(delivery({ webhookEvent: 'jira:issue_deleted', issue: created.issue }))).toEqual({ kind: 'ignored', event: 'jira:issue_deleted' });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a body without webhookEvent', delivery({ __note__: 'Intentionally blank', timestamp: 1565503727439 }), /missing the webhookEvent field/],
    ['malformed JSON', { headers: {}, body: '{"webhookEvent":' }, /not valid JSON/],
    ['an issue without its key', delivery({ ...created, issue: { ...created.issue, key: undefined } }), /not a Jira jira:issue_created payload: issue.key/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => jira.read(bad)).toThrow(PayloadError);
    expect(() => jira.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of jiraDeliveries) expect(jira.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
