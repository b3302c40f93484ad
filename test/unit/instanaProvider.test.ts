import { describe, expect, test } from '@jest/globals';
import { instana } from '../../shared/webhooks/providers/instana';
import { instanaDeliveries } from '../fixtures/instana/payloads';
import { readerOf } from '../support/providerReads';

const [opened, closed, presence] = instanaDeliveries.map((delivery) => JSON.parse(delivery.body));
const { read, embedOf } = readerOf(instana);

/** Instana's messages beyond their titles (test/unit/fixtureTitles.test.ts holds those). */
describe('Instana provider', () => {
  test('an issue opened: severity as colour, suggestion, zone, host, start and id, linked to Instana', () => {
    expect(read(opened)).toMatchObject({
      kind: 'message',
      event: 'issue',
      deliveryId: '53650436-8e35-49a3-a610-56b442ae7620:OPEN',
    });
    expect(embedOf(opened)).toMatchObject({
      url: 'https://xyz.com/#/?snapshotId=rjhkZXdNzegliVVEswMScGNn0YY',
      color: 0xdbab09,
      description: 'Suggestion: Tune your Garbage Collector, reduce allocation rate through code changes',
      fields: [
        { name: 'Zone', value: 'prod', inline: true },
        { name: 'Host', value: 'host1.demo.com', inline: true },
        { name: 'Started', value: '<t:1460537793:f>', inline: true },
        { name: 'Id', value: '`53650436-8e35-49a3-a610-56b442ae7620`', inline: true },
      ],
    });
    expect(embedOf({ issue: { ...opened.issue, severity: 10 } }).color).toBe(0xd73a49);
    expect(embedOf({ issue: { ...opened.issue, type: 'incident' } }).title).toBe(
      'Incident opened: Garbage Collection Activity High (11%) on Test jvm',
    );
  });

  test('a closing notice is its own delivery (not a duplicate of the opening), with its id and end', () => {
    expect(read(closed)).toMatchObject({
      kind: 'message',
      event: 'closed',
      deliveryId: '6596e1c9-d6e4-4a8e-85fd-432432eddac3:CLOSED',
    });
    expect(embedOf(closed)).toMatchObject({
      color: 0x2ea44f,
      fields: [
        { name: 'Id', value: '`6596e1c9-d6e4-4a8e-85fd-432432eddac3`' },
        { name: 'Ended', value: '<t:1460537777:f>' },
      ],
    });
  });

  test('a presence event in grey; unsigned; a body that is no issue at all names no event', () => {
    expect(embedOf(presence)).toMatchObject({
      description: 'Java virtual machine on Host host1.demo.com',
      color: 0x6a737d,
    });
    expect(instana.signature).toBeUndefined();
    expect(() => read({ other: 1 })).toThrow(/missing the issue.type field or a closing notice/);
  });
});
