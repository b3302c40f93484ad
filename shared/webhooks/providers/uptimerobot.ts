import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { always, COLORS, schemaProvider, type Provider } from '../provider';

/**
 * UptimeRobot: a webhook alert contact posts the JSON its owner writes with UptimeRobot's
 * variables (*monitorFriendlyName*, *monitorURL*, *alertDetails*, and optionally *alertType* and
 * *alertTypeFriendlyName*: 1 down, 2 up, 3 SSL expiry); the relay reads those names. There is no
 * event or delivery id; UptimeRobot does not sign.
 */
const alert = () => z.object({
  monitorFriendlyName: z.string(),
  monitorURL: z.nullish(z.string()),
  alertDetails: z.nullish(z.string()),
  alertType: z.nullish(z.union([z.string(), z.number()])),
  alertTypeFriendlyName: z.nullish(z.string()),
  alertDuration: z.nullish(z.union([z.string(), z.number()])),
});

const TYPES: Record<string, { words: string; color: number }> = { '1': { words: 'is down', color: COLORS.closed }, '2': { words: 'is up', color: COLORS.created }, '3': { words: 'has an SSL certificate expiring', color: COLORS.warning } };

function render(p: z.output<ReturnType<typeof alert>>): Embed {
  const type = TYPES[String(p.alertType ?? '')];
  const what = type?.words ?? (p.alertTypeFriendlyName ? `is ${p.alertTypeFriendlyName.toLowerCase()}` : 'alert');
  return {
    title: `${p.monitorFriendlyName} ${what}`,
    ...(p.monitorURL ? { url: p.monitorURL } : {}),
    color: type?.color ?? COLORS.warning,
    ...(p.alertDetails ? { description: escapeMarkdown(p.alertDetails) } : {}),
    ...(p.alertDuration !== undefined && p.alertDuration !== null && p.alertDuration !== '' ? { fields: [{ name: 'Duration (s)', value: escapeMarkdown(String(p.alertDuration)), inline: true }] } : {}),
  };
}

export const uptimerobot: Provider = schemaProvider({
  name: 'uptimerobot',
  displayName: 'UptimeRobot',
  description: 'Monitor alerts (down, up, SSL expiry) from a webhook alert contact whose POST value is JSON with UptimeRobot\'s variables (monitorFriendlyName, monitorURL, alertDetails, alertType).',
  docs: 'https://uptimerobot.com/api/#webhooks',
  event: always('alert'),
  schemas: () => ({ alert: alert() }),
  renderers: { alert: render },
});
