import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { always, fromField, joinedId, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords, outcomeColor } from '../render/words';

/**
 * Pingdom: one kind of delivery, a check changing state (UP, DOWN, ...; a transaction check's
 * SUCCESS, FAILING); it names no event and no delivery id, so the check and the time of the
 * change make one. Pingdom does not sign.
 */
const state_change = () =>
  z.object({
    check_name: z.string(),
    check_type: z.string(),
    check_params: z.object({ full_url: z.string(), hostname: z.string() }),
    previous_state: z.string(),
    current_state: z.string(),
    importance_level: z.string(),
    description: z.string(),
    long_description: z.string(),
    first_probe: z.object({ location: z.string() }),
  });
type StateChange = TolerantOutput<ReturnType<typeof state_change>>;

/** A state in words after "is": Pingdom's are upper-case names (a transaction check's SUCCESS reads as passing). */
const stateWords = (state: string) => (state.toUpperCase() === 'SUCCESS' ? 'passing' : eventWords(state).toLowerCase());

function render(p: StateChange): Embed {
  const name = p.check_name?.trim() || 'Check';
  const state = p.current_state?.trim();
  const was = p.previous_state?.trim();
  const details = [
    p.description,
    p.long_description && p.long_description !== p.description ? p.long_description : undefined,
  ]
    .filter(Boolean)
    .join('\n');
  const host = p.check_params?.hostname;
  return {
    title: state ? `${name} is ${stateWords(state)}${was ? ` (was ${stateWords(was)})` : ''}` : `${name} changed state`,
    ...(p.check_params?.full_url ? { url: p.check_params.full_url } : {}),
    color: outcomeColor(state?.toUpperCase() === 'UP' ? 'up' : state),
    ...(details ? { description: escapeMarkdown(details) } : {}),
    fields: [
      ...(p.check_type ? [{ name: 'Check', value: escapeMarkdown(p.check_type), inline: true }] : []),
      ...(host && !p.check_params?.full_url ? [{ name: 'Host', value: escapeMarkdown(host), inline: true }] : []),
      ...(p.importance_level
        ? [{ name: 'Importance', value: escapeMarkdown(eventWords(p.importance_level)), inline: true }]
        : []),
      ...(p.first_probe?.location
        ? [{ name: 'Probe', value: escapeMarkdown(p.first_probe.location), inline: true }]
        : []),
    ],
  };
}

export const pingdom: Provider = schemaProvider({
  name: 'pingdom',
  displayName: 'Pingdom',
  description:
    'Checks going down or coming back up: the check, its new and previous state, importance, host, the error ' +
    'and the probe that saw it.',
  docs: 'https://documentation.solarwinds.com/en/success_center/pingdom/content/topics/webhooks.htm',
  event: always('state_change'),
  // No delivery id: the check and the time of its change make one.
  deliveryId: joinedId(fromField('check_id'), fromField('state_changed_timestamp')),
  schemas: () => ({ state_change: state_change() }),
  renderers: { state_change: render },
});
