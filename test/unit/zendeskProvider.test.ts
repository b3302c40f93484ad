import { describe, expect, test } from '@jest/globals';
import { zendesk } from '../../shared/webhooks/providers/zendesk';
import { readerOf } from '../support/providerReads';
import { zendeskDeliveries } from '../fixtures/zendesk/payloads';

const created = JSON.parse(zendeskDeliveries[0]!.body);
const { read, embedOf } = readerOf(zendesk);
/** The fixture as another event of the same ticket, with `event` saying what changed. */
const as = (type: string, event: Record<string, unknown>) => ({ ...created, type: `zen:event-type:${type}`, event });

/** Zendesk's messages beyond their titles (test/unit/fixtureTitles.test.ts holds those). */
describe('Zendesk provider', () => {
  test('ticket.created -> its description, status, priority, type and channel, keyed by the event id', () => {
    expect(read(created)).toMatchObject({
      kind: 'message',
      event: 'zen:event-type:ticket.created',
      deliveryId: 'cbe4028c-7239-495d-b020-f22348516046',
    });
    expect(embedOf(created)).toMatchObject({
      color: 0x2ea44f,
      description: 'ticket\\_info\\_desc\\_2294a6e9ece2',
      fields: [
        { name: 'Status', value: 'Open', inline: true },
        { name: 'Priority', value: 'Low', inline: true },
        { name: 'Type', value: 'Task', inline: true },
        { name: 'Channel', value: 'Web service', inline: true },
      ],
    });
  });

  test('a change shows from what to what, and who; objects show the value they name, lists nothing', () => {
    const changed = embedOf(
      as('ticket.status_changed', { current: 'SOLVED', previous: 'OPEN', actor: { name: 'Jane Agent' } }),
    );
    expect(changed).toMatchObject({
      title: 'Ticket #5158 status changed: ticketinfo_2294a6e9ece2',
      author: { name: 'Jane Agent' },
    });
    expect(changed.fields?.[0]).toEqual({ name: 'Change', value: 'OPEN → SOLVED', inline: false });
    expect(
      embedOf(
        as('ticket.custom_field_changed', {
          current: { value: 'Gold' },
          previous: null,
          custom_field: { title: 'Plan' },
        }),
      ).fields?.[0],
    ).toEqual({ name: 'Plan', value: 'Gold', inline: false });
    expect(embedOf(as('ticket.tags_changed', { current: ['a'], tags_added: ['vip', 'urgent'] })).fields?.[0]).toEqual({
      name: 'Tags added',
      value: 'vip, urgent',
      inline: false,
    });
    expect(embedOf(as('ticket.tags_changed', { removed: { tags: ['old_tag'] } })).fields?.[0]).toEqual({
      name: 'Tags removed',
      value: 'old\\_tag',
      inline: false,
    });
    expect(embedOf(as('ticket.merged', { target_ticket_id: 5200 })).fields?.[0]).toEqual({
      name: 'Into ticket',
      value: '#5200',
      inline: true,
    });
  });

  test('a comment shows its text, author and whether it is public; a user goes by name, not number', () => {
    const comment = embedOf(
      as('ticket.comment_added', { comment: { body: 'Any **news**?', is_public: false, author: { name: 'Sam' } } }),
    );
    expect(comment).toMatchObject({
      title: 'Ticket #5158 comment added: ticketinfo_2294a6e9ece2',
      author: { name: 'Sam' },
      description: 'Any \\*\\*news\\*\\*?',
    });
    expect(comment.fields).toContainEqual({ name: 'Visibility', value: 'Internal note', inline: true });
    expect(
      embedOf({ type: 'zen:event-type:user.created', id: 'u1', detail: { id: '42', name: 'Ada', role: 'end-user' } }),
    ).toMatchObject({ title: 'User created: Ada', fields: [{ name: 'Role', value: 'End user' }] });
  });

  test('signed over the timestamp header and the body; a trigger webhook body (no type) names no event', () => {
    expect(zendesk.signature).toMatchObject({
      header: 'X-Zendesk-Webhook-Signature',
      signs: { timestamp: { header: 'X-Zendesk-Webhook-Signature-Timestamp' }, separator: '' },
    });
    expect(() => read({ ticket: { id: 1 } })).toThrow(/missing the type field/);
    // Only the type names the event: an envelope without its detail still says what happened.
    expect(embedOf({ type: 'zen:event-type:ticket.created', id: 'x' })).toMatchObject({ title: 'Ticket created' });
  });
});
