import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { always, COLORS, firstOf, fromField, joinedId, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';

/**
 * New Relic alert webhooks, in both payloads New Relic sends: the legacy alert policy channel's
 * (`current_state`, `incident_url`, `policy_name`, `condition_name`, `targets`) and the default
 * template of a workflow's webhook destination (`state` ACTIVATED/ACKNOWLEDGED/CLOSED, `issueUrl`,
 * `title`, `priority`, `alertPolicyNames`, `alertConditionNames`, `impactedEntities`). The event is
 * the legacy body's `event_type`, else INCIDENT; the incident (or issue) id and its state make the
 * delivery id. New Relic does not sign (a custom header can be set, which the relay does not read).
 */
const text = () => z.nullish(z.string());
const names = () => z.nullish(z.array(z.string()));
const INCIDENT = () => z.object({
  current_state: text(),
  state: text(),
  details: text(),
  title: text(),
  severity: text(),
  priority: text(),
  incident_url: text(),
  issueUrl: text(),
  policy_name: text(),
  policyName: text(),
  alertPolicyNames: names(),
  condition_name: text(),
  conditionName: text(),
  alertConditionNames: names(),
  owner: text(),
  runbook_url: text(),
  targets: z.nullish(z.array(z.object({ name: z.string(), type: text() }))),
  impactedEntities: names(),
}).check(z.refine((p) => Boolean(p.current_state || p.state || p.title || p.details), { message: 'says neither state (current_state or state) nor what happened (title or details)', path: ['state'] }));
type Incident = z.output<ReturnType<typeof INCIDENT>>;

const STATE_COLORS: Record<string, number> = { open: COLORS.closed, activated: COLORS.closed, acknowledged: COLORS.warning, closed: COLORS.created };

/** Names from either payload as one line: the legacy single name or the workflow's list. */
const listed = (one: string | null | undefined, many: string[] | null | undefined) => [...(one ? [one] : []), ...(many ?? [])].filter(Boolean).join(', ');

function render(p: Incident): Embed {
  const state = (p.current_state || p.state || '').toLowerCase();
  const policy = listed(p.policy_name || p.policyName, p.alertPolicyNames);
  const condition = listed(p.condition_name || p.conditionName, p.alertConditionNames) || 'Incident';
  const severity = p.severity || p.priority;
  const url = p.incident_url || p.issueUrl;
  const details = p.details || p.title;
  const targets = [...(p.targets ?? []).map((target) => target.name), ...(p.impactedEntities ?? [])].filter(Boolean).map(escapeMarkdown).join(', ');
  return {
    title: `${policy ? `[${policy}] ` : ''}${condition}${state ? ` ${state}` : ''}`,
    ...(url ? { url } : {}),
    color: STATE_COLORS[state] ?? (severity === 'CRITICAL' ? COLORS.closed : COLORS.warning),
    ...(details ? { description: escapeMarkdown(details) } : {}),
    fields: [
      ...(severity ? [{ name: 'Severity', value: escapeMarkdown(eventWords(severity)), inline: true }] : []),
      ...(targets ? [{ name: 'Targets', value: targets, inline: true }] : []),
      ...(p.owner ? [{ name: 'Owner', value: escapeMarkdown(p.owner), inline: true }] : []),
    ],
  };
}

export const newrelic: Provider = schemaProvider({
  name: 'newrelic',
  displayName: 'New Relic',
  description: 'Alert incidents and workflow issues opened, acknowledged or closed: policy, condition, severity, details, targets and owner, linked to the incident.',
  docs: 'https://docs.newrelic.com/docs/alerts/get-notified/notification-integrations/#webhook',
  event: firstOf(fromField('event_type'), always('INCIDENT')),
  deliveryId: joinedId(firstOf(fromField('incident_id'), fromField('id')), firstOf(fromField('current_state'), fromField('state'))),
  schemas: () => ({ INCIDENT: INCIDENT() }),
  renderers: { INCIDENT: render },
});
