import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { stripe } from '../../shared/webhooks/providers/stripe';
import { readerOf } from '../support/providerReads';
import { stripeDeliveries } from '../fixtures/stripe/payloads';

const fixture = (event: string) => JSON.parse(stripeDeliveries.find((d) => d.event === event)!.body);
const { read, embedOf } = readerOf(stripe);

describe('Stripe provider', () => {
  test('every event renders from the envelope, keyed by id; signed as documented (t=, v1=, 300 s)', () => {
    expect(stripe.events).toEqual(['*']);
    expect(read(fixture('payment_intent.created'))).toMatchObject({
      kind: 'message',
      event: 'payment_intent.created',
      deliveryId: 'evt_000',
      username: 'Stripe',
    });
    expect(stripe.signature).toMatchObject({
      header: 'Stripe-Signature',
      prefix: 'v1=',
      signs: { timestamp: { key: 't' }, separator: '.', toleranceSeconds: 300 },
    });
  });

  test('checkout.session.completed -> total, paid, customer, event id, the test-mode event link', () => {
    expect(embedOf(fixture('checkout.session.completed'))).toMatchObject({
      title: 'Checkout session completed: $20.00',
      url: 'https://dashboard.stripe.com/test/events/evt_000',
      color: 0x2ea44f,
      fields: [
        { name: 'Checkout session', value: '`cs_test_000`', inline: true },
        { name: 'Status', value: 'Paid', inline: true },
        { name: 'Customer', value: 'cus\\_000', inline: true },
        { name: 'Event', value: '`evt_000`', inline: true },
        { name: 'Mode', value: 'Test', inline: true },
      ],
    });
  });

  test('amounts follow the currency (no minor unit for yen); live events link outside /test and say no mode', () => {
    const intent = fixture('payment_intent.created');
    const embed = embedOf({
      ...intent,
      livemode: true,
      type: 'payment_intent.payment_failed',
      data: { object: { ...intent.data.object, currency: 'jpy', amount: 500 } },
    });
    expect(embed).toMatchObject({
      title: 'Payment intent payment failed: ¥500',
      url: 'https://dashboard.stripe.com/events/evt_000',
      color: 0xd73a49,
    });
    expect(embed.fields?.map((f) => f.name)).toEqual(['Payment intent', 'Status', 'Event']);
  });

  test('an update without a description says which attributes changed; objects without an amount have no price', () => {
    const setup = fixture('setup_intent.created');
    const embed = embedOf({
      ...setup,
      type: 'setup_intent.updated',
      data: { ...setup.data, previous_attributes: { status: 'x', metadata: {} } },
    });
    expect(embed).toMatchObject({ title: 'Setup intent updated', description: 'Changed: status, metadata' });
  });

  test('payload text is escaped; only the type is required, and with only it and an id it renders', () => {
    const intent = fixture('payment_intent.created');
    expect(
      embedOf({ ...intent, data: { object: { ...intent.data.object, description: '**x** @everyone' } } }).description,
    ).toBe('\\*\\*x\\*\\* @everyone');
    expect(embedOf({ type: 'charge.succeeded', id: 'evt_1' })).toEqual({
      title: 'Charge succeeded',
      url: 'https://dashboard.stripe.com/events/evt_1',
      color: 0x2ea44f,
      fields: [{ name: 'Event', value: '`evt_1`', inline: true }],
      timestamp: expect.any(String),
    });
    expect(() => read({ id: 'evt_1' })).toThrow(PayloadError);
    expect(() => read({ id: 'evt_1' })).toThrow(/missing the type field/);
  });

  test('a thin event (v2) names its type without the API version, and the object it refers to', () => {
    const thin = {
      id: 'evt_test_65R9Ijk8d3c8',
      object: 'v2.core.event',
      type: 'v1.billing.meter.error_report_triggered',
      livemode: false,
      created: '2024-09-17T06:20:52.246Z',
      related_object: { id: 'mtr_test_61R9IeKI', type: 'billing.meter', url: '/v1/billing/meters/mtr_test_61R9IeKI' },
    };
    expect(embedOf(thin)).toMatchObject({
      title: 'Billing meter error report triggered',
      url: 'https://dashboard.stripe.com/test/events/evt_test_65R9Ijk8d3c8',
      fields: [
        { name: 'Billing meter', value: '`mtr_test_61R9IeKI`', inline: true },
        { name: 'Event', value: '`evt_test_65R9Ijk8d3c8`', inline: true },
        { name: 'Mode', value: 'Test', inline: true },
      ],
    });
  });

  test('a failed payment says why, naming invoice and subscription; changed fields beside the text', () => {
    const intent = fixture('payment_intent.created');
    const failed = {
      ...intent,
      type: 'payment_intent.payment_failed',
      data: {
        object: { ...intent.data.object, invoice: 'in_1', last_payment_error: { message: 'Your card was declined.' } },
        previous_attributes: { status: 'x' },
      },
    };
    expect(embedOf(failed).fields).toEqual(
      expect.arrayContaining([
        { name: 'Invoice', value: '`in_1`', inline: true },
        { name: 'Failure', value: 'Your card was declined.' },
      ]),
    );
    const described = {
      ...failed,
      data: { ...failed.data, object: { ...failed.data.object, description: 'Order 5' } },
    };
    expect(embedOf(described).fields).toContainEqual({ name: 'Changed', value: 'status' });
  });
});
