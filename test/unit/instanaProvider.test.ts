import { describe, expect, test } from '@jest/globals';
import { instana } from '../../shared/webhooks/providers/instana';
import { instanaDeliveries } from '../fixtures/instana/payloads';
import { readerOf } from '../support/providerReads';

const [opened, closed, presence] = instanaDeliveries.map((delivery) => JSON.parse(delivery.body));
const { read, embedOf } = readerOf(instana);

describe('Instana provider', () => {
  test('an issue opened: what, on which entity, severity as colour, description and suggestion, linked to Instana', () => {
    expect(read(opened)).toMatchObject({ kind: 'message', event: 'issue', deliveryId: '53650436-8e35-49a3-a610-56b442ae7620:OPEN' });
    expect(embedOf(opened)).toMatchObject({
      title: 'Issue: Garbage Collection Activity High (11%) on Test jvm',
      url: 'https://xyz.com/#/?snapshotId=rjhkZXdNzegliVVEswMScGNn0YY',
      color: 0xdbab09,
      description: 'Suggestion: Tune your Garbage Collector, reduce allocation rate through code changes',
      fields: [{ name: 'Zone', value: 'prod', inline: true }, { name: 'Host', value: 'host1.demo.com', inline: true }],
    });
    expect(embedOf({ issue: { ...opened.issue, severity: 10 } }).color).toBe(0xd73a49);
  });

  test('a closing notice is its own delivery (not a duplicate of the opening) and reads as closed', () => {
    expect(read(closed)).toMatchObject({ kind: 'message', event: 'closed', deliveryId: '6596e1c9-d6e4-4a8e-85fd-432432eddac3:CLOSED' });
    expect(embedOf(closed)).toMatchObject({ title: 'Issue closed', color: 0x2ea44f });
  });

  test('a presence event; unsigned; a body without an issue is refused', () => {
    expect(embedOf(presence)).toMatchObject({ title: 'Presence: online on Test jvm', description: 'Java virtual machine on Host host1.demo.com', color: 0x6a737d });
    expect(instana.signature).toBeUndefined();
    expect(() => read({ other: 1 })).toThrow(/not a Instana closed payload: issue/);
  });
});
