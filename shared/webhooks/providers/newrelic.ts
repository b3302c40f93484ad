import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { always, COLORS, firstOf, fromField, joinedId, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';

/**
 * New Relic alert webhooks in the legacy (alert policy channel) payload: an incident opened,
 * acknowledged or closed, with its policy, condition, severity and targets. The event is the
 * body's `event_type` (INCIDENT); the incident id and its state make the delivery id. New Relic
 * does not sign (a custom header can be set, which the relay does not read).
 */
const INCIDENT = () => z.object({
  current_state: z.string(),
  details: z.nullish(z.string()),
  severity: z.nullish(z.string()),
  incident_url: z.nullish(z.string()),
  policy_name: z.nullish(z.string()),
  condition_name: z.nullish(z.string()),
  owner: z.nullish(z.string()),
  runbook_url: z.nullish(z.string()),
  targets: z.nullish(z.array(z.object({ name: z.string(), type: z.nullish(z.string()) }))),
});

const STATE_COLORS: Record<string, number> = { open: COLORS.closed, acknowledged: COLORS.warning, closed: COLORS.created };

function render(p: z.output<ReturnType<typeof INCIDENT>>): Embed {
  const targets = (p.targets ?? []).map((target) => escapeMarkdown(target.name)).join(', ');
  return {
    title: `${p.policy_name ? `[${p.policy_name}] ` : ''}${p.condition_name ?? 'Incident'} ${p.current_state}`,
    ...(p.incident_url ? { url: p.incident_url } : {}),
    color: STATE_COLORS[p.current_state] ?? (p.severity === 'CRITICAL' ? COLORS.closed : COLORS.warning),
    ...(p.details ? { description: escapeMarkdown(p.details) } : {}),
    fields: [
      ...(p.severity ? [{ name: 'Severity', value: escapeMarkdown(eventWords(p.severity)), inline: true }] : []),
      ...(targets ? [{ name: 'Targets', value: targets, inline: true }] : []),
      ...(p.owner ? [{ name: 'Owner', value: escapeMarkdown(p.owner), inline: true }] : []),
    ],
  };
}

export const newrelic: Provider = schemaProvider({
  name: 'newrelic',
  displayName: 'New Relic',
  description: 'Alert incidents opened, acknowledged or closed: policy, condition, severity, details, targets and owner, linked to the incident.',
  docs: 'https://docs.newrelic.com/docs/alerts/get-notified/notification-integrations/#webhook',
  event: firstOf(fromField('event_type'), always('INCIDENT')),
  deliveryId: joinedId(fromField('incident_id'), fromField('current_state')),
  schemas: () => ({ INCIDENT: INCIDENT() }),
  renderers: { INCIDENT: render },
});
