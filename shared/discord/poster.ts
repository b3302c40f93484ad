import type { DiscordMessage } from './message';
import { traced } from '../observability/tracing';

/** What became of one message sent to a Discord webhook. */
export type DeliveryOutcome =
  | { kind: 'delivered'; status: number; messageId?: string }
  /**
   * Discord refused the webhook: bad token (401/403) or no such webhook (404); or the request
   * itself (`invalid`: another 4xx, such as 400 Invalid Form Body), with Discord's `error` when it said one.
   */
  | { kind: 'rejected'; status: number; reason: 'unauthorized' | 'notFound' | 'invalid'; error?: string }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  /** Discord failed (5xx), timed out or could not be reached. */
  | { kind: 'failed'; status?: number; reason: string };

export interface PosterOptions {
  /** DISCORD_API_BASE, e.g. https://discord.com/api (tests: a server on 127.0.0.1). */
  apiBase: string;
  timeoutMs?: number;
  /** A 429 asking to wait at most this long is waited out and retried once. */
  maxRetryWaitMs?: number;
  /** Told of each answer Discord counts against its invalid-request limit (see countsAsInvalid). */
  onInvalidAnswer?: () => void;
}

const DEFAULTS = { timeoutMs: 5_000, maxRetryWaitMs: 2_000 };

/** DISCORD_API_BASE, else Discord's own API. */
export const discordApiBaseFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  env.DISCORD_API_BASE || 'https://discord.com/api';

/** Seconds to wait from a Discord 429: its JSON `retry_after` (seconds, may be fractional), else Retry-After. */
async function retryAfterOf(response: Response): Promise<number> {
  const body = (await response.json().catch(() => undefined)) as { retry_after?: unknown } | undefined;
  const fromBody = Number(body?.retry_after);
  if (Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  const fromHeader = Number(response.headers.get('retry-after'));
  return Number.isFinite(fromHeader) && fromHeader >= 0 ? fromHeader : 1;
}

/**
 * Discord bans an address that gets 10,000 of these in 10 minutes: 401, 403, 404 and 429, except a
 * 429 of the shared scope (a busy resource, not the caller's fault).
 */
const countsAsInvalid = (response: Response) =>
  [401, 403, 404].includes(response.status) ||
  (response.status === 429 && response.headers.get('x-ratelimit-scope') !== 'shared');

/**
 * One request to Discord with the relay's user agent and timeout;
 * an error when it could not be sent or answered in time.
 */
export async function send(
  url: string,
  init: RequestInit,
  options: PosterOptions,
): Promise<Response | { error: string }> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  try {
    // Named, not captured with its URL: the URL holds the webhook's token.
    const response = await traced('discord', () =>
      fetch(url, {
        ...init,
        headers: { 'user-agent': 'chatbot-utility-api (webhook relay, 1.0)', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      }),
    );
    if (countsAsInvalid(response)) options.onInvalidAnswer?.();
    return response;
  } catch (error) {
    const name = (error as Error).name;
    return {
      error:
        name === 'TimeoutError' || name === 'AbortError'
          ? `Discord did not answer within ${timeoutMs / 1000} s`
          : 'Discord could not be reached',
    };
  }
}

const webhookUrl = (apiBase: string, id: string, token: string) =>
  `${apiBase.replace(/\/+$/, '')}/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

/** The longest of Discord's error descriptions kept (its JSON error's code and message). */
const ERROR_CHARS = 200;

/** Discord's JSON error as "50035 Invalid Form Body" (bounded), if it sent one. */
async function discordError(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined;
  const parts = [
    typeof body?.code === 'number' ? String(body.code) : '',
    typeof body?.message === 'string' ? body.message : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ').replace(/\s+/g, ' ').slice(0, ERROR_CHARS) : undefined;
}

/** What a non-2xx, non-429 answer of Discord means for the webhook. */
async function refusal(response: Response): Promise<Exclude<DeliveryOutcome, { kind: 'delivered' | 'rateLimited' }>> {
  const { status } = response;
  if (status >= 400 && status < 500 && ![401, 403, 404].includes(status)) {
    // Discord will never take this request (a message it finds
    // malformed): what it said is kept for whoever reads the log.
    const error = await discordError(response);
    return { kind: 'rejected', status, reason: 'invalid', ...(error ? { error } : {}) };
  }
  await response.body?.cancel();
  if (status === 401 || status === 403) return { kind: 'rejected', status, reason: 'unauthorized' };
  if (status === 404) return { kind: 'rejected', status, reason: 'notFound' };
  return { kind: 'failed', status, reason: `Discord answered ${status}` };
}

/**
 * Asks Discord whether the webhook `id`/`token` exists and the token is right (GET
 * /webhooks/{id}/{token}, which needs no bot token), so only whoever holds the webhook can
 * register secrets for it. Never throws.
 */
export async function checkWebhook(id: string, token: string, options: PosterOptions): Promise<DeliveryOutcome> {
  const response = await send(webhookUrl(options.apiBase, id, token), { method: 'GET' }, options);
  if ('error' in response) return { kind: 'failed', reason: response.error };
  if (response.status === 429)
    return { kind: 'rateLimited', retryAfterSeconds: Math.max(1, Math.ceil(await retryAfterOf(response))) };
  if (!response.ok) return refusal(response);
  const body = (await response.json().catch(() => undefined)) as { id?: unknown } | undefined;
  // A 2xx for some other webhook (a misbehaving proxy) proves nothing about this one.
  if (body?.id !== id)
    return { kind: 'failed', status: response.status, reason: 'Discord answered for another webhook' };
  return { kind: 'delivered', status: response.status };
}

/**
 * Posts `message` to the webhook `id`/`token` with `?wait=true` (so Discord confirms the message),
 * retrying once when Discord asks for a short wait, and says what happened; it never throws.
 */
export async function postToDiscord(
  id: string,
  token: string,
  message: DiscordMessage,
  options: PosterOptions,
): Promise<DeliveryOutcome> {
  const { maxRetryWaitMs } = { ...DEFAULTS, ...options };
  const url = `${webhookUrl(options.apiBase, id, token)}?wait=true`;
  for (let attempt = 0; ; attempt += 1) {
    const response = await send(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) },
      options,
    );
    if ('error' in response) return { kind: 'failed', reason: response.error };
    if (response.ok) {
      const body = (await response.json().catch(() => undefined)) as { id?: unknown } | undefined;
      return {
        kind: 'delivered',
        status: response.status,
        ...(typeof body?.id === 'string' ? { messageId: body.id } : {}),
      };
    }
    if (response.status === 429) {
      const wait = await retryAfterOf(response);
      if (attempt === 0 && wait * 1000 <= maxRetryWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      return { kind: 'rateLimited', retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    }
    return refusal(response);
  }
}
