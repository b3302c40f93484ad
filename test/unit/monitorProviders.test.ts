import { describe, expect, test } from '@jest/globals';
import { pingdom } from '../../shared/webhooks/providers/pingdom';
import { uptimerobot } from '../../shared/webhooks/providers/uptimerobot';
import { rollbar } from '../../shared/webhooks/providers/rollbar';
import { newrelic } from '../../shared/webhooks/providers/newrelic';
import type { FixtureDelivery } from '../fixtures/delivery';
import { pingdomDeliveries } from '../fixtures/pingdom/payloads';
import { uptimerobotDeliveries } from '../fixtures/uptimerobot/payloads';
import { rollbarDeliveries } from '../fixtures/rollbar/payloads';
import { newrelicDeliveries } from '../fixtures/newrelic/payloads';
import { readerOf } from '../support/providerReads';

/**
 * The monitoring providers' messages beyond their titles (test/unit/fixtureTitles.test.ts holds
 * those): links, colours, fields and delivery ids over their real fixtures, and what a payload
 * with little in it still says (nothing is refused for a missing field).
 */
const RED = 0xd73a49;
const GREEN = 0x2ea44f;
const YELLOW = 0xdbab09;

/** A fixture's payload, by its label (the first, unlabelled one without). */
const fixture = (deliveries: FixtureDelivery[], label?: string) =>
  JSON.parse(deliveries.find((delivery) => delivery.label === label)!.body);

describe('Pingdom', () => {
  const change = fixture(pingdomDeliveries);
  const { read, embedOf } = readerOf(pingdom);
  test('a check going down: error, type, importance and probe in red, linked; keyed by check and time', () => {
    expect(read(change)).toMatchObject({ kind: 'message', event: 'state_change', deliveryId: '12345:1451610061' });
    expect(embedOf(change)).toMatchObject({
      url: 'https://www.example.com/path',
      color: RED,
      description: 'Short error message\nLong error message',
      fields: [
        { name: 'Check', value: 'HTTP', inline: true },
        { name: 'Importance', value: 'High', inline: true },
        { name: 'Probe', value: 'Stockholm, Sweden', inline: true },
      ],
    });
  });

  test('a check without a URL names its host, green once up; with only a name, it changed state', () => {
    expect(embedOf(fixture(pingdomDeliveries, 'IMAP up'))).toMatchObject({
      color: GREEN,
      description: 'OK',
      fields: [
        { name: 'Check', value: 'IMAP' },
        { name: 'Host', value: 'imap.someurl.com' },
        { name: 'Probe', value: 'St. Louis, MO' },
      ],
    });
    expect(embedOf({ ...change, current_state: 'FAILING', previous_state: 'SUCCESS' }).title).toBe(
      'Name of HTTP check is failing (was passing)',
    );
    expect(embedOf({ check_name: 'x' })).toMatchObject({ title: 'x changed state', fields: [] });
  });
});

describe('UptimeRobot', () => {
  const { embedOf } = readerOf(uptimerobot);
  test('camelCase variables: what happened by alertType, the details and duration, linked to the monitored URL', () => {
    expect(embedOf(fixture(uptimerobotDeliveries, 'camelCase up'))).toMatchObject({
      url: 'http://7d398dfc.ngrok.io',
      color: GREEN,
      description: 'HTTP 200 \\- OK',
      fields: [{ name: 'Duration', value: '1 minutes and 0 seconds', inline: true }],
    });
    // The duration variable left unfilled (*alertFriendlyDuration*) is not shown.
    expect(embedOf(fixture(uptimerobotDeliveries, 'camelCase down'))).toMatchObject({
      color: RED,
      description: 'HTTP 502 \\- Bad Gateway',
    });
    expect(embedOf(fixture(uptimerobotDeliveries, 'camelCase down')).fields).toBeUndefined();
    const alert = fixture(uptimerobotDeliveries);
    expect(embedOf(alert)).toMatchObject({
      url: 'http://www.example.com',
      description: 'Connection timeout',
      color: YELLOW,
    });
    expect(embedOf({ ...alert, alertType: 2, alertDuration: 125 })).toMatchObject({
      title: 'Test Monitor is up',
      color: GREEN,
      fields: [{ name: 'Duration (s)', value: '125', inline: true }],
    });
  });

  test('snake_case keys read the same; a bare host is no link; no monitor named still alerts', () => {
    const snake = fixture(uptimerobotDeliveries, 'snake_case up');
    expect(embedOf(snake)).toMatchObject({
      description: 'Host Is Reachable',
      color: GREEN,
      fields: [{ name: 'Duration', value: '44 minutes and 37 seconds' }],
    });
    expect(embedOf(snake).url).toBeUndefined();
    expect(embedOf({ ...snake, monitor_url: 'https://example.com' }).url).toBe('https://example.com');
    expect(embedOf({ monitor_url: 'https://example.com', alert_type_friendly_name: 'Paused' }).title).toBe(
      'https://example.com is paused',
    );
    expect(embedOf({ alertDetails: 'x' })).toMatchObject({ title: 'Monitor alert', description: 'x' });
  });

  test("variables in the query string (UptimeRobot's default) or a form read the same; body wins", () => {
    const relay = 'https://relay.example/webhooks/1/t/uptimerobot';
    const query = new URLSearchParams({
      monitorFriendlyName: 'ZUTesting',
      monitorURL: 'http://7d398dfc.ngrok.io',
      alertType: '1',
      alertDetails: 'HTTP 502 - Bad Gateway',
    });
    const fromQuery = uptimerobot.read({ headers: {}, body: '', url: `${relay}?${query}` });
    expect(fromQuery).toMatchObject({
      kind: 'message',
      embeds: [
        { title: 'ZUTesting is down', url: 'http://7d398dfc.ngrok.io', description: 'HTTP 502 \\- Bad Gateway' },
      ],
    });
    const fromForm = uptimerobot.read({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query.toString(),
    });
    expect(fromForm).toMatchObject({ embeds: [{ title: 'ZUTesting is down' }] });
    const both = uptimerobot.read({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alertType: 2 }),
      url: `${relay}?${query}`,
    });
    expect(both).toMatchObject({ embeds: [{ title: 'ZUTesting is up' }] });
  });
});

