import { DISCORD_WEBHOOK_URL } from './patterns';

/** The id and token a Discord webhook URL names (one DISCORD_WEBHOOK_URL matched). */
export function webhookOfUrl(url: string): { id: string; token: string } {
  const [id = '', token = ''] = url.replace(/\/$/, '').split('/').slice(-2);
  return { id, token };
}

/**
 * The same reading of any text (the relay page's and the dashboard's scripts bundle it): null when
 * the text is no Discord webhook URL by the very pattern the server checks, so a page never builds
 * a relay URL the server would refuse.
 */
export function discordWebhook(text: string): { id: string; token: string } | null {
  const url = text.trim();
  return DISCORD_WEBHOOK_URL.test(url) ? webhookOfUrl(url) : null;
}
