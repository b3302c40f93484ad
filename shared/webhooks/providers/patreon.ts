import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromHeader, schemaProvider, type Provider } from '../provider';

/**
 * Patreon webhooks: the event is the X-Patreon-Event header ("members:create", "pledges:create"
 * of the older API); deliveries carry no id. Bodies are JSON:API documents: `data` is the member
 * or pledge, `included` the campaign, the patron (a user) and the tiers (rewards) it names.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const ref = z.nullish(z.object({ data: z.nullish(z.object({ id: z.string(), type: z.optional(z.string()) })) }));
  const refs = z.nullish(z.object({ data: z.nullish(z.array(z.object({ id: z.string() }))) }));
  /** Included resources are read field by field where shown (their attributes differ by type). */
  const included = z.optional(z.array(z.object({ type: z.string(), id: z.nullish(z.string()), attributes: z.optional(z.record(z.string(), z.unknown())) })));
  return { ref, refs, included };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { ref, refs, included } = parts();
  return {
    'members:create': z.object({
      data: z.object({
        attributes: z.object({
          full_name: z.optional(z.string()),
          patron_status: z.nullish(z.string()),
          pledge_amount_cents: z.optional(z.number()),
          currently_entitled_amount_cents: z.optional(z.number()),
          lifetime_support_cents: z.optional(z.number()),
          last_charge_status: z.nullish(z.string()),
        }),
        relationships: z.optional(z.object({ campaign: ref, user: ref, currently_entitled_tiers: refs })),
      }),
      included,
    }),
    'pledges:create': z.object({
      data: z.object({
        attributes: z.object({ amount_cents: z.number(), currency: z.optional(z.string()) }),
        relationships: z.optional(z.object({ campaign: ref, patron: ref, reward: ref })),
      }),
      included,
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;
type Included = NonNullable<z.output<Parts['included']>>;

/** The included resource of `type` with `id`, and a string attribute of it. */
const find = (list: Included | undefined, type: string, id: string | undefined) => (id ? list?.find((item) => item.type === type && item.id === id) : undefined);
const text = (item: Included[number] | undefined, key: string): string | undefined => {
  const value = item?.attributes?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};
const amount = (cents: number, currency: string | undefined) => `${(cents / 100).toFixed(2)}${currency ? ` ${currency}` : ''}`;
/** "active_patron" -> "Active patron". */
const words = (value: string) => escapeMarkdown(`${value.charAt(0).toUpperCase()}${value.slice(1).replace(/_/g, ' ')}`);
const field = (name: string, value: string | undefined) => (value ? [{ name, value, inline: true }] : []);

/** The campaign (title suffix and link) and the patron (author) of a delivery. */
function parties(list: Included | undefined, campaignId: string | undefined, patronId: string | undefined) {
  const campaign = find(list, 'campaign', campaignId);
  const patron = find(list, 'user', patronId);
  const campaignUrl = text(campaign, 'url');
  const patronName = text(patron, 'full_name');
  const patronUrl = text(patron, 'url');
  return {
    campaign,
    name: text(campaign, 'name') ?? text(campaign, 'creation_name'),
    embed: { ...(campaignUrl ? { url: campaignUrl } : {}), ...(patronName ? { author: { name: patronName, ...(patronUrl ? { url: patronUrl } : {}) } } : {}) },
  };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'members:create': (p) => {
    const { attributes: a, relationships: r } = p.data;
    const { campaign, name, embed } = parties(p.included, r?.campaign?.data?.id, r?.user?.data?.id);
    const currency = text(campaign, 'currency');
    const per = text(campaign, 'pay_per_name');
    const cents = a.pledge_amount_cents ?? a.currently_entitled_amount_cents;
    const tiers = (r?.currently_entitled_tiers?.data ?? []).map((tier) => text(find(p.included, 'tier', tier.id), 'title')).filter((title): title is string => !!title);
    return {
      title: `New member${a.full_name ? `: ${a.full_name}` : ''}${name ? ` (${name})` : ''}`,
      ...embed,
      color: COLORS.created,
      fields: [
        ...field('Pledge', cents !== undefined ? escapeMarkdown(`${amount(cents, currency)}${per ? ` / ${per}` : ''}`) : undefined),
        ...field('Status', a.patron_status ? words(a.patron_status) : undefined),
        ...field('Last charge', a.last_charge_status ? words(a.last_charge_status) : undefined),
        ...field('Lifetime support', a.lifetime_support_cents !== undefined ? escapeMarkdown(amount(a.lifetime_support_cents, currency)) : undefined),
        ...field('Tier', tiers.length ? tiers.map(escapeMarkdown).join(', ') : undefined),
      ],
    };
  },
  'pledges:create': (p) => {
    const { attributes: a, relationships: r } = p.data;
    const { name, embed } = parties(p.included, r?.campaign?.data?.id, r?.patron?.data?.id);
    const reward = find(p.included, 'reward', r?.reward?.data?.id);
    const patron = embed.author?.name;
    const rewardTitle = text(reward, 'title');
    return {
      title: `New pledge of ${amount(a.amount_cents, a.currency)}${patron ? ` from ${patron}` : ''}${name ? ` (${name})` : ''}`,
      ...embed,
      color: COLORS.created,
      ...(rewardTitle ? { fields: field('Reward', escapeMarkdown(rewardTitle)) } : {}),
    };
  },
};

export const patreon: Provider = schemaProvider({
  name: 'patreon',
  displayName: 'Patreon',
  description: 'New members (pledge, status, lifetime support, tiers) and new pledges of the older API (amount and reward), with the patron and a link to the campaign.',
  docs: 'https://docs.patreon.com/#webhooks',
  // Same page: X-Patreon-Signature is the hex HMAC-MD5 of the raw body, keyed with the webhook's secret.
  signature: { kind: 'hmac', header: 'X-Patreon-Signature', algorithm: 'md5', encoding: 'hex' },
  event: fromHeader('X-Patreon-Event'),
  schemas,
  renderers,
});
