import { send, type PosterOptions } from './poster';

/** What Discord says of a bot token: whose application it is, that it is no valid token, or nothing (an outage). */
export type BotTokenCheck =
  | { kind: 'application'; id: string; name: string; description?: string }
  | { kind: 'refused' }
  | { kind: 'failed'; reason: string };

/**
 * A bot token's shape: three base64url parts (the bot's id, a
 * timestamp, an HMAC), so nothing else is ever sent to Discord.
 */
export const BOT_TOKEN = /^[A-Za-z0-9_-]{16,40}\.[A-Za-z0-9_-]{4,10}\.[A-Za-z0-9_-]{20,80}$/;

/**
 * Proof of control of a Discord application: its bot token, shown to Discord once
 * (GET /applications/@me as the bot), then forgotten. Never throws, never logs the token.
 */
export async function checkBotToken(token: string, options: PosterOptions): Promise<BotTokenCheck> {
  const answer = await send(
    `${options.apiBase.replace(/\/+$/, '')}/applications/@me`,
    { headers: { Authorization: `Bot ${token}`, Accept: 'application/json' } },
    options,
  );
  if ('error' in answer) return { kind: 'failed', reason: answer.error };
  if (answer.status === 401 || answer.status === 403) {
    await answer.body?.cancel();
    return { kind: 'refused' };
  }
  if (!answer.ok) {
    await answer.body?.cancel();
    return { kind: 'failed', reason: `Discord answered ${answer.status}` };
  }
  const application = (await answer.json().catch(() => undefined)) as
    | { id?: unknown; name?: unknown; description?: unknown }
    | undefined;
  if (typeof application?.id !== 'string' || typeof application.name !== 'string')
    return { kind: 'failed', reason: 'Discord answered without an application' };
  return {
    kind: 'application',
    id: application.id,
    name: application.name,
    ...(typeof application.description === 'string' && application.description
      ? { description: application.description }
      : {}),
  };
}
