import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { always, COLORS, firstOf, fromField, joinedId, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';

/**
 * Instana alert channel webhooks: `{ issue: {...} }`, the event being the issue's `type` (issue,
 * incident, presence, change); a closing notice carries only the id, `state: CLOSED` and the end,
 * and reads as `closed`. Every kind renders from the same issue. Instana does not sign.
 */
const envelope = () => z.object({
  issue: z.object({
    id: z.string(),
    type: z.optional(z.string()),
    state: z.optional(z.string()),
    severity: z.nullish(z.number()),
    text: z.nullish(z.string()),
    description: z.nullish(z.string()),
    suggestion: z.nullish(z.string()),
    link: z.nullish(z.string()),
    zone: z.nullish(z.string()),
    fqdn: z.nullish(z.string()),
    entityLabel: z.nullish(z.string()),
  }),
});

/** Instana's severities: 10 critical, 5 warning, else informational. */
const severityColor = (severity: number | null | undefined) => (severity === undefined || severity === null ? COLORS.info : severity >= 10 ? COLORS.closed : severity >= 5 ? COLORS.warning : COLORS.info);

function render(p: z.output<ReturnType<typeof envelope>>, event: string): Embed {
  const i = p.issue;
  if (i.state === 'CLOSED') return { title: `${eventWords(i.type ?? 'issue')} closed`, color: COLORS.created, fields: [{ name: 'Id', value: inlineCode(i.id), inline: true }] };
  const on = i.entityLabel || i.fqdn;
  return {
    title: `${eventWords(event)}${i.text ? `: ${i.text}` : ''}${on ? ` on ${on}` : ''}`,
    ...(i.link ? { url: i.link } : {}),
    color: event === 'presence' ? COLORS.neutral : severityColor(i.severity),
    ...(i.description || i.suggestion ? { description: escapeMarkdown([i.description, i.suggestion ? `Suggestion: ${i.suggestion}` : undefined].filter(Boolean).join('\n')) } : {}),
    fields: [
      ...(i.zone ? [{ name: 'Zone', value: escapeMarkdown(i.zone), inline: true }] : []),
      ...(i.fqdn ? [{ name: 'Host', value: escapeMarkdown(i.fqdn), inline: true }] : []),
    ],
  };
}

export const instana: Provider = schemaProvider({
  name: 'instana',
  displayName: 'Instana',
  description: 'Issues and incidents opened (severity, entity, host, zone, suggestion) and closed, presence and change events, linked to Instana.',
  docs: 'https://www.ibm.com/docs/en/instana-observability/current?topic=alerts-webhook',
  event: firstOf(fromField('issue', 'type'), always('closed')),
  // An issue's id names it through its life: with its state (or kind), its opening and its closing are two deliveries.
  deliveryId: joinedId(fromField('issue', 'id'), firstOf(fromField('issue', 'state'), fromField('issue', 'type'))),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
