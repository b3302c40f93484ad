import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { sentry } from '../../shared/webhooks/providers/sentry';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { sentryDeliveries, sentryPayloads } from '../fixtures/sentry/payloads';

const REQUEST = '5b1c4d2e8f9a4b3c9d7e6f5a4b3c2d1e';
const delivery = (resource: string, payload: unknown): ProviderDelivery =>
  toProviderDelivery(
    jsonRequest(
      { 'Sentry-Hook-Resource': resource, 'Request-ID': REQUEST, 'Sentry-Hook-Timestamp': '1566248777' },
      payload,
    ),
  );

const embedOf = (resource: string, payload: unknown = sentryPayloads[resource]) => {
  const outcome = sentry.read(delivery(resource, payload));
  if (outcome.kind !== 'message') throw new Error(`${resource} was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event: resource, deliveryId: REQUEST, username: 'Sentry' });
  return outcome.embeds[0]!;
};

type Issue = { action: string; actor: object; data: { issue: Record<string, unknown> } };
const issue = sentryPayloads.issue as Issue;
const issueWith = (action: string, changes: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  ...issue,
  action,
  data: { ...issue.data, ...data, issue: { ...issue.data.issue, ...changes } },
});
const user = { type: 'user', id: 1, name: 'Jane Doe' };

describe('Sentry provider', () => {
  test('renders issues, issue and metric alerts and errors, signed with a hex HMAC of the client secret', () => {
    expect([...sentry.events].sort()).toEqual(['comment', 'error', 'event_alert', 'issue', 'metric_alert']);
    expect(sentry.signature).toEqual({
      kind: 'hmac',
      header: 'Sentry-Hook-Signature',
      algorithm: 'sha256',
      encoding: 'hex',
    });
  });

  test.each([
    [
      'issue',
      '[front-end] New issue FRONT-END-9: ReferenceError: blooopy is not defined',
      0xd73a49,
      'https://sentry.io/organizations/test-org/issues/1170820242/',
    ],
    [
      'event_alert',
      'Alert triggered: ReferenceError: heck is not defined',
      0xd73a49,
      /\/issues\/1117540176\/events\/e4874d664c3540c1a32eab185f12c5ab\/$/,
    ],
    ['metric_alert', 'Critical: Too many errors', 0xd73a49, 'https://sentry.io/organizations/baz/alerts/1/'],
    [
      'error',
      'New error: ReferenceError: blooopy is not defined',
      0xd73a49,
      /\/issues\/1170820242\/events\/bb78c1407cea4519aa397afc059c793d\/$/,
    ],
  ])('%s -> an embed with title, link and colour', (resource, title, color, url) => {
    const embed = embedOf(resource);
    expect(embed.title).toBe(title);
    expect(embed.color).toBe(color);
    expect(embed.url).toMatch(url);
  });

  test('a created issue shows its culprit, level and counts; an automatic change names no author', () => {
    const embed = embedOf('issue');
    expect(embed).toMatchObject({
      description: '?\\(runner\\)',
      fields: [
        { name: 'Level', value: 'error' },
        { name: 'Events', value: '1' },
        { name: 'Users', value: '1' },
      ],
    });
    expect(embed.author).toBeUndefined();
  });

  test.each([
    ['resolved', 'Issue resolved', 0x2ea44f],
    ['unresolved', 'Issue reopened', 0xd73a49],
    ['ignored', 'Issue ignored', 0x6a737d],
    ['archived', 'Issue archived', 0x6a737d],
    ['assigned', 'Issue assigned', 0x0366d6],
  ])('an issue %s by a person is coloured by what happened and names them', (action, words, color) => {
    // Workflow webhooks carry the plain serialized issue: no web_url, a permalink when Sentry has one.
    const payload = {
      ...issueWith(action, { web_url: undefined, permalink: 'https://test-org.sentry.io/issues/1170820242/' }),
      actor: user,
    };
    expect(embedOf('issue', payload)).toMatchObject({
      title: `[front-end] ${words} FRONT-END-9: ReferenceError: blooopy is not defined`,
      color,
      author: { name: 'Jane Doe' },
      url: 'https://test-org.sentry.io/issues/1170820242/',
    });
  });

  test('without web_url or permalink, the page is built from organization, issue and project', () => {
    const embed = embedOf(
      'issue',
      issueWith(
        'assigned',
        { web_url: undefined, permalink: null },
        { assignee: { type: 'user', name: 'Jane Doe', id: 1 } },
      ),
    );
    expect(embed.description).toBe('Assigned to Jane Doe');
    expect(embed.url).toBe('https://sentry.io/organizations/test-org/issues/1170820242/?project=1');
    const fromProjectUrl = embedOf(
      'issue',
      issueWith('resolved', { web_url: undefined, permalink: null, url: undefined }),
    );
    expect(fromProjectUrl.url).toBe('https://sentry.io/organizations/test-org/issues/1170820242/?project=1');
  });

  test.each([
    [
      'issue: resolved',
      '[zulip-integration-testing] Issue resolved ZULIP-INTEGRATION-TESTING-E: Exception: program has entered ' +
        'an invalid state.',
      0x2ea44f,
    ],
    [
      'issue: assigned',
      '[zulip-integration-testing] Issue assigned ZULIP-INTEGRATION-TESTING-G: A test message event from golang.',
      0x0366d6,
    ],
  ])(
    '%s (a workflow webhook naming no organization) renders without a link rather than a wrong one',
    (label, title, color) => {
      const fixture = sentryDeliveries.find((f) => f.label === label)!;
      const outcome = sentry.read(toProviderDelivery(fixture));
      expect(outcome).toMatchObject({
        kind: 'message',
        embeds: [{ title, color, author: { name: 'Hemanth V. Alluri' } }],
      });
      expect(outcome.kind === 'message' && outcome.embeds[0]?.url).toBeUndefined();
    },
  );

  test('an issue alert names its rule; metric alerts are coloured by severity and show the projects', () => {
    expect(embedOf('event_alert').fields).toEqual([
      { name: 'Rule', value: 'Very Important Alert Rule!', inline: true },
      { name: 'Level', value: 'error', inline: true },
    ]);
    const metric = sentryPayloads.metric_alert as { data: Record<string, unknown> };
    expect(embedOf('metric_alert')).toMatchObject({
      description: '1000 events in the last 10 minutes\nFilter: level:error',
      fields: [{ name: 'Project', value: 'bar' }],
    });
    expect(
      embedOf('metric_alert', {
        ...metric,
        action: 'warning',
        data: { ...metric.data, description_title: 'Warning: Too many errors' },
      }).color,
    ).toBe(0xdbab09);
    expect(
      embedOf('metric_alert', {
        ...metric,
        action: 'resolved',
        data: { ...metric.data, description_title: 'Resolved: Too many errors' },
      }),
    ).toMatchObject({ title: 'Resolved: Too many errors', color: 0x2ea44f });
  });

  test('markdown in payload text cannot change the layout; mentions stay text', () => {
    const embed = embedOf('issue', issueWith('created', { culprit: '**app** [x](http://evil) @everyone <@123>' }));
    expect(embed.description).toBe('\\*\\*app\\*\\* \\[x\\]\\(http://evil\\) @everyone \\<@123\\>');
    const alert = sentryPayloads.event_alert as { data: object };
    expect(
      embedOf('event_alert', { ...alert, data: { ...alert.data, triggered_rule: '`rule`_#1' } }).fields?.[0]?.value,
    ).toBe('\\`rule\\`\\_\\#1');
  });

  test('a resource we do not render is ignored, not an error', () => {
    expect(sentry.read(delivery('installation', { action: 'created' }))).toEqual({
      kind: 'ignored',
      event: 'installation',
      deliveryId: REQUEST,
    });
  });

  test('a comment names its issue; an edit or deletion is never told as new, a deleted text not repeated', () => {
    const comment = {
      action: 'created',
      data: { comment: 'adding a comment', project_slug: 'sentry', comment_id: 1234, issue_id: 100 },
      actor: { type: 'user', id: 1, name: 'colleen' },
    };
    expect(embedOf('comment', comment)).toMatchObject({
      title: '[sentry] New comment on issue 100',
      author: { name: 'colleen' },
      description: 'adding a comment',
    });
    expect(embedOf('comment', { ...comment, action: 'updated' }).title).toBe('[sentry] Comment edited on issue 100');
    const deleted = embedOf('comment', { ...comment, action: 'deleted' });
    expect(deleted.title).toBe('[sentry] Comment deleted on issue 100');
    expect(deleted.description).toBeUndefined();
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    [
      'no Sentry-Hook-Resource header',
      { headers: { 'content-type': 'application/json' }, body: '{}' },
      /missing the Sentry-Hook-Resource header/,
    ],
    ['malformed JSON', { headers: { 'sentry-hook-resource': 'issue' }, body: '{"action":' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => sentry.read(bad)).toThrow(PayloadError);
    expect(() => sentry.read(bad)).toThrow(reason);
  });

  test('an issue without its data, an alert without its rule still say what happened (issue 32)', () => {
    expect(embedOf('issue', { action: 'created' })).toEqual({
      title: 'New issue',
      color: 0xd73a49,
      timestamp: expect.any(String),
    });
    expect(
      embedOf('event_alert', {
        ...(sentryPayloads.event_alert as object),
        data: { event: { title: 't', web_url: 'https://sentry.io/x/' } },
      }),
    ).toMatchObject({ title: 'Alert triggered: t', url: 'https://sentry.io/x/' });
  });

  test('the fixture deliveries carry the real header names and read as messages', () => {
    for (const fixture of sentryDeliveries) {
      const sent = toProviderDelivery(fixture);
      expect(sentry.read(sent)).toMatchObject({
        kind: 'message',
        event: fixture.event,
        deliveryId: sent.headers['request-id'],
      });
    }
  });
});
