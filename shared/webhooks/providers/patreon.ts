import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromHeader, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Patreon webhooks: the event is X-Patreon-Event (members, their pledges, and the older API's
 * pledges:create); deliveries carry no id. Bodies are JSON:API documents: `data` the member or
 * pledge, `included` the campaign, patron and tiers it names.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const ref = z.object({ data: z.object({ id: z.string() }) });
  const refs = z.object({ data: z.array(z.object({ id: z.string() })) });
  /** Included resources are read field by field where shown (their attributes differ by type). */
  const included = z.array(
    z.object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()) }),
  );
  const member = z.object({
    data: z.object({
      attributes: z.object({
        full_name: z.string(),
        campaign_currency: z.string(),
        patron_status: z.string(),
        pledge_amount_cents: z.number(),
        currently_entitled_amount_cents: z.number(),
        will_pay_amount_cents: z.number(),
        lifetime_support_cents: z.number(),
        last_charge_status: z.string(),
        next_charge_date: z.string(),
      }),
      relationships: z.object({ campaign: ref, user: ref, currently_entitled_tiers: refs }),
    }),
    included,
  });
  const pledge = z.object({
    data: z.object({
      attributes: z.object({ amount_cents: z.number(), currency: z.string(), declined_since: z.string() }),
      relationships: z.object({ campaign: ref, patron: ref, reward: ref }),
    }),
    included,
  });
  return { included, member, pledge };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { member, pledge } = parts();
  return {
    'members:create': member,
    'members:update': member,
    'members:delete': member,
    'members:pledge:create': member,
    'members:pledge:update': member,
    'members:pledge:delete': member,
    'pledges:create': pledge,
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Member = TolerantOutput<Parts['member']>;
type Pledge = TolerantOutput<Parts['pledge']>;
type Included = NonNullable<TolerantOutput<Parts['member']>['included']>;

/** The included resource of `type` with `id`, and a string attribute of it. */
const find = (list: Included | undefined, type: string, id: string | undefined) =>
  id ? list?.find((item) => item.type === type && item.id === id) : undefined;
const text = (item: Included[number] | undefined, key: string): string | undefined => {
  const value = item?.attributes?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};
/**
 * A tier's (or reward's) title and the least pledge that unlocks it, linked to its page, with what
 * it gives in plain text: "[Gold (from 5.00 USD)](https://www.patreon.com/join/...)\nEarn the rank...".
 */
function tierName(item: Included[number] | undefined, currency: string | undefined): string | undefined {
  const title = text(item, 'title');
  if (!title) return undefined;
  const cents = item?.attributes?.amount_cents;
  const name = escapeMarkdown(
    `${title}${typeof cents === 'number' && cents > 0 ? ` (from ${amount(cents, currency)})` : ''}`,
  );
  const path = text(item, 'url');
  const url =
    path && (/^\/[^/]/.test(path) ? `https://www.patreon.com${path}` : /^https:\/\//.test(path) ? path : undefined);
  const gives = text(item, 'description');
  return `${url ? `[${name}](${url})` : name}${gives ? `\n${fromHtml(gives)}` : ''}`;
}
/**
 * A tier's description, HTML written by the creator, as escaped text keeping its https links
 * (often the Discord server the tier opens); plain words only when that runs long.
 */
function fromHtml(html: string): string {
  const words = (part: string) =>
    part
      .replace(/<\/li>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/[ \t]+/g, ' ');
  // split() with two groups yields text, href, link text, text, ...
  const parts = html.split(/<a\s[^>]*href="(https:\/\/[^"\s()]+)"[^>]*>(.*?)<\/a>/i);
  const linked = parts
    .map((part, i) =>
      i % 3 === 0
        ? escapeMarkdown(words(part))
        : i % 3 === 1
          ? ''
          : `[${escapeMarkdown(words(part)) || 'link'}](${parts[i - 1]})`,
    )
    .join('')
    .trim();
  return linked.length <= 400 ? linked : escapeMarkdown(words(html).trim().slice(0, 300));
}
/** The tier a pledge unlocks when the member names none: the dearest published one it pays for. */
function unlockedTier(list: Included | undefined, cents: number | undefined): Included[number] | undefined {
  const price = (item: Included[number]) => item.attributes?.amount_cents;
  const affordable = (list ?? []).filter(
    (item) =>
      (item.type === 'tier' || item.type === 'reward') &&
      item.attributes?.published === true &&
      typeof price(item) === 'number' &&
      cents !== undefined &&
      (price(item) as number) <= cents,
  );
  return affordable.reduce<Included[number] | undefined>(
    (best, item) => (best && (price(best) as number) >= (price(item) as number) ? best : item),
    undefined,
  );
}
const amount = (cents: number | undefined, currency: string | undefined) =>
  cents === undefined ? undefined : `${(cents / 100).toFixed(2)}${currency ? ` ${currency}` : ''}`;
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
  const name = text(campaign, 'name') ?? text(campaign, 'creation_name');
  return {
    campaign,
    patronName,
    /** " (campaign)" after a title, when the campaign is named. */
    suffix: name ? ` (${name})` : '',
    embed: {
      ...(campaignUrl ? { url: campaignUrl } : {}),
      ...(patronName ? { author: { name: patronName, ...(patronUrl ? { url: patronUrl } : {}) } } : {}),
    },
  };
}

