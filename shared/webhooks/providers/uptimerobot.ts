import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { always, COLORS, schemaProvider, type Provider } from '../provider';

/**
 * UptimeRobot: a webhook alert contact posts the JSON its owner writes with UptimeRobot's
 * variables (*monitorFriendlyName*, *monitorURL*, *alertDetails*, and optionally *alertType* and
 * *alertTypeFriendlyName*: 1 down, 2 up, 3 SSL expiry). Owners name the keys as they like: the
 * relay reads the variables' own names and the snake_case ones integrations document
 * (monitor_friendly_name, alert_type, ...). There is no event or delivery id; UptimeRobot does not sign.
 */
const text = () => z.nullish(z.string());
const code = () => z.nullish(z.union([z.string(), z.number()]));
const alert = () => z.object({
  monitorFriendlyName: text(),
  monitor_friendly_name: text(),
  monitorURL: text(),
  monitor_url: text(),
  alertDetails: text(),
  alert_details: text(),
  alertType: code(),
  alert_type: code(),
  alertTypeFriendlyName: text(),
  alert_type_friendly_name: text(),
  alertDuration: code(),
  alert_duration: code(),
  alertFriendlyDuration: text(),
  alert_friendly_duration: text(),
}).check(z.refine((p) => Boolean(filled(p.monitorFriendlyName ?? p.monitor_friendly_name) ?? filled(p.monitorURL ?? p.monitor_url)), { message: 'names no monitor (monitorFriendlyName or monitor_friendly_name)', path: ['monitorFriendlyName'] }));

/** A value as sent, or undefined when empty or still UptimeRobot's unfilled `*variable*` placeholder. */
function filled(value: string | number | null | undefined): string | undefined {
  const shown = value === null || value === undefined ? '' : String(value).trim();
  return shown === '' || /^\*\w+\*$/.test(shown) ? undefined : shown;
}

const TYPES: Record<string, { words: string; color: number }> = { '1': { words: 'is down', color: COLORS.closed }, '2': { words: 'is up', color: COLORS.created }, '3': { words: 'has an SSL certificate expiring', color: COLORS.warning } };

function render(p: z.output<ReturnType<typeof alert>>): Embed {
  const name = filled(p.monitorFriendlyName ?? p.monitor_friendly_name) ?? filled(p.monitorURL ?? p.monitor_url) ?? 'Monitor';
  // Owners often monitor a bare host ("server1.example.com"): only a web address makes a link.
  const url = filled(p.monitorURL ?? p.monitor_url)?.match(/^https?:\/\/\S+$/i)?.[0];
  const details = filled(p.alertDetails ?? p.alert_details);
  const typeName = filled(p.alertTypeFriendlyName ?? p.alert_type_friendly_name);
  const duration = filled(p.alertFriendlyDuration ?? p.alert_friendly_duration);
  const seconds = filled(p.alertDuration ?? p.alert_duration);
  const type = TYPES[filled(p.alertType ?? p.alert_type) ?? ''];
  const what = type?.words ?? (typeName ? `is ${typeName.toLowerCase()}` : 'alert');
  const fields = duration ? [{ name: 'Duration', value: escapeMarkdown(duration), inline: true }] : seconds ? [{ name: 'Duration (s)', value: escapeMarkdown(seconds), inline: true }] : [];
  return {
    title: `${name} ${what}`,
    ...(url ? { url } : {}),
    color: type?.color ?? COLORS.warning,
    ...(details ? { description: escapeMarkdown(details) } : {}),
    ...(fields.length ? { fields } : {}),
  };
}

export const uptimerobot: Provider = schemaProvider({
  name: 'uptimerobot',
  displayName: 'UptimeRobot',
  description: 'Monitor alerts (down, up, SSL expiry) from a webhook alert contact whose POST value is JSON with UptimeRobot\'s variables (monitorFriendlyName, monitorURL, alertDetails, alertType, or the same in snake_case).',
  docs: 'https://uptimerobot.com/api/#webhooks',
  event: always('alert'),
  schemas: () => ({ alert: alert() }),
  renderers: { alert: render },
});
