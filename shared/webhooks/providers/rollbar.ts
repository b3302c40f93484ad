import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';

/**
 * Rollbar: `{ event_name, data }`; item events (new_item, occurrence, reactivated_item,
 * resolved_item, reopened_item, exp_repeat_item, item_velocity) carry `data.item`, deploys
 * `data.deploy`; every event renders from that envelope. Rollbar sends no delivery id and does
 * not sign.
 */
const envelope = () => z.object({
  event_name: z.string(),
  data: z.object({
    item: z.optional(
      z.object({
        id: z.number(),
        counter: z.nullish(z.number()),
        title: z.string(),
        environment: z.nullish(z.string()),
        level: z.nullish(z.number()),
        total_occurrences: z.nullish(z.number()),
        last_occurrence: z.nullish(z.object({ uuid: z.nullish(z.string()), level: z.nullish(z.string()) })),
      }),
    ),
    deploy: z.optional(z.object({ environment: z.string(), revision: z.nullish(z.string()), local_username: z.nullish(z.string()), comment: z.nullish(z.string()) })),
    occurrence: z.optional(z.object({ uuid: z.nullish(z.string()) })),
  }),
});

/** Rollbar's numeric levels: 50 critical, 40 error, 30 warning, 20 info, 10 debug. */
const LEVELS: Record<number, string> = { 50: 'critical', 40: 'error', 30: 'warning', 20: 'info', 10: 'debug' };
const EVENT_COLORS: Record<string, number> = { resolved_item: COLORS.created, deploy: COLORS.info, test: COLORS.neutral };

function render(p: z.output<ReturnType<typeof envelope>>, event: string): Embed {
  const { item, deploy } = p.data;
  if (deploy) {
    return {
      title: `Deploy to ${deploy.environment}${deploy.revision ? ` (${deploy.revision.slice(0, 12)})` : ''}`,
      color: COLORS.info,
      ...(deploy.local_username ? { author: { name: deploy.local_username } } : {}),
      ...(deploy.comment ? { description: escapeMarkdown(deploy.comment) } : {}),
    };
  }
  const uuid = p.data.occurrence?.uuid ?? item?.last_occurrence?.uuid;
  const level = item?.last_occurrence?.level ?? (item?.level ? LEVELS[item.level] : undefined);
  return {
    title: `${eventWords(event)}${item ? `: ${item.title}` : ''}`,
    // Rollbar's link to an occurrence by its uuid, which redirects into the project.
    ...(uuid ? { url: `https://rollbar.com/occurrence/uuid/?uuid=${encodeURIComponent(uuid)}` } : {}),
    color: EVENT_COLORS[event] ?? (level === 'warning' ? COLORS.warning : level === 'info' || level === 'debug' ? COLORS.info : COLORS.closed),
    fields: [
      ...(item?.counter ? [{ name: 'Item', value: `#${item.counter}`, inline: true }] : []),
      ...(item?.environment ? [{ name: 'Environment', value: escapeMarkdown(item.environment), inline: true }] : []),
      ...(level ? [{ name: 'Level', value: escapeMarkdown(level), inline: true }] : []),
      ...(item?.total_occurrences ? [{ name: 'Occurrences', value: String(item.total_occurrences), inline: true }] : []),
      ...(uuid ? [{ name: 'Occurrence', value: inlineCode(uuid), inline: false }] : []),
    ],
  };
}

export const rollbar: Provider = schemaProvider({
  name: 'rollbar',
  displayName: 'Rollbar',
  description: 'Every Rollbar event: new, reactivated, reopened, resolved or fast-repeating items and their occurrences (title, level, environment, counts, linked to the occurrence), and deploys.',
  docs: 'https://docs.rollbar.com/docs/webhooks',
  event: fromField('event_name'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
