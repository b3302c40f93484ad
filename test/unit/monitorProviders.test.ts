import { describe, expect, test } from '@jest/globals';
import { pingdom } from '../../shared/webhooks/providers/pingdom';
import { uptimerobot } from '../../shared/webhooks/providers/uptimerobot';
import { pingdomDeliveries } from '../fixtures/pingdom/payloads';
import { uptimerobotDeliveries } from '../fixtures/uptimerobot/payloads';
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
});
