import { describe, expect, test } from '@jest/globals';
import { pingdom } from '../../shared/webhooks/providers/pingdom';
import { uptimerobot } from '../../shared/webhooks/providers/uptimerobot';
import { rollbar } from '../../shared/webhooks/providers/rollbar';
import { newrelic } from '../../shared/webhooks/providers/newrelic';
import { pingdomDeliveries } from '../fixtures/pingdom/payloads';
import { uptimerobotDeliveries } from '../fixtures/uptimerobot/payloads';
import { rollbarDeliveries } from '../fixtures/rollbar/payloads';
import { newrelicDeliveries } from '../fixtures/newrelic/payloads';
import { readerOf } from '../support/providerReads';

describe('Pingdom', () => {
  const change = JSON.parse(pingdomDeliveries[0]!.body);
  const { read, embedOf } = readerOf(pingdom);
  test('a check going down: new and previous state in red, the error, importance and probe; keyed by check and time', () => {
    expect(read(change)).toMatchObject({ kind: 'message', event: 'state_change', deliveryId: '12345:1451610061' });
    expect(embedOf(change)).toMatchObject({
      title: '[Name of HTTP check] DOWN (was UP)',
      url: 'https://www.example.com/path',
      color: 0xd73a49,
      description: 'Short error message\nLong error message',
      fields: [{ name: 'Check', value: 'HTTP', inline: true }, { name: 'Importance', value: 'High', inline: true }, { name: 'Probe', value: 'Stockholm, Sweden', inline: true }],
    });
    expect(embedOf({ ...change, previous_state: 'DOWN', current_state: 'UP' }).color).toBe(0x2ea44f);
    expect(() => read({ check_name: 'x' })).toThrow(/not a Pingdom state_change payload/);
  });
});

describe('UptimeRobot', () => {
  const alert = JSON.parse(uptimerobotDeliveries[0]!.body);
  const { read, embedOf } = readerOf(uptimerobot);
  test("an alert contact's JSON: the monitor, what happened by alertType, the details, linked to the monitored URL", () => {
    expect(embedOf(alert)).toMatchObject({ title: 'Test Monitor alert', url: 'http://www.example.com', description: 'Connection timeout', color: 0xdbab09 });
    expect(embedOf({ ...alert, alertType: 1 })).toMatchObject({ title: 'Test Monitor is down', color: 0xd73a49 });
    expect(embedOf({ ...alert, alertType: '2', alertDuration: '125' })).toMatchObject({ title: 'Test Monitor is up', color: 0x2ea44f, fields: [{ name: 'Duration (s)', value: '125', inline: true }] });
    expect(() => read({ alertDetails: 'x' })).toThrow(/not a UptimeRobot alert payload: monitorFriendlyName/);
  });

  test('the snake_case keys integrations document read the same; unfilled *variables* and a bare host are left out', () => {
    const snake = JSON.parse(uptimerobotDeliveries[1]!.body);
    const embed = embedOf(snake);
    expect(embed).toMatchObject({ title: 'Web Server is down', description: 'Host Is Unreachable', color: 0xd73a49 });
    expect(embed.fields).toBeUndefined();
    expect(embed.url).toBeUndefined();
    expect(embedOf({ ...snake, alert_type: 2, alert_friendly_duration: '2 minutes', monitor_url: 'https://example.com' })).toMatchObject({ title: 'Web Server is up', url: 'https://example.com', color: 0x2ea44f, fields: [{ name: 'Duration', value: '2 minutes', inline: true }] });
    expect(embedOf({ monitor_url: 'https://example.com', alert_type_friendly_name: 'Paused' })).toMatchObject({ title: 'https://example.com is paused' });
  });
});

