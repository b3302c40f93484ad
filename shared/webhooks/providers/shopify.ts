import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromHeader, jsonOf, schemaProvider, type Provider } from '../provider';

/**
 * Shopify webhooks: the event is the X-Shopify-Topic header ("orders/create", "products/update"),
 * the delivery id X-Shopify-Webhook-Id, the shop X-Shopify-Shop-Domain. The body is the resource
 * itself (the order, the product), so the shop's admin page of it is built from the shop domain
 * and the resource's `admin_graphql_api_id`.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const money = z.union([z.string(), z.number()]);
  const lineItem = z.object({ name: z.optional(z.string()), title: z.optional(z.string()), quantity: z.optional(z.number()), sku: z.nullish(z.string()) });
  return { money, lineItem };
};

const schemas = () => {
  const { money, lineItem } = parts();
  return {
    'orders/create': z.object({
      name: z.string(),
      currency: z.optional(z.string()),
      current_total_price: z.optional(money),
      total_price: z.optional(money),
      financial_status: z.nullish(z.string()),
      fulfillment_status: z.nullish(z.string()),
      customer: z.nullish(z.object({ first_name: z.nullish(z.string()), last_name: z.nullish(z.string()) })),
      line_items: z.optional(z.array(lineItem)),
    }),
    'products/update': z.object({
      title: z.string(),
      status: z.optional(z.string()),
      vendor: z.nullish(z.string()),
      product_type: z.nullish(z.string()),
      variants: z.optional(z.array(z.object({ price: z.optional(money) }))),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

const MAX_ITEMS = 10;
/** "partially_fulfilled" -> "Partially fulfilled". */
const words = (value: string) => escapeMarkdown(`${value.charAt(0).toUpperCase()}${value.slice(1).replace(/_/g, ' ')}`);
const field = (name: string, value: string | null | undefined) => (value ? [{ name, value, inline: true }] : []);

function priceRange(variants: { price?: string | number | undefined }[]): string | undefined {
  const prices = variants.map((variant) => Number(variant.price)).filter(Number.isFinite);
  if (!prices.length) return undefined;
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? low.toFixed(2) : `${low.toFixed(2)} – ${high.toFixed(2)}`;
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'orders/create': (p) => {
    const total = p.current_total_price ?? p.total_price;
    const customer = [p.customer?.first_name, p.customer?.last_name].filter(Boolean).join(' ');
    const items = p.line_items ?? [];
    const lines = items.slice(0, MAX_ITEMS).map((item) => `${item.quantity ?? 1}× ${escapeMarkdown(item.name ?? item.title ?? 'item')}${item.sku ? ` ${inlineCode(item.sku)}` : ''}`);
    return {
      title: `New order ${p.name}`,
      color: COLORS.created,
      fields: [
        ...field('Total', total !== undefined ? escapeMarkdown(`${total}${p.currency ? ` ${p.currency}` : ''}`) : undefined),
        ...field('Payment', p.financial_status ? words(p.financial_status) : undefined),
        // Shopify sends null until something is fulfilled.
        { name: 'Fulfillment', value: p.fulfillment_status ? words(p.fulfillment_status) : 'Unfulfilled', inline: true },
        ...field('Customer', customer ? escapeMarkdown(customer) : undefined),
        ...(lines.length ? [{ name: `Items (${items.length})`, value: lines.join('\n') + (items.length > MAX_ITEMS ? `\nand ${items.length - MAX_ITEMS} more` : '') }] : []),
      ],
    };
  },
  'products/update': (p) => ({
    title: `Product updated: ${p.title}`,
    color: p.status === 'archived' ? COLORS.neutral : COLORS.info,
    fields: [
      ...field('Status', p.status ? words(p.status) : undefined),
      ...field('Vendor', p.vendor ? escapeMarkdown(p.vendor) : undefined),
      ...field('Type', p.product_type ? escapeMarkdown(p.product_type) : undefined),
      ...field('Variants', p.variants ? String(p.variants.length) : undefined),
      ...field('Price', p.variants ? priceRange(p.variants) : undefined),
    ],
  }),
};

const base = schemaProvider({
  name: 'shopify',
  displayName: 'Shopify',
  description: 'New orders (total, payment, fulfillment, customer, items) and product updates (status, vendor, type, variants, prices), linked to the shop admin.',
  docs: 'https://shopify.dev/docs/apps/build/webhooks',
  // "Verify webhooks" (shopify.dev/docs/apps/build/webhooks/subscribe/https): X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body, keyed with the app's client secret.
  signature: { kind: 'hmac', header: 'X-Shopify-Hmac-Sha256', algorithm: 'sha256', encoding: 'base64' },
  event: fromHeader('X-Shopify-Topic'),
  deliveryId: fromHeader('X-Shopify-Webhook-Id'),
  schemas,
  renderers,
});

/** A shop's own domain: `<shop>.myshopify.com`, nothing else (it becomes a link). */
const SHOP_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.myshopify\.com$/;
/** `gid://shopify/Order/820982911946154508` -> `orders`, `820982911946154508`. */
const ADMIN_PAGES: Record<string, string> = { Order: 'orders', Product: 'products' };
const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d{1,30})$/;

/** The resource's page in the shop admin, from the shop domain header and the body's GraphQL id. */
export function adminUrl(shopDomain: string | undefined, body: unknown): string | undefined {
  const domain = shopDomain?.trim().toLowerCase();
  if (!domain || !SHOP_DOMAIN.test(domain) || body === null || typeof body !== 'object') return undefined;
  const gid = (body as { admin_graphql_api_id?: unknown }).admin_graphql_api_id;
  const [, type, id] = (typeof gid === 'string' && GID.exec(gid)) || [];
  const page = type && ADMIN_PAGES[type];
  return page && id ? `https://${domain}/admin/${page}/${id}` : undefined;
}

export const shopify: Provider = {
  ...base,
  read(delivery) {
    const outcome = base.read(delivery);
    if (outcome.kind !== 'message') return outcome;
    const domain = delivery.headers['x-shopify-shop-domain']?.trim().toLowerCase();
    const url = adminUrl(domain, jsonOf(delivery));
    const shop = domain && SHOP_DOMAIN.test(domain) ? { author: { name: domain } } : {};
    return { ...outcome, embeds: outcome.embeds.map((embed) => ({ ...embed, ...(url ? { url } : {}), ...shop })) };
  },
};
