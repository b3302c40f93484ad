import type { DiscordMessage } from './message';

/** What became of one message sent to a Discord webhook. */
export type DeliveryOutcome =
  | { kind: 'delivered'; status: number; messageId?: string }
  /** Discord refused the webhook: bad token (401/403) or no such webhook (404). */
  | { kind: 'rejected'; status: number; reason: 'unauthorized' | 'notFound' | 'invalid' }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  /** Discord failed (5xx), timed out or could not be reached. */
  | { kind: 'failed'; status?: number; reason: string };

export interface PosterOptions {
  /** DISCORD_API_BASE, e.g. https://discord.com/api (tests: a server on 127.0.0.1). */
  apiBase: string;
  timeoutMs?: number;
  /** A 429 asking to wait at most this long is waited out and retried once. */
  maxRetryWaitMs?: number;
}

const DEFAULTS = { timeoutMs: 5_000, maxRetryWaitMs: 2_000 };

/** Seconds to wait from a Discord 429: its JSON `retry_after` (seconds, may be fractional), else Retry-After. */
async function retryAfterOf(response: Response): Promise<number> {
  const body = (await response.json().catch(() => undefined)) as { retry_after?: unknown } | undefined;
  const fromBody = Number(body?.retry_after);
  if (Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  const fromHeader = Number(response.headers.get('retry-after'));
  return Number.isFinite(fromHeader) && fromHeader >= 0 ? fromHeader : 1;
}

async function sendOnce(url: string, message: DiscordMessage, timeoutMs: number): Promise<Response | { error: string }> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'chatbot-utility-api (webhook relay, 1.0)' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    return { error: name === 'TimeoutError' || name === 'AbortError' ? `Discord did not answer within ${timeoutMs / 1000} s` : 'Discord could not be reached' };
  }
}

/**
 * Posts `message` to the webhook `id`/`token` with `?wait=true` (so Discord confirms the message),
 * retrying once when Discord asks for a short wait, and says what happened; it never throws.
 */
export async function postToDiscord(id: string, token: string, message: DiscordMessage, options: PosterOptions): Promise<DeliveryOutcome> {
  const { timeoutMs, maxRetryWaitMs } = { ...DEFAULTS, ...options };
  const url = `${options.apiBase.replace(/\/+$/, '')}/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}?wait=true`;
  for (let attempt = 0; ; attempt += 1) {
    const response = await sendOnce(url, message, timeoutMs);
    if ('error' in response) return { kind: 'failed', reason: response.error };
    if (response.ok) {
      const body = (await response.json().catch(() => undefined)) as { id?: unknown } | undefined;
      return { kind: 'delivered', status: response.status, ...(typeof body?.id === 'string' ? { messageId: body.id } : {}) };
    }
    if (response.status === 429) {
      const wait = await retryAfterOf(response);
      if (attempt === 0 && wait * 1000 <= maxRetryWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      return { kind: 'rateLimited', retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    }
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403) return { kind: 'rejected', status: response.status, reason: 'unauthorized' };
    if (response.status === 404) return { kind: 'rejected', status: 404, reason: 'notFound' };
    if (response.status >= 400 && response.status < 500) return { kind: 'rejected', status: response.status, reason: 'invalid' };
    return { kind: 'failed', status: response.status, reason: `Discord answered ${response.status}` };
  }
}
