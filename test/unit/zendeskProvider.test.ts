import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { zendesk } from '../../shared/webhooks/providers/zendesk';
import { readerOf } from '../support/providerReads';
import { zendeskDeliveries } from '../fixtures/zendesk/payloads';

const created = JSON.parse(zendeskDeliveries[0]!.body);
const { read, embedOf } = readerOf(zendesk);

describe('Zendesk provider', () => {
  test('ticket.created -> the ticket, its subject, status, priority and type, keyed by the event id', () => {
    expect(read(created)).toMatchObject({ kind: 'message', event: 'zen:event-type:ticket.created', deliveryId: 'cbe4028c-7239-495d-b020-f22348516046' });
    expect(embedOf(created)).toMatchObject({
      title: 'Ticket created #5158: ticketinfo_2294a6e9ece2',
      color: 0x2ea44f,
      fields: [
        { name: 'Status', value: 'Open', inline: true },
        { name: 'Priority', value: 'Low', inline: true },
        { name: 'Type', value: 'Task', inline: true },
      ],
    });
  });

  test('a change shows from what to what; objects in the change are not dumped', () => {
    const changed = { ...created, type: 'zen:event-type:ticket.status_changed', event: { current: 'SOLVED', previous: 'OPEN' } };
    expect(embedOf(changed)).toMatchObject({ title: 'Ticket status changed #5158: ticketinfo_2294a6e9ece2', description: 'OPEN → SOLVED' });
    expect(embedOf({ ...created, event: { current: { body: 'x' } } }).description).toBeUndefined();
  });

  test('signed over the timestamp header and the body; a trigger webhook body (no type) is refused', () => {
    expect(zendesk.signature).toMatchObject({ header: 'X-Zendesk-Webhook-Signature', signs: { timestamp: { header: 'X-Zendesk-Webhook-Signature-Timestamp' }, separator: '' } });
    expect(() => read({ ticket: { id: 1 } })).toThrow(/missing the type field/);
    expect(() => read({ type: 'zen:event-type:ticket.created', id: 'x' })).toThrow(PayloadError);
  });
});
