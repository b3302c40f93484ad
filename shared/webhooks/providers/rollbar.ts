import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * Rollbar: `{ event_name, data }`; item events (new_item, occurrence, reactivated_item,
 * resolved_item, reopened_item, exp_repeat_item, item_velocity) carry `data.item`, deploys
 * `data.deploy`, the test notification `data.message`; every event renders from that envelope.
 * Rollbar sends no delivery id and does not sign.
 */
const envelope = () =>
  z.object({
    data: z.object({
      item: z.object({
        counter: z.number(),
        title: z.string(),
        environment: z.string(),
        level: z.number(),
        total_occurrences: z.number(),
        last_occurrence: z.object({ uuid: z.string(), level: z.string() }),
      }),
      deploy: z.object({
        environment: z.string(),
        revision: z.string(),
        local_username: z.string(),
        comment: z.string(),
      }),
      occurrence: z.object({ uuid: z.string(), level: z.string() }),
      // exp_repeat_item: the power of ten the item's occurrences reached; item_velocity: the rate that fired.
      occurrences: z.number(),
      trigger: z.object({ threshold: z.number(), window_size_description: z.string() }),
      url: z.string(),
      message: z.string(),
    }),
  });
type Envelope = TolerantOutput<ReturnType<typeof envelope>>;

/** Rollbar's numeric levels: 50 critical, 40 error, 30 warning, 20 info, 10 debug. */
const LEVELS: Record<number, string> = { 50: 'critical', 40: 'error', 30: 'warning', 20: 'info', 10: 'debug' };
const EVENT_COLORS: Record<string, number> = {
  resolved_item: COLORS.created,
  deploy: COLORS.info,
  test: COLORS.neutral,
};
/** What happened to the item, per event, in words (an event we do not know reads as its name). */
const HAPPENED: Record<string, string> = {
  new_item: 'New item',
  occurrence: 'New occurrence',
  reactivated_item: 'Item reactivated',
  reopened_item: 'Item reopened',
  resolved_item: 'Item resolved',
  exp_repeat_item: 'Item repeating',
  item_velocity: 'Item occurring often',
  test: 'Test notification',
};

type Data = NonNullable<Envelope['data']>;

function deployEmbed(deploy: NonNullable<Data['deploy']>): Embed {
  const revision = deploy.revision?.slice(0, 12);
  return {
    title: `Deployed${revision ? ` ${revision}` : ''}${deploy.environment ? ` to ${deploy.environment}` : ''}`,
    color: COLORS.info,
    ...(deploy.local_username ? { author: { name: deploy.local_username } } : {}),
    ...(deploy.comment ? { description: escapeMarkdown(deploy.comment) } : {}),
  };
}

/** How often, for the events that fire on a count or a rate: "10 occurrences", "5 occurrences in 5 minutes". */
function frequency(event: string, data: Data): string | undefined {
  if (event !== 'exp_repeat_item' && event !== 'item_velocity') return undefined;
  if (data.trigger?.threshold)
    return (
      `${data.trigger.threshold} ` +
      `occurrences${data.trigger.window_size_description ? ` in ${data.trigger.window_size_description}` : ''}`
    );
  return data.occurrences ? `${data.occurrences} occurrences` : undefined;
}

function render(p: Envelope, event: string): Embed {
  const data = p.data ?? {};
  if (event === 'deploy') return deployEmbed(data.deploy ?? {});
  const { item } = data;
  const uuid = data.occurrence?.uuid ?? item?.last_occurrence?.uuid;
  const level =
    data.occurrence?.level ?? item?.last_occurrence?.level ?? (item?.level ? entryOf(LEVELS, item.level) : undefined);
  const often = frequency(event, data);
  // The item's page where Rollbar gives it; else its link to an occurrence by uuid, which redirects into the project.
  const url = data.url ?? (uuid ? `https://rollbar.com/occurrence/uuid/?uuid=${encodeURIComponent(uuid)}` : undefined);
  return {
    title:
      `${often ? `Item reached ${often}` : (entryOf(HAPPENED, event) ?? eventWords(event))}` +
      `${item?.title ? `: ${item.title}` : ''}`,
    ...(url ? { url } : {}),
    color:
      entryOf(EVENT_COLORS, event) ??
      (level === 'warning' ? COLORS.warning : level === 'info' || level === 'debug' ? COLORS.info : COLORS.closed),
    ...(data.message ? { description: escapeMarkdown(data.message) } : {}),
    fields: [
      ...(item?.counter ? [{ name: 'Item', value: `#${item.counter}`, inline: true }] : []),
      ...(item?.environment ? [{ name: 'Environment', value: escapeMarkdown(item.environment), inline: true }] : []),
      ...(level ? [{ name: 'Level', value: escapeMarkdown(level), inline: true }] : []),
      ...(item?.total_occurrences
        ? [{ name: 'Occurrences', value: String(item.total_occurrences), inline: true }]
        : []),
      ...(uuid ? [{ name: 'Occurrence', value: inlineCode(uuid), inline: false }] : []),
    ],
  };
}

export const rollbar: Provider = schemaProvider({
  name: 'rollbar',
  displayName: 'Rollbar',
  description:
    'Every Rollbar event: new, reactivated, reopened, resolved, repeating or fast-occurring items and their ' +
    'occurrences (title, level, environment, counts, linked to the item), deploys (revision, environment, who, ' +
    'comment) and the test notification.',
  docs: 'https://docs.rollbar.com/docs/webhooks',
  event: fromField('event_name'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