describe('Rollbar', () => {
  const { read, embedOf } = readerOf(rollbar);
  test('an item: counter, environment, level and occurrences, linked to its occurrence or page', () => {
    const item = fixture(rollbarDeliveries);
    expect(read(item)).toMatchObject({ kind: 'message', event: 'new_item' });
    expect(embedOf(item)).toMatchObject({
      url: 'https://rollbar.com/occurrence/uuid/?uuid=d2036647-e0b7-4cad-bc98-934831b9b6d1',
      color: RED,
      fields: [
        { name: 'Item', value: '#4', inline: true },
        { name: 'Environment', value: 'production', inline: true },
        { name: 'Level', value: 'error', inline: true },
        { name: 'Occurrences', value: '1', inline: true },
        { name: 'Occurrence', value: '`d2036647-e0b7-4cad-bc98-934831b9b6d1`', inline: false },
      ],
    });
    const fast = JSON.parse(rollbarDeliveries.find((delivery) => delivery.event === 'item_velocity')!.body);
    expect(embedOf(fast)).toMatchObject({
      url: 'https://rollbar.com/organization/project/items/12343/',
      fields: [
        { name: 'Item', value: '#21' },
        { name: 'Environment', value: 'live' },
        { name: 'Level', value: 'error' },
        { name: 'Occurrences', value: '3' },
      ],
    });
    expect(embedOf({ ...item, event_name: 'resolved_item' }).color).toBe(GREEN);
  });

  test('a deploy names revision, environment, who and the comment; the test notification shows its message', () => {
    const deploy = JSON.parse(rollbarDeliveries.find((delivery) => delivery.event === 'deploy')!.body);
    expect(embedOf(deploy)).toMatchObject({ author: { name: 'dliu' }, description: 'initial test', color: 0x0366d6 });
    expect(embedOf({ event_name: 'deploy', data: { deploy: { comment: 'release **1.2**' } } })).toMatchObject({
      title: 'Deployed',
      description: 'release \\*\\*1.2\\*\\*',
    });
    const ping = JSON.parse(rollbarDeliveries.find((delivery) => delivery.event === 'test')!.body);
    expect(embedOf(ping)).toMatchObject({
      description: 'This is a test payload from Rollbar. If you got this, it works!',
      color: 0x6a737d,
    });
  });
});

describe('New Relic', () => {
  const { read, embedOf } = readerOf(newrelic);
  test('a legacy incident: details, severity, targets, owner, runbook, linked; closing apart', () => {
    const incident = fixture(newrelicDeliveries);
    expect(read(incident)).toMatchObject({ kind: 'message', event: 'INCIDENT', deliveryId: '1234:open' });
    expect(embedOf(incident)).toMatchObject({
      url: 'https://alerts.newrelic.com/accounts/99999999999/incidents/1234',
      color: RED,
      description: 'Apdex \\< .80 for at least 10 min',
      fields: [
        { name: 'Severity', value: 'Warn', inline: true },
        { name: 'Targets', value: 'My Application', inline: true },
        { name: 'Owner', value: 'user name', inline: true },
        { name: 'Runbook', value: '[Open the runbook](https://localhost/runbook)', inline: true },
      ],
    });
    expect(read({ ...incident, current_state: 'closed' })).toMatchObject({ deliveryId: '1234:closed' });
    expect(embedOf(fixture(newrelicDeliveries, 'legacy closed')).color).toBe(GREEN);
  });

  test('a workflow: priority, entities, trigger, linked; each notification its own delivery', () => {
    const issue = fixture(newrelicDeliveries, 'workflow');
    expect(read(issue)).toMatchObject({ deliveryId: 'c5faa7e6-7b54-402d-af79-f99601e0278c:ACTIVATED:1713769708699' });
    expect(embedOf(issue)).toMatchObject({
      url:
        'https://radar-api.service.newrelic.com/accounts/4420147/issues/c5faa7e6-7b54-402d-af79-f99601e0278c?' +
        'notifier=WEBHOOK',
      color: RED,
      description: "zulip\\_app query result is \\> 1.0 for 1 minutes on 'Zulip Server Low Storage'",
      fields: [
        { name: 'Severity', value: 'Critical' },
        { name: 'Targets', value: 'zulip\\_app' },
        { name: 'Trigger', value: 'State change' },
        { name: 'Workflow', value: 'testWorkflow' },
      ],
    });
    // A user's action on an issue still ACTIVATED (an acknowledgement) is not a duplicate of its activation.
    const acted = fixture(newrelicDeliveries, 'workflow user action');
    expect(read(acted)).toMatchObject({ deliveryId: '13bbcdca-f0b6-470d-b0be-b34583c58869:ACTIVATED:1713770077412' });
    expect(embedOf(acted).fields).toContainEqual({ name: 'Trigger', value: 'User action', inline: true });
  });

  test('a payload with little in it says what it has: a state alone, or only that there was an alert', () => {
    expect(embedOf({ state: 'ACKNOWLEDGED' })).toMatchObject({
      title: 'Issue acknowledged',
      color: YELLOW,
      fields: [],
    });
    expect(embedOf({ totalIncidents: 1 })).toMatchObject({ title: 'Alert', fields: [] });
  });
});
