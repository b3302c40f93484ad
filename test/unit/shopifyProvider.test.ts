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
  test('renders new orders and product updates, signed with a base64 HMAC-SHA256 in X-Shopify-Hmac-Sha256', () => {
    expect(shopify.events).toEqual(['orders/create', 'products/update']);
    expect(shopify.signature).toEqual({ kind: 'hmac', header: 'X-Shopify-Hmac-Sha256', algorithm: 'sha256', encoding: 'base64' });
    expect(shopify.headers.map((header) => header.name)).toEqual(['X-Shopify-Topic', 'X-Shopify-Webhook-Id', 'X-Shopify-Hmac-Sha256']);
  });

  test('orders/create -> order number, the order in the shop admin (its exact id), total, payment, fulfillment, customer, items', () => {
    const outcome = shopify.read(toProviderDelivery({ headers: { 'X-Shopify-Topic': 'orders/create', 'X-Shopify-Shop-Domain': SHOP, 'X-Shopify-Webhook-Id': 'b54557e4' }, body: shopifyBodies['orders/create'] }));
    expect(outcome).toMatchObject({ kind: 'message', deliveryId: 'b54557e4' });
    const embed = embedOf('orders/create', payloads['orders/create']);
    expect(embed).toMatchObject({ title: 'New order #9999', url: `https://${SHOP}/admin/orders/820982911946154508`, color: 0x2ea44f, author: { name: SHOP } });
    expect(embed.fields).toEqual([
      { name: 'Total', value: '414.95 USD', inline: true },
      { name: 'Payment', value: 'Paid', inline: true },
      { name: 'Fulfillment', value: 'Unfulfilled', inline: true },
      { name: 'Customer', value: 'John Smith', inline: true },
      { name: 'Items (2)', value: '1× Aviator sunglasses `SKU2006-001`\n2× Lens Protection Plan \\(2 Year\\) `LENS-PROTECT-2YR`' },
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
    expect(adminUrl(SHOP, { admin_graphql_api_id: 'gid://shopify/Customer/5' })).toBeUndefined();
    const embed = embedOf('orders/create', payloads['orders/create'], { 'X-Shopify-Shop-Domain': 'evil.example.com' });
    expect(embed.url).toBeUndefined();
    expect(embed.author).toBeUndefined();
  });

  test('markdown in payload text cannot change the layout', () => {
    const embed = embedOf('orders/create', { ...payloads['orders/create'], customer: { first_name: '**John**', last_name: '[x](http://evil) @everyone' } });
    expect(embed.fields?.find((f) => f.name === 'Customer')?.value).toBe('\\*\\*John\\*\\* \\[x\\]\\(http://evil\\) @everyone');
  });

  test('a topic we do not render is ignored, not an error', () => {
    expect(shopify.read(delivery('customers/create', { id: 1 }))).toEqual({ kind: 'ignored', event: 'customers/create' });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['no X-Shopify-Topic', toProviderDelivery(jsonRequest({}, payloads['orders/create'])), /missing the X-Shopify-Topic header/],
    ['malformed JSON', { headers: { 'x-shopify-topic': 'orders/create' }, body: '{' }, /not valid JSON/],
    ['an order without its name', delivery('orders/create', { ...payloads['orders/create'], name: undefined }), /not a Shopify orders\/create payload: name/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => shopify.read(bad)).toThrow(PayloadError);
    expect(() => shopify.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of shopifyDeliveries) expect(shopify.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
