import * as z from 'zod/mini';
import { escapeMarkdown, linkOrNothing, markdownLink, type Embed } from '../../discord/message';
import { always, COLORS, firstOf, fromField, joinedId, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * New Relic alert webhooks in both payloads it sends, the legacy policy channel's and a workflow
 * destination's template; owners edit either, so every key is read where it is. The incident id and
 * state make the delivery id; New Relic does not sign.
 */
const INCIDENT = () =>
  z.object({
    current_state: z.string(),
    state: z.string(),
    trigger: z.string(),
    details: z.string(),
    title: z.string(),
    severity: z.string(),
    priority: z.string(),
    incident_url: z.string(),
    issueUrl: z.string(),
    policy_name: z.string(),
    policyName: z.string(),
    alertPolicyNames: z.array(z.string()),
    condition_name: z.string(),
    conditionName: z.string(),
    alertConditionNames: z.array(z.string()),
    owner: z.string(),
    runbook_url: z.string(),
    workflowName: z.string(),
    targets: z.array(z.object({ name: z.string() })),
    impactedEntities: z.array(z.string()),
  });
type Incident = TolerantOutput<ReturnType<typeof INCIDENT>>;

/** A state as a verb: New Relic's states are adjectives ("open") or past participles ("ACTIVATED"). */
const STATE_WORDS: Record<string, string> = { open: 'opened' };
const STATE_COLORS: Record<string, number> = {
  open: COLORS.closed,
  created: COLORS.closed,
  activated: COLORS.closed,
  acknowledged: COLORS.warning,
  closed: COLORS.created,
};

/** Names from either payload as one line: the legacy single name and the workflow's list. */
const listed = (one: string | undefined, many: string[] | undefined) =>
  [...new Set([one, ...(many ?? [])].map((name) => name?.trim()).filter(Boolean))].join(', ');

function render(p: Incident): Embed {
  const state = (p.current_state || p.state || '').trim().toLowerCase();
  // A workflow's payload says "issue" (New Relic groups incidents into issues); the legacy one an incident.
  const noun = p.current_state || p.incident_url ? 'Incident' : p.state || p.issueUrl ? 'Issue' : 'Alert';
  const happened = state ? `${noun} ${entryOf(STATE_WORDS, state) ?? eventWords(state).toLowerCase()}` : noun;
  const policy = listed(p.policy_name || p.policyName, p.alertPolicyNames);
  const condition = listed(p.condition_name || p.conditionName, p.alertConditionNames);
  const severity = p.severity || p.priority;
  const url = p.incident_url || p.issueUrl;
  const details = p.details || p.title;
  const runbook = linkOrNothing(p.runbook_url);
  const targets = listed(undefined, [
    ...(p.targets ?? []).flatMap((target) => (target.name ? [target.name] : [])),
    ...(p.impactedEntities ?? []),
  ]);
  return {
    title: `${policy ? `[${policy}] ` : ''}${happened}${condition ? `: ${condition}` : ''}`,
    ...(url ? { url } : {}),
    color: entryOf(STATE_COLORS, state) ?? (severity?.toUpperCase() === 'CRITICAL' ? COLORS.closed : COLORS.warning),
    ...(details ? { description: escapeMarkdown(details) } : {}),
    fields: [
      ...(severity ? [{ name: 'Severity', value: escapeMarkdown(eventWords(severity)), inline: true }] : []),
      ...(targets ? [{ name: 'Targets', value: escapeMarkdown(targets), inline: true }] : []),
      ...(p.owner ? [{ name: 'Owner', value: escapeMarkdown(p.owner), inline: true }] : []),
      // Why a workflow notified: a user's action (an acknowledgement), a closed incident, a new one...
      ...(p.trigger ? [{ name: 'Trigger', value: escapeMarkdown(eventWords(p.trigger)), inline: true }] : []),
      ...(p.workflowName ? [{ name: 'Workflow', value: escapeMarkdown(p.workflowName), inline: true }] : []),
      ...(runbook ? [{ name: 'Runbook', value: markdownLink('Open the runbook', runbook), inline: true }] : []),
    ],
  };
}

export const newrelic: Provider = schemaProvider({
  name: 'newrelic',
  displayName: 'New Relic',
  description:
    'Alert incidents and workflow issues opened, acknowledged or closed: policy, condition, severity, details, ' +
    'targets, owner and workflow, linked to the incident.',
  docs: 'https://docs.newrelic.com/docs/alerts/get-notified/notification-integrations/#webhook',
  event: firstOf(fromField('event_type'), always('INCIDENT')),
  // A workflow notifies again on the same issue and state (a user's
  // acknowledgement, a priority change): its updatedAt tells those apart.
  deliveryId: joinedId(
    firstOf(fromField('incident_id'), fromField('id')),
    firstOf(fromField('current_state'), joinedId(fromField('state'), fromField('updatedAt'))),
  ),
  schemas: () => ({ INCIDENT: INCIDENT() }),
  renderers: { INCIDENT: render },
});
