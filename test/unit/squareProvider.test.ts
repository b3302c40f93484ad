import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { square } from '../../shared/webhooks/providers/square';
import { readerOf } from '../support/providerReads';
import { squareDeliveries } from '../fixtures/square/payloads';

const customer = JSON.parse(squareDeliveries[0]!.body);
const { read, embedOf } = readerOf(square);
const payment = {
  merchant_id: 'ML82H4QPKMGXY',
  type: 'payment.updated',
  event_id: 'e1',
  data: {
    type: 'payment',
    id: 'KkAk',
    object: {
      payment: {
        id: 'KkAk',
        status: 'FAILED',
        amount_money: { amount: 200, currency: 'USD' },
        total_money: { amount: 250, currency: 'USD' },
        location_id: 'L889',
      },
    },
  },
};

describe('Square provider', () => {
  test('customer.created -> the name, never the e-mail, keyed by the event id', () => {
    const outcome = read(customer);
    expect(outcome).toMatchObject({
      kind: 'message',
      event: 'customer.created',
      deliveryId: 'edce24d3-bf56-46b4-b5ea-40266mnaa5a84',
    });
    const embed = embedOf(customer);
    expect(embed).toMatchObject({
      title: 'Customer created: MyFirst Customer',
      color: 0x2ea44f,
      fields: [{ name: 'Customer', value: '`{CUSTOMER_ID}`', inline: true }],
    });
    expect(JSON.stringify(embed)).not.toContain('customer@mysite.com');
  });

  test('a payment -> its total, status (coloured) and location', () => {
    expect(embedOf(payment)).toMatchObject({
      title: 'Payment updated: $2.50',
      color: 0xd73a49,
      fields: [
        { name: 'Payment', value: '`KkAk`', inline: true },
        { name: 'Status', value: 'Failed', inline: true },
        { name: 'Location', value: '`L889`', inline: true },
      ],
    });
  });

  test('signs the relay URL then the body; a body with only its type still says what happened', () => {
    expect(square.signature).toMatchObject({
      header: 'x-square-hmacsha256-signature',
      encoding: 'base64',
      signs: { url: 'before body' },
    });
    expect(embedOf({ type: 'payment.created', data: { id: 'x' } })).toEqual({
      title: 'Payment created',
      color: 0x2ea44f,
      fields: [{ name: 'Object', value: '`x`', inline: true }],
      timestamp: expect.any(String),
    });
    expect(() => read({ data: { id: 'x' } })).toThrow(PayloadError);
  });

  test('an object named otherwise is found; an order names its customer; the amount may be a field', () => {
    const order = {
      type: 'order.updated',
      data: {
        type: 'order',
        id: 'o1',
        object: {
          order_updated: {
            name: 'Lunch',
            state: 'OPEN',
            total_money: { amount: 1050, currency: 'USD' },
            customer_id: 'C1',
          },
        },
      },
    };
    expect(embedOf(order)).toMatchObject({
      title: 'Order updated: Lunch',
      fields: [
        { name: 'Amount', value: '$10.50', inline: true },
        { name: 'Order', value: '`o1`', inline: true },
        { name: 'Status', value: 'Open', inline: true },
        { name: 'Customer', value: '`C1`', inline: true },
      ],
    });
  });
});
