import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import {
  always,
  COLORS,
  isFormEncoded,
  jsonOf,
  schemaProvider,
  type Provider,
  type ProviderDelivery,
} from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { outcomeColor } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * UptimeRobot: a webhook alert contact posts what its owner writes with UptimeRobot's variables,
 * keys named as they like: the relay reads the variables' names in camelCase or snake_case, from
 * the query string, a form or JSON. No event or delivery id; unsigned.
 */
const alert = () =>
  z.object({
    monitorFriendlyName: z.string(),
    monitor_friendly_name: z.string(),
    monitorURL: z.string(),
    monitor_url: z.string(),
    alertDetails: z.string(),
    alert_details: z.string(),
    alertType: z.string(),
    alert_type: z.string(),
    alertTypeFriendlyName: z.string(),
    alert_type_friendly_name: z.string(),
    alertDuration: z.string(),
    alert_duration: z.string(),
    alertFriendlyDuration: z.string(),
    alert_friendly_duration: z.string(),
  });
type Alert = TolerantOutput<ReturnType<typeof alert>>;

/**
 * The variables from the relay URL's query and the body (a form's
 * fields or JSON), the body's winning; an empty body is no error.
 */
function variablesOf(delivery: ProviderDelivery): unknown {
  const query =
    delivery.url && URL.canParse(delivery.url) ? Object.fromEntries(new URL(delivery.url).searchParams) : {};
  const body = isFormEncoded(delivery)
    ? Object.fromEntries(new URLSearchParams(delivery.body))
    : delivery.body.trim()
      ? jsonOf(delivery)
      : {};
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...query, ...body } : body;
}

/** A value as sent, or undefined when empty or still UptimeRobot's unfilled `*variable*` placeholder. */
function filled(value: string | undefined): string | undefined {
  const shown = value?.trim();
  return !shown || /^\*\w+\*$/.test(shown) ? undefined : shown;
}

const TYPES: Record<string, { words: string; color: number }> = {
  '1': { words: 'is down', color: COLORS.closed },
  '2': { words: 'is up', color: COLORS.created },
  '3': { words: 'has an SSL certificate expiring', color: COLORS.warning },
};

function render(p: Alert): Embed {
  const name =
    filled(p.monitorFriendlyName) ?? filled(p.monitor_friendly_name) ?? filled(p.monitorURL) ?? filled(p.monitor_url);
  // Owners often monitor a bare host ("server1.example.com"): only a web address makes a link.
  const url = (filled(p.monitorURL) ?? filled(p.monitor_url))?.match(/^https?:\/\/\S+$/i)?.[0];
  const details = filled(p.alertDetails) ?? filled(p.alert_details);
  const typeName = filled(p.alertTypeFriendlyName) ?? filled(p.alert_type_friendly_name);
  const duration = filled(p.alertFriendlyDuration) ?? filled(p.alert_friendly_duration);
  const seconds = filled(p.alertDuration) ?? filled(p.alert_duration);
  const type = entryOf(TYPES, filled(p.alertType) ?? filled(p.alert_type) ?? '');
  const state = type?.words ?? (typeName ? `is ${typeName.toLowerCase()}` : undefined);
  const fields = duration
    ? [{ name: 'Duration', value: escapeMarkdown(duration), inline: true }]
    : seconds
      ? [{ name: 'Duration (s)', value: escapeMarkdown(seconds), inline: true }]
      : [];
  return {
    // Without what happened, only that there was an alert (and on which monitor, when named).
    title: state ? `${name ?? 'Monitor'} ${state}` : name ? `Alert on ${name}` : 'Monitor alert',
    ...(url ? { url } : {}),
    color: type?.color ?? (typeName ? outcomeColor(typeName) : COLORS.warning),
    ...(details ? { description: escapeMarkdown(details) } : {}),
    ...(fields.length ? { fields } : {}),
  };
}

export const uptimerobot: Provider = schemaProvider({
  name: 'uptimerobot',
  displayName: 'UptimeRobot',
  description:
    "Monitor alerts (down, up, SSL expiry) from a webhook alert contact with UptimeRobot's variables " +
    "(monitorFriendlyName, monitorURL, alertDetails, alertType, or the same in snake_case) in the URL's query " +
    'string, a form or a JSON POST value.',
  docs: 'https://uptimerobot.com/api/#webhooks',
  event: always('alert'),
  parse: variablesOf,
  schemas: () => ({ alert: alert() }),
  renderers: { alert: render },
});