type Change = 'create' | 'update' | 'delete';
const COLOR: Record<Change, number> = { create: COLORS.created, update: COLORS.info, delete: COLORS.closed };
const MEMBER_WORDS: Record<Change, string> = {
  create: 'New member',
  update: 'Member updated',
  delete: 'Member removed',
};

/**
 * "New pledge of 5.00 USD from Kopi", "Pledge changed to ...",
 * "Pledge of ... canceled by ...": with what the payload has.
 */
function pledgeTitle(change: Change, money: string | undefined, patron: string | undefined): string {
  if (change === 'create') return `New pledge${money ? ` of ${money}` : ''}${patron ? ` from ${patron}` : ''}`;
  if (change === 'update') return `Pledge changed${money ? ` to ${money}` : ''}${patron ? ` by ${patron}` : ''}`;
  return `Pledge${money ? ` of ${money}` : ''} canceled${patron ? ` by ${patron}` : ''}`;
}

/** "New member: Kopi", "Member removed": with the name when the payload has one. */
const memberTitle = (change: Change, name: string | undefined): string =>
  `${entryOf(MEMBER_WORDS, change)}${name ? `: ${name}` : ''}`;

/** A membership or its pledge (the v2 events): the member, their pledge per period, status, charges and tiers. */
function member(p: Member, change: Change, aboutPledge: boolean): Embed {
  const a = p.data?.attributes ?? {};
  const r = p.data?.relationships;
  const { campaign, patronName, suffix, embed } = parties(p.included, r?.campaign?.data?.id, r?.user?.data?.id);
  const currency = text(campaign, 'currency') ?? a.campaign_currency;
  const per = text(campaign, 'pay_per_name');
  // The first amount that is not 0: a pledge deleted is sent with its amounts already at 0.
  const cents = [a.pledge_amount_cents, a.currently_entitled_amount_cents, a.will_pay_amount_cents].find(Boolean);
  const money = amount(cents, currency);
  const name = a.full_name?.trim() || patronName;
  const entitled = (r?.currently_entitled_tiers?.data ?? []).map((tier) => find(p.included, 'tier', tier.id));
  const tiers = (entitled.length || change === 'delete' ? entitled : [unlockedTier(p.included, cents)])
    .map((tier) => tierName(tier, currency))
    .filter((title): title is string => !!title);
  return {
    title: `${aboutPledge ? pledgeTitle(change, money, name) : memberTitle(change, name)}${suffix}`,
    ...embed,
    color: entryOf(COLOR, change),
    fields: [
      ...field('Pledge', money ? escapeMarkdown(`${money}${per ? ` / ${per}` : ''}`) : undefined),
      ...field('Status', a.patron_status ? words(a.patron_status) : undefined),
      ...field('Last charge', a.last_charge_status ? words(a.last_charge_status) : undefined),
      ...field(
        'Next charge',
        change !== 'delete' && a.next_charge_date ? escapeMarkdown(a.next_charge_date.slice(0, 10)) : undefined,
      ),
      ...field(
        'Lifetime support',
        a.lifetime_support_cents !== undefined
          ? escapeMarkdown(amount(a.lifetime_support_cents, currency) ?? '')
          : undefined,
      ),
      ...field('Tier', tiers.length ? tiers.join('\n') : undefined),
    ],
  };
}

/** A pledge of the older API: amount, patron, campaign and the reward pledged for. */
function pledge(p: Pledge, change: 'create'): Embed {
  const { attributes: a, relationships: r } = p.data ?? {};
  const { patronName, suffix, embed } = parties(p.included, r?.campaign?.data?.id, r?.patron?.data?.id);
  const rewardTitle = tierName(find(p.included, 'reward', r?.reward?.data?.id), a?.currency);
  return {
    title: `${pledgeTitle(change, amount(a?.amount_cents, a?.currency), patronName)}${suffix}`,
    ...embed,
    color: entryOf(COLOR, change),
    ...(rewardTitle ? { fields: field('Reward', rewardTitle) } : {}),
  };
}

const renderers: { [E in EventName]: (p: TolerantOutput<ReturnType<typeof schemas>[E]>) => Embed } = {
  'members:create': (p) => member(p, 'create', false),
  'members:update': (p) => member(p, 'update', false),
  'members:delete': (p) => member(p, 'delete', false),
  'members:pledge:create': (p) => member(p, 'create', true),
  'members:pledge:update': (p) => member(p, 'update', true),
  'members:pledge:delete': (p) => member(p, 'delete', true),
  'pledges:create': (p) => pledge(p, 'create'),
};

export const patreon: Provider = schemaProvider({
  name: 'patreon',
  displayName: 'Patreon',
  description:
    'Members joining, changing and leaving, pledges made, changed and canceled (members:pledge:*, and the ' +
    "older API's pledges:create): pledge per period, status, charges, lifetime support and tiers, with the " +
    'patron and a link to the campaign.',
  docs: 'https://docs.patreon.com/#webhooks',
  // Same page: X-Patreon-Signature is the hex HMAC-MD5 of the raw body, keyed with the webhook's secret.
  signature: { kind: 'hmac', header: 'X-Patreon-Signature', algorithm: 'md5', encoding: 'hex' },
  event: fromHeader('X-Patreon-Event'),
  schemas,
  renderers,
});
