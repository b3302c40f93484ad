import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { revenuecat } from '../../shared/webhooks/providers/revenuecat';
import { revenuecatDeliveries } from '../fixtures/revenuecat/payloads';
import { readerOf } from '../support/providerReads';

const purchase = JSON.parse(revenuecatDeliveries[0]!.body);
const { read, embedOf } = readerOf(revenuecat);
const withEvent = (fields: Record<string, unknown>) => ({ ...purchase, event: { ...purchase.event, ...fields } });

describe('RevenueCat provider', () => {
  test('INITIAL_PURCHASE -> product, price, store, environment, entitlements, user, ids; no e-mail', () => {
    expect(read(purchase)).toMatchObject({
      kind: 'message',
      event: 'INITIAL_PURCHASE',
      deliveryId: '12345678-1234-1234-1234-123456789012',
    });
    const embed = embedOf(purchase);
    expect(embed).toMatchObject({
      title: 'Initial purchase: com.subscription.weekly (4.99 USD)',
      color: 0x2ea44f,
      fields: [
        { name: 'App user', value: '`1234567890`', inline: true },
        { name: 'Store', value: 'App store', inline: true },
        { name: 'Environment', value: 'Production', inline: true },
        { name: 'Period', value: 'Normal', inline: true },
        { name: 'Expires', value: '2022-08-01 05:19 UTC', inline: true },
        { name: 'Entitlements', value: 'pro', inline: true },
        { name: 'Transaction', value: '`123456789012345`', inline: true },
        { name: 'Event', value: '`12345678-1234-1234-1234-123456789012`', inline: true },
      ],
    });
    expect(JSON.stringify(embed)).not.toContain('firstlast@gmail.com');
  });

  test('every other type renders from the same envelope, coloured by what it means; a reason is shown', () => {
    expect(embedOf(withEvent({ type: 'BILLING_ISSUE' }))).toMatchObject({
      title: 'Billing issue: com.subscription.weekly (4.99 USD)',
      color: 0xd73a49,
    });
    expect(
      embedOf(
        withEvent({ type: 'CANCELLATION', cancel_reason: 'UNSUBSCRIBE', price: 0, price_in_purchased_currency: 0 }),
      ),
    ).toMatchObject({
      title: 'Cancellation: com.subscription.weekly',
      description: 'Reason: Unsubscribe',
      color: 0x6a737d,
    });
  });

  test('a billing issue says when its grace period ends, a pause when the subscription resumes', () => {
    expect(
      embedOf(
        withEvent({ type: 'BILLING_ISSUE', expiration_at_ms: undefined, grace_period_expiration_at_ms: 1659331174000 }),
      ).fields,
    ).toContainEqual({ name: 'Grace period ends', value: '2022-08-01 05:19 UTC', inline: true });
    expect(
      embedOf(withEvent({ type: 'SUBSCRIPTION_PAUSED', expiration_at_ms: undefined, auto_resume_at_ms: 1657951448845 }))
        .fields,
    ).toContainEqual({ name: 'Resumes', value: '2022-07-16 06:04 UTC', inline: true });
  });

  test('a price is shown in the currency paid; dollars only when that is all there is', () => {
    expect(
      embedOf(withEvent({ type: 'RENEWAL', currency: 'EUR', price: 5.4, price_in_purchased_currency: 4.99 })).title,
    ).toBe('Renewal: com.subscription.weekly (4.99 EUR)');
    expect(
      embedOf(withEvent({ type: 'RENEWAL', currency: undefined, price: 5.4, price_in_purchased_currency: undefined }))
        .title,
    ).toBe('Renewal: com.subscription.weekly (5.4 USD)');
  });

  test('the Authorization value set on the webhook is the secret; only the event type is required (issue 32)', () => {
    expect(revenuecat.signature).toEqual({ kind: 'token', header: 'Authorization' });
    expect(() => read({ api_version: '1.0' })).toThrow(PayloadError);
    expect(() => read({ api_version: '1.0' })).toThrow(/missing the event.type field/);
    expect(embedOf({ event: { type: 'RENEWAL' } })).toEqual({
      title: 'Renewal',
      color: 0x2ea44f,
      fields: [],
      timestamp: expect.any(String),
    });
  });
});
