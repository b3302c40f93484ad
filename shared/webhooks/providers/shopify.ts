import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromHeader, jsonOf, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords, outcomeColor } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * Shopify webhooks: the event is the X-Shopify-Topic header ("orders/create", "products/update"),
 * the delivery id X-Shopify-Webhook-Id, the shop X-Shopify-Shop-Domain. The body is the resource
 * itself (the order, the product), so the shop's admin page of it is built from the shop domain
 * and the resource's `admin_graphql_api_id`.
 */

/**
 * Every topic is read with one schema: the body is the resource itself, whose fields differ by
 * resource, so the renderer picks the ones of the topic's resource (an order's total, a product's
 * variants, any other's name and status).
 */
const resource = () =>
  z.object({
    // An order's number, or another resource's name; a product's or other resource's title.
    name: z.string(),
    title: z.string(),
    handle: z.string(),
    status: z.string(),
    order_number: z.number(),
    currency: z.string(),
    // Prices are decimal text ("403.00"); a number is read as text too.
    current_total_price: z.string(),
    total_price: z.string(),
    financial_status: z.string(),
    fulfillment_status: z.string(),
    cancel_reason: z.string(),
    customer: z.object({ first_name: z.string(), last_name: z.string() }),
    line_items: z.array(z.object({ name: z.string(), title: z.string(), quantity: z.number(), sku: z.string() })),
    vendor: z.string(),
    product_type: z.string(),
    variants: z.array(z.object({ price: z.string() })),
    // A fulfillment's shipment; an inventory level's count.
    tracking_company: z.string(),
    tracking_number: z.string(),
    available: z.number(),
  });
type Resource = TolerantOutput<ReturnType<typeof resource>>;

const MAX_ITEMS = 10;
/** "partially_fulfilled" -> "Partially fulfilled". */
const words = (value: string) => escapeMarkdown(eventWords(value));
const field = (name: string, value: string | undefined) => (value ? [{ name, value, inline: true }] : []);

/** A topic's action in words: "orders/create" -> "created", "orders/partially_fulfilled" -> "partially fulfilled". */
const DID: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  uninstalled: 'uninstalled',
};
/** A topic's resource, singular: "draft_orders/create" -> "Draft order". */
const thing = (topic: string) => eventWords((topic.split('/')[0] ?? '').replace(/(?<!s)s$/, ''));
const did = (topic: string) => {
  const action = topic.split('/').slice(1).join(' ');
  return entryOf(DID, action) ?? (action ? eventWords(action).toLowerCase() : 'changed');
};

function priceRange(variants: { price?: string | undefined }[]): string | undefined {
  const prices = variants.map((variant) => Number(variant.price)).filter(Number.isFinite);
  if (!prices.length) return undefined;
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? low.toFixed(2) : `${low.toFixed(2)} – ${high.toFixed(2)}`;
}

function order(p: Resource, topic: string): Embed {
  const total = p.current_total_price ?? p.total_price;
  const customer = [p.customer?.first_name, p.customer?.last_name].filter(Boolean).join(' ');
  const items = p.line_items ?? [];
  const lines = items
    .slice(0, MAX_ITEMS)
    .map(
      (item) =>
        `${item.quantity ?? 1}× ` +
        `${escapeMarkdown(item.name ?? item.title ?? 'item')}${item.sku ? ` ${inlineCode(item.sku)}` : ''}`,
    );
  const number = p.name ?? (p.order_number !== undefined ? `#${p.order_number}` : undefined);
  const deleted = topic === 'orders/delete';
  return {
    title:
      topic === 'orders/create'
        ? `New order${number ? ` ${number}` : ''}`
        : `Order${number ? ` ${number}` : ''} ${did(topic)}`,
    color:
      deleted || topic === 'orders/cancelled'
        ? COLORS.closed
        : topic === 'orders/create'
          ? COLORS.created
          : COLORS.info,
    fields: deleted
      ? []
      : [
          ...field(
            'Total',
            total !== undefined ? escapeMarkdown(`${total}${p.currency ? ` ${p.currency}` : ''}`) : undefined,
          ),
          ...field('Payment', p.financial_status ? words(p.financial_status) : undefined),
          // Shopify sends null until something is fulfilled.
          {
            name: 'Fulfillment',
            value: p.fulfillment_status ? words(p.fulfillment_status) : 'Unfulfilled',
            inline: true,
          },
          ...field('Cancel reason', p.cancel_reason ? words(p.cancel_reason) : undefined),
          ...field('Customer', customer ? escapeMarkdown(customer) : undefined),
          ...(lines.length
            ? [
                {
                  name: `Items (${items.length})`,
                  value: lines.join('\n') + (items.length > MAX_ITEMS ? `\nand ${items.length - MAX_ITEMS} more` : ''),
                },
              ]
            : []),
        ],
  };
}

