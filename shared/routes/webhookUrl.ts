import { DISCORD_WEBHOOK_URL } from './patterns';

/** The id and token a Discord webhook URL names (one DISCORD_WEBHOOK_URL matched). */
export function webhookOfUrl(url: string): { id: string; token: string } {
  const [id = '', token = ''] = url.replace(/\/$/, '').split('/').slice(-2);
  return { id, token };
}

/**
 * The same reading in a page script (the relay page, the dashboard): `discordWebhook(text)` is
 * `{ id, token }`, or null when the text is no Discord webhook URL by the very pattern the server
 * checks, so a page never builds a relay URL the server would refuse.
 */
export const DISCORD_WEBHOOK_SCRIPT = `
  const discordWebhook = (text) => {
    const url = text.trim();
    if (!new RegExp(${JSON.stringify(DISCORD_WEBHOOK_URL.source)}).test(url)) return null;
    const [id, token] = url.replace(/\\/$/, '').split('/').slice(-2);
    return { id, token };
  };`;
