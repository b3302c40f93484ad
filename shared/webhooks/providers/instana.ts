import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, firstOf, fromField, joinedId, schemaProvider, type Locator, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * Instana alert channel webhooks: `{ issue: {...} }`, the event being the issue's `type` (issue,
 * incident, presence, change); a closing notice carries only the id, `state: CLOSED` and the end,
 * and reads as `closed`. Every kind renders from the same issue. Instana does not sign.
 */
const envelope = () =>
  z.object({
    issue: z.object({
      id: z.string(),
      type: z.string(),
      state: z.string(),
      severity: z.number(),
      text: z.string(),
      description: z.string(),
      suggestion: z.string(),
      link: z.string(),
      zone: z.string(),
      fqdn: z.string(),
      entityLabel: z.string(),
      start: z.number(),
      end: z.number(),
    }),
  });
type Envelope = TolerantOutput<ReturnType<typeof envelope>>;

/** A closing notice names no type: an issue with an id and nothing else to go by is one. */
const closingNotice: Locator = {
  describe: 'a closing notice (issue.id)',
  headers: [],
  find: (delivery, json) => (fromField('issue', 'id').find(delivery, json) ? 'closed' : undefined),
};

/** What happened, by the issue's kind: an issue or incident opened, an entity's presence changed, a change detected. */
const HAPPENED: Record<string, string> = {
  issue: 'Issue opened',
  incident: 'Incident opened',
  presence: 'Presence changed',
  change: 'Change detected',
};

/** Instana's severities: 10 critical, 5 warning, else informational. */
const severityColor = (severity: number | undefined) =>
  severity === undefined ? COLORS.info : severity >= 10 ? COLORS.closed : severity >= 5 ? COLORS.warning : COLORS.info;

/** A time Instana gives in milliseconds, as Discord's timestamp markup (shown in each reader's time zone). */
const when = (ms: number | undefined) =>
  ms && Number.isSafeInteger(ms) && ms > 0 ? `<t:${Math.floor(ms / 1000)}:f>` : undefined;

function render(p: Envelope, event: string): Embed {
  const i = p.issue ?? {};
  const kind = i.type ?? (event === 'closed' ? 'issue' : event);
  const [started, ended] = [when(i.start), when(i.end)];
  const times = [
    ...(started ? [{ name: 'Started', value: started, inline: true }] : []),
    ...(ended ? [{ name: 'Ended', value: ended, inline: true }] : []),
  ];
  const id = i.id ? [{ name: 'Id', value: inlineCode(i.id), inline: true }] : [];
  if (i.state?.toUpperCase() === 'CLOSED')
    return {
      title: `${eventWords(kind)} closed${i.text ? `: ${i.text}` : ''}`,
      ...(i.link ? { url: i.link } : {}),
      color: COLORS.created,
      fields: [...id, ...times],
    };
  const on = i.entityLabel || i.fqdn;
  const what = [i.text, on ? `on ${on}` : undefined].filter(Boolean).join(' ');
  return {
    title: `${entryOf(HAPPENED, kind) ?? eventWords(kind)}${what ? `: ${what}` : ''}`,
    ...(i.link ? { url: i.link } : {}),
    color: kind === 'presence' ? COLORS.neutral : severityColor(i.severity),
    ...(i.description || i.suggestion
      ? {
          description: escapeMarkdown(
            [i.description, i.suggestion ? `Suggestion: ${i.suggestion}` : undefined].filter(Boolean).join('\n'),
          ),
        }
      : {}),
    fields: [
      ...(i.zone ? [{ name: 'Zone', value: escapeMarkdown(i.zone), inline: true }] : []),
      ...(i.fqdn ? [{ name: 'Host', value: escapeMarkdown(i.fqdn), inline: true }] : []),
      ...times,
      ...id,
    ],
  };
}

export const instana: Provider = schemaProvider({
  name: 'instana',
  displayName: 'Instana',
  description:
    'Issues and incidents opened (severity, entity, host, zone, suggestion, start) and closed, presence and ' +
    'change events, linked to Instana.',
  docs: 'https://www.ibm.com/docs/en/instana-observability/current?topic=alerts-webhook',
  event: firstOf(fromField('issue', 'type'), closingNotice),
  // An issue's id names it through its life: with its state (or kind), its opening and its closing are two deliveries.
  deliveryId: joinedId(fromField('issue', 'id'), firstOf(fromField('issue', 'state'), fromField('issue', 'type'))),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