function product(p: Resource, topic: string): Embed {
  return {
    title: `${topic === 'products/create' ? 'New product' : `Product ${did(topic)}`}${p.title ? `: ${p.title}` : ''}`,
    color:
      topic === 'products/delete' || p.status === 'archived'
        ? COLORS.neutral
        : topic === 'products/create'
          ? COLORS.created
          : COLORS.info,
    fields: [
      ...field('Status', p.status ? words(p.status) : undefined),
      ...field('Vendor', p.vendor ? escapeMarkdown(p.vendor) : undefined),
      ...field('Type', p.product_type ? escapeMarkdown(p.product_type) : undefined),
      ...field('Variants', p.variants ? String(p.variants.length) : undefined),
      ...field('Price', p.variants ? priceRange(p.variants) : undefined),
    ],
  };
}

/**
 * Any other topic: "Collection updated: Summer", "App uninstalled:
 * My Shop", with its status, a shipment's tracking, a stock count.
 */
function other(p: Resource, topic: string): Embed {
  const label = p.title ?? p.name ?? p.handle;
  const tracking = [p.tracking_company, p.tracking_number].filter(Boolean).join(' ');
  const fields = [
    ...field('Status', p.status ? words(p.status) : undefined),
    ...field('Tracking', tracking ? escapeMarkdown(tracking) : undefined),
    ...field('Available', p.available !== undefined ? String(p.available) : undefined),
  ];
  return {
    title: `${thing(topic)} ${did(topic)}${label ? `: ${label}` : ''}`,
    color: outcomeColor(topic.split('/').at(-1), p.status),
    ...(fields.length ? { fields } : {}),
  };
}

/** An order topic, a product topic, or any other by its resource. */
const render = (p: Resource, topic: string): Embed =>
  topic.startsWith('orders/') ? order(p, topic) : topic.startsWith('products/') ? product(p, topic) : other(p, topic);

const base = schemaProvider({
  name: 'shopify',
  displayName: 'Shopify',
  description:
    'Orders created, updated, paid, cancelled, fulfilled or deleted (total, payment, fulfillment, customer, ' +
    'items), products created, updated or deleted (status, vendor, type, variants, prices), linked to the shop ' +
    'admin; every other topic by what it is about.',
  docs: 'https://shopify.dev/docs/apps/build/webhooks',
  // "Verify webhooks" (shopify.dev/docs/apps/build/webhooks/subscribe/https): X-Shopify-Hmac-Sha256
  // is the base64 HMAC-SHA256 of the raw body, keyed with the app's client secret.
  signature: { kind: 'hmac', header: 'X-Shopify-Hmac-Sha256', algorithm: 'sha256', encoding: 'base64' },
  event: fromHeader('X-Shopify-Topic'),
  deliveryId: fromHeader('X-Shopify-Webhook-Id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: resource, render },
});

/** A shop's own domain: `<shop>.myshopify.com`, nothing else (it becomes a link). */
const SHOP_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.myshopify\.com$/;
/** `gid://shopify/Order/820982911946154508` -> `orders`, `820982911946154508`. */
const ADMIN_PAGES: Record<string, string> = {
  Order: 'orders',
  Product: 'products',
  Customer: 'customers',
  DraftOrder: 'draft_orders',
  Collection: 'collections',
};
const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d{1,30})$/;

/** The resource's page in the shop admin, from the shop domain header and the body's GraphQL id. */
export function adminUrl(shopDomain: string | undefined, body: unknown): string | undefined {
  const domain = shopDomain?.trim().toLowerCase();
  if (!domain || !SHOP_DOMAIN.test(domain) || body === null || typeof body !== 'object') return undefined;
  const gid = (body as { admin_graphql_api_id?: unknown }).admin_graphql_api_id;
  const [, type, id] = (typeof gid === 'string' && GID.exec(gid)) || [];
  const page = type && entryOf(ADMIN_PAGES, type);
  return page && id ? `https://${domain}/admin/${page}/${id}` : undefined;
}

export const shopify: Provider = {
  ...base,
  read(delivery) {
    const outcome = base.read(delivery);
    if (outcome.kind !== 'message') return outcome;
    const domain = delivery.headers['x-shopify-shop-domain']?.trim().toLowerCase();
    const url = adminUrl(domain, jsonOf(delivery));
    const shop = domain && SHOP_DOMAIN.test(domain) ? { author: { name: domain, url: `https://${domain}/admin` } } : {};
    return { ...outcome, embeds: outcome.embeds.map((embed) => ({ ...embed, ...(url ? { url } : {}), ...shop })) };
  },
};
