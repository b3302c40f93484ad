import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { adminUrl, shopify } from '../../shared/webhooks/providers/shopify';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { shopifyBodies, shopifyDeliveries, shopifyPayloads as payloads } from '../fixtures/shopify/payloads';

const SHOP = 'example-shop.myshopify.com';
const delivery = (topic: string, payload: unknown, extra: Record<string, string> = {}): ProviderDelivery =>
  toProviderDelivery(jsonRequest({ 'X-Shopify-Topic': topic, 'X-Shopify-Shop-Domain': SHOP, ...extra }, payload));

const embedOf = (topic: string, payload: unknown, extra?: Record<string, string>) => {
  const outcome = shopify.read(delivery(topic, payload, extra));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event: topic, username: 'Shopify' });
  return outcome.embeds[0]!;
};

describe('Shopify provider', () => {
  test('renders orders, products and other topics, signed in X-Shopify-Hmac-Sha256 (base64)', () => {
    expect(shopify.events).toEqual(['*']);
    expect(shopify.signature).toEqual({
      kind: 'hmac',
      header: 'X-Shopify-Hmac-Sha256',
      algorithm: 'sha256',
      encoding: 'base64',
    });
    expect(shopify.headers.map((header) => header.name)).toEqual([
      'X-Shopify-Topic',
      'X-Shopify-Webhook-Id',
      'X-Shopify-Hmac-Sha256',
    ]);
  });

  test('orders/create -> number, admin link, total, payment, fulfillment, customer, items', () => {
    const outcome = shopify.read(
      toProviderDelivery({
        headers: {
          'X-Shopify-Topic': 'orders/create',
          'X-Shopify-Shop-Domain': SHOP,
          'X-Shopify-Webhook-Id': 'b54557e4',
        },
        body: shopifyBodies['orders/create'],
      }),
    );
    expect(outcome).toMatchObject({ kind: 'message', deliveryId: 'b54557e4' });
    const embed = embedOf('orders/create', payloads['orders/create']);
    expect(embed).toMatchObject({
      title: 'New order #9999',
      url: `https://${SHOP}/admin/orders/820982911946154508`,
      color: 0x2ea44f,
      author: { name: SHOP, url: `https://${SHOP}/admin` },
    });
    expect(embed.fields).toEqual([
      { name: 'Total', value: '414.95 USD', inline: true },
      { name: 'Payment', value: 'Paid', inline: true },
      { name: 'Fulfillment', value: 'Unfulfilled', inline: true },
      { name: 'Customer', value: 'John Smith', inline: true },
      {
        name: 'Items (2)',
        value: '1× Aviator sunglasses `SKU2006-001`\n2× Lens Protection Plan \\(2 Year\\) `LENS-PROTECT-2YR`',
      },
    ]);
  });

  test('many line items are cut; a partial fulfillment reads as words', () => {
    const line_items = Array.from({ length: 13 }, (_, i) => ({ name: `Item ${i}`, quantity: 1 }));
    const embed = embedOf('orders/create', { ...payloads['orders/create'], line_items, fulfillment_status: 'partial' });
    expect(embed.fields?.find((f) => f.name === 'Fulfillment')?.value).toBe('Partial');
    expect(embed.fields?.at(-1)?.value.split('\n')).toHaveLength(11);
  });

  test('products/update -> title, the product in the admin, status, vendor, type, variants and price', () => {
    expect(embedOf('products/update', payloads['products/update'])).toMatchObject({
      title: 'Product updated: Example T-Shirt',
      url: `https://${SHOP}/admin/products/788032119674292922`,
      color: 0x0366d6,
      fields: [
        { name: 'Status', value: 'Active', inline: true },
        { name: 'Vendor', value: 'Acme', inline: true },
        { name: 'Type', value: 'Shirts', inline: true },
        { name: 'Variants', value: '2', inline: true },
        { name: 'Price', value: '19.99', inline: true },
      ],
    });
  });

  test('the admin link is built only for a real shop domain and a Shopify id', () => {
    expect(adminUrl('evil.example.com', payloads['orders/create'])).toBeUndefined();
    expect(adminUrl(`${SHOP}/x`, payloads['orders/create'])).toBeUndefined();
    expect(adminUrl(SHOP, { admin_graphql_api_id: 'gid://shopify/Order/1/../../x' })).toBeUndefined();
    expect(adminUrl(SHOP, { admin_graphql_api_id: 'gid://shopify/Metafield/5' })).toBeUndefined();
    const embed = embedOf('orders/create', payloads['orders/create'], { 'X-Shopify-Shop-Domain': 'evil.example.com' });
    expect(embed.url).toBeUndefined();
    expect(embed.author).toBeUndefined();
  });

  test('markdown in payload text cannot change the layout', () => {
    const embed = embedOf('orders/create', {
      ...payloads['orders/create'],
      customer: { first_name: '**John**', last_name: '[x](http://evil) @everyone' },
    });
    expect(embed.fields?.find((f) => f.name === 'Customer')?.value).toBe(
      '\\*\\*John\\*\\* \\[x\\]\\(http://evil\\) @everyone',
    );
  });

  test("every order topic in words; any other topic by its resource, action and name, never a customer's name", () => {
    expect(embedOf('orders/paid', payloads['orders/create']).title).toBe('Order #9999 paid');
    expect(embedOf('orders/partially_fulfilled', payloads['orders/create']).title).toBe(
      'Order #9999 partially fulfilled',
    );
    expect(embedOf('orders/delete', { id: 1, order_number: 1001 })).toMatchObject({
      title: 'Order #1001 deleted',
      fields: [],
    });
    expect(embedOf('customers/create', { id: 1, first_name: 'Bob' }).title).toBe('Customer created');
    expect(embedOf('draft_orders/update', { name: '#D1', status: 'open' })).toMatchObject({
      title: 'Draft order updated: #D1',
      fields: [{ name: 'Status', value: 'Open', inline: true }],
    });
    expect(embedOf('app/uninstalled', { name: 'My Shop' }).title).toBe('App uninstalled: My Shop');
    expect(
      embedOf('fulfillments/create', { status: 'success', tracking_company: 'UPS', tracking_number: '1Z2345' }).fields,
    ).toEqual([
      { name: 'Status', value: 'Success', inline: true },
      { name: 'Tracking', value: 'UPS 1Z2345', inline: true },
    ]);
    expect(embedOf('inventory_levels/update', { available: 7 })).toMatchObject({
      title: 'Inventory level updated',
      fields: [{ name: 'Available', value: '7', inline: true }],
    });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    [
      'no X-Shopify-Topic',
      toProviderDelivery(jsonRequest({}, payloads['orders/create'])),
      /missing the X-Shopify-Topic header/,
    ],
    ['malformed JSON', { headers: { 'x-shopify-topic': 'orders/create' }, body: '{' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => shopify.read(bad)).toThrow(PayloadError);
    expect(() => shopify.read(bad)).toThrow(reason);
  });

  test('an order without its name is named by its number, or not at all (issue 32)', () => {
    expect(embedOf('orders/create', { ...payloads['orders/create'], name: undefined, order_number: 1234 }).title).toBe(
      'New order #1234',
    );
    expect(
      embedOf('orders/create', { ...payloads['orders/create'], name: undefined, order_number: undefined }).title,
    ).toBe('New order');
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of shopifyDeliveries)
      expect(shopify.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
