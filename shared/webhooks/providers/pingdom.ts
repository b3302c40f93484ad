import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { always, fromField, joinedId, schemaProvider, type Provider } from '../provider';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Pingdom: one kind of delivery, a check changing state (UP, DOWN, ...); it names no event and no
 * delivery id, so the check and the time of the change make one. Pingdom does not sign.
 */
const state_change = () => z.object({
  check_id: z.number(),
  check_name: z.string(),
  check_type: z.nullish(z.string()),
  check_params: z.nullish(z.object({ full_url: z.nullish(z.string()), hostname: z.nullish(z.string()) })),
  previous_state: z.nullish(z.string()),
  current_state: z.string(),
  importance_level: z.nullish(z.string()),
  description: z.nullish(z.string()),
  long_description: z.nullish(z.string()),
  first_probe: z.nullish(z.object({ location: z.nullish(z.string()) })),
});

function render(p: z.output<ReturnType<typeof state_change>>): Embed {
  const details = [p.description, p.long_description && p.long_description !== p.description ? p.long_description : undefined].filter(Boolean).join('\n');
  return {
    title: `[${p.check_name}] ${p.current_state}${p.previous_state ? ` (was ${p.previous_state})` : ''}`,
    ...(p.check_params?.full_url ? { url: p.check_params.full_url } : {}),
    color: outcomeColor(p.current_state === 'UP' ? 'up' : p.current_state),
    ...(details ? { description: escapeMarkdown(details) } : {}),
    fields: [
      ...(p.check_type ? [{ name: 'Check', value: escapeMarkdown(p.check_type), inline: true }] : []),
      ...(p.importance_level ? [{ name: 'Importance', value: escapeMarkdown(eventWords(p.importance_level)), inline: true }] : []),
      ...(p.first_probe?.location ? [{ name: 'Probe', value: escapeMarkdown(p.first_probe.location), inline: true }] : []),
    ],
  };
}

export const pingdom: Provider = schemaProvider({
  name: 'pingdom',
  displayName: 'Pingdom',
  description: 'Checks going down or coming back up: the check, its new and previous state, importance, the error and the probe that saw it.',
  docs: 'https://documentation.solarwinds.com/en/success_center/pingdom/content/topics/webhooks.htm',
  event: always('state_change'),
  // No delivery id: the check and the time of its change make one.
  deliveryId: joinedId(fromField('check_id'), fromField('state_changed_timestamp')),
  schemas: () => ({ state_change: state_change() }),
  renderers: { state_change: render },
});