describe('Rollbar', () => {
  const item = JSON.parse(rollbarDeliveries[0]!.body);
  const { read, embedOf } = readerOf(rollbar);
  test('a new item: title, counter, environment, level and occurrences, linked to its occurrence', () => {
    expect(read(item)).toMatchObject({ kind: 'message', event: 'new_item' });
    expect(embedOf(item)).toMatchObject({
      title: 'New item: testing aobg98wrwe',
      url: 'https://rollbar.com/occurrence/uuid/?uuid=d2036647-e0b7-4cad-bc98-934831b9b6d1',
      color: 0xd73a49,
      fields: [
        { name: 'Item', value: '#4', inline: true },
        { name: 'Environment', value: 'production', inline: true },
        { name: 'Level', value: 'error', inline: true },
        { name: 'Occurrences', value: '1', inline: true },
        { name: 'Occurrence', value: '`d2036647-e0b7-4cad-bc98-934831b9b6d1`', inline: false },
      ],
    });
  });

  test('a resolved item is green; a deploy names environment, revision and who', () => {
    expect(embedOf({ ...item, event_name: 'resolved_item' }).color).toBe(0x2ea44f);
    expect(embedOf({ event_name: 'deploy', data: { deploy: { environment: 'production', revision: 'b1a2c3d4e5f6a7b8', local_username: 'brian', comment: 'release **1.2**' } } })).toMatchObject({
      title: 'Deploy to production (b1a2c3d4e5f6)',
      author: { name: 'brian' },
      description: 'release \\*\\*1.2\\*\\*',
    });
  });
});

describe('New Relic', () => {
  const incident = JSON.parse(newrelicDeliveries[0]!.body);
  const { read, embedOf } = readerOf(newrelic);
  test('an incident opened: policy, condition and state, details, severity, targets and owner, linked to it; its closing is another delivery', () => {
    expect(read(incident)).toMatchObject({ kind: 'message', event: 'INCIDENT', deliveryId: '1234:open' });
    expect(embedOf(incident)).toMatchObject({
      title: '[APM Apdex policy] My APM Apdex condition name open',
      url: 'https://alerts.newrelic.com/accounts/99999999999/incidents/1234',
      color: 0xd73a49,
      description: 'Apdex \\< .80 for at least 10 min',
      fields: [{ name: 'Severity', value: 'Warn', inline: true }, { name: 'Targets', value: 'My Application', inline: true }, { name: 'Owner', value: 'user name', inline: true }],
    });
    expect(read({ ...incident, current_state: 'closed' })).toMatchObject({ deliveryId: '1234:closed' });
    expect(embedOf({ ...incident, current_state: 'closed' }).color).toBe(0x2ea44f);
  });

  test("a workflow's default payload: policies, conditions and state, the title, priority and entities, linked to the issue", () => {
    const issue = JSON.parse(newrelicDeliveries[1]!.body);
    expect(read(issue)).toMatchObject({ kind: 'message', event: 'INCIDENT', deliveryId: 'c5faa7e6-7b54-402d-af79-f99601e0278c:ACTIVATED' });
    expect(embedOf(issue)).toMatchObject({
      title: '[Golden Signals] Zulip Server Low Storage activated',
      url: 'https://radar-api.service.newrelic.com/accounts/4420147/issues/c5faa7e6-7b54-402d-af79-f99601e0278c?notifier=WEBHOOK',
      color: 0xd73a49,
      description: "zulip\\_app query result is \\> 1.0 for 1 minutes on 'Zulip Server Low Storage'",
      fields: [{ name: 'Severity', value: 'Critical', inline: true }, { name: 'Targets', value: 'zulip\\_app', inline: true }],
    });
    expect(embedOf({ ...issue, state: 'CLOSED' })).toMatchObject({ title: '[Golden Signals] Zulip Server Low Storage closed', color: 0x2ea44f });
    expect(embedOf({ state: 'ACKNOWLEDGED' })).toMatchObject({ title: 'Incident acknowledged', color: 0xdbab09, fields: [] });
    expect(() => read({ totalIncidents: 1 })).toThrow(/not a New Relic INCIDENT payload: state/);
  });
});
