import { expect } from '@jest/globals';
import { runWebhooksCommand } from '../../infra/cli/webhooksCommand';
import type { LocalServer, LocalServerOptions } from '../../infra/local/server';
import { sha256Hex } from '../../shared/crypto/hash';
import { LocalSecretBox } from '../../shared/crypto/secretBox';
import { createStores, type Stores } from '../../shared/store';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';
import type { ReplayDeps } from '../../shared/webhooks/replay';
import type { DeliveryRequest } from '../fixtures/delivery';
import { githubDelivery } from '../fixtures/github/payloads';
import { startFakeDiscord, type FakeDiscord } from './fakeDiscord';
import { call, startTestApi, type Reply } from './localApi';

export const TOKEN = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcdefghijklmnopqrstuvwxyz01';
export const RELAY_KEY = 'relay-owner-key-0123456789';

/** The local API with a fake Discord behind it, for the webhook relay's end-to-end suites. */
export interface RelayHarness {
  api: LocalServer;
  discord: FakeDiscord;
  /** The server's own table, for looking at what it stored. */
  stores: Stores;
  /** Forgets what the fake Discord saw and its script (before each test). */
  resetDiscord(): void;
  /** A fresh Discord webhook id, so tests never share a webhook's records or limit. */
  hookId(): string;
  /**
   * A fresh webhook id whose token Discord has confirmed (its secrets registered, none of them):
   * a known-good pair, whose deliveries Discord refuses for a while are queued. Call it before
   * scripting Discord (the confirmation takes a reply); it leaves nothing in `discord.seen`.
   */
  knownHookId(token?: string): Promise<string>;
  /** The SHA-256 of a token, as the delivery log's keys carry it. */
  tokenHash(token?: string): string;
  /** The relay URL a provider is given (what Square and Trello sign). */
  relayUrl(id: string, provider: string, token?: string): string;
  /** POST /webhooks/{id}/{token}/{provider} with exactly these headers and body (malformed deliveries too). */
  deliver(
    id: string,
    provider: string,
    headers: Record<string, string>,
    body: string | Uint8Array<ArrayBuffer>,
    token?: string,
  ): Promise<Reply>;
  /** Sends a provider's delivery (a fixture), with `headers` added or overriding its own (signatures). */
  send(
    id: string,
    provider: string,
    delivery: DeliveryRequest,
    options?: { headers?: Record<string, string>; token?: string },
  ): Promise<Reply>;
  /** The suites' everyday delivery: a GitHub `star`, under a fresh delivery id unless given. */
  star(id: string, deliveryId?: string, token?: string): Promise<Reply>;
  /** PUT /v1/webhooks/{id}/{token} with the harness's API key; `extra`: more body fields (requireSignatures). */
  putSecrets(
    id: string,
    secrets: Record<string, unknown>,
    token?: string,
    extra?: Record<string, unknown>,
  ): Promise<Reply>;
  /** What `npm run webhooks` works with against this server: its delivery log and secret key, and the fake Discord. */
  replayDeps: ReplayDeps;
  /** Runs `npm run webhooks -- <argv>` in process, over replayDeps: its exit code and what it printed. */
  webhooks(...argv: string[]): Promise<{ code: number; out: string }>;
  close(): Promise<void>;
}

let next = 0;

/**
 * Each limit option sets the local server's variable (RATE_LIMIT_PER_MINUTE,
 * RELAY_NEW_PAIRS_PER_MINUTE, RELAY_REFUSED_PER_MINUTE, RELAY_BRAKE_INVALID_PER_10_MIN); the pair
 * quotas default to 10,000, as suites try and repeat many pairs from 127.0.0.1.
 */
export async function startRelayHarness(
  options: {
    rateLimit?: number;
    newPairsPerMinute?: number;
    refusedPerMinute?: number;
    brakeAt?: number;
    retryBackoffSeconds?: number;
    server?: LocalServerOptions;
  } = {},
): Promise<RelayHarness> {
  const discord = await startFakeDiscord();
  if (options.rateLimit) process.env.RATE_LIMIT_PER_MINUTE = String(options.rateLimit);
  else delete process.env.RATE_LIMIT_PER_MINUTE;
  process.env.RELAY_NEW_PAIRS_PER_MINUTE = String(options.newPairsPerMinute ?? 10_000);
  process.env.RELAY_REFUSED_PER_MINUTE = String(options.refusedPerMinute ?? 10_000);
  if (options.retryBackoffSeconds) process.env.RELAY_RETRY_BACKOFF_SECONDS = String(options.retryBackoffSeconds);
  else delete process.env.RELAY_RETRY_BACKOFF_SECONDS;
  if (options.brakeAt) process.env.RELAY_BRAKE_INVALID_PER_10_MIN = String(options.brakeAt);
  else delete process.env.RELAY_BRAKE_INVALID_PER_10_MIN;
  // Keys a suite seeds itself come first (the first is the local sign-in's): RELAY_KEY is then another account's.
  const localApiKey = [options.server?.localApiKey, RELAY_KEY].filter(Boolean).join(',');
  const api = await startTestApi({ ...options.server, discordApiBase: discord.apiBase, localApiKey });
  // Distinct per suite too (suites in one worker share nothing but the process).
  const base = 300000000000000000n + BigInt(process.pid % 1000) * 1_000_000n + BigInt(Date.now() % 1_000_000);
  const stores = createStores({ tableName: 'e2e-table', endpoint: api.dynamoEndpoint, region: 'us-east-1' });
  // The secret key the local server set for its functions, as `npm run webhooks` finds it.
  const relayUrl: RelayHarness['relayUrl'] = (id, provider, token = TOKEN) =>
    `${api.url}/webhooks/${id}/${token}/${provider}`;
  const deliver: RelayHarness['deliver'] = (id, provider, headers, body, token) =>
    call(relayUrl(id, provider, token), { method: 'POST', headers, body });
  const send: RelayHarness['send'] = (id, provider, delivery, { headers = {}, token } = {}) =>
    deliver(id, provider, { ...delivery.headers, ...headers }, delivery.body, token);
  const now = () => new Date();
  const hookId = () => String(base + BigInt(++next));
  const putSecrets: RelayHarness['putSecrets'] = (id, secrets, token = TOKEN, extra = {}) =>
    call(`${api.url}/v1/webhooks/${id}/${token}`, {
      method: 'PUT',
      key: RELAY_KEY,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ secrets, ...extra }),
    });
  const replayDeps: ReplayDeps = {
    deliveries: stores.deliveries,
    secretBox: new LocalSecretBox(Buffer.from(process.env.SECRETS_KEY ?? '', 'base64')),
    pairGuard: pairGuardOver(stores, now),
    discordApiBase: discord.apiBase,
    now,
  };
  return {
    api,
    discord,
    stores,
    resetDiscord: () => {
      discord.seen.length = 0;
      discord.script();
    },
    hookId,
    knownHookId: async (token = TOKEN) => {
      const [id, seen] = [hookId(), discord.seen.length];
      expect((await putSecrets(id, {}, token)).status).toBe(200);
      discord.seen.splice(seen);
      return id;
    },
    tokenHash: (token = TOKEN) => sha256Hex(token),
    relayUrl,
    deliver,
    send,
    star: (id, deliveryId = `star-${Math.random()}`, token) =>
      send(id, 'github', githubDelivery('star', deliveryId), { token }),
    putSecrets,
    replayDeps,
    webhooks: async (...argv) => {
      const lines: string[] = [];
      const code = await runWebhooksCommand(argv, replayDeps, (line) => lines.push(line));
      return { code, out: lines.join('\n') };
    },
    close: async () => {
      stores.db.destroy();
      await api.close();
      await discord.close();
    },
  };
}

/** The relay's answer shape: {"message"} and maybe "code", never data or meta, never a 500. */
export function expectAnswer(reply: Reply, status: number, message: RegExp, code?: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(reply.json).sort()).toEqual(code ? ['code', 'message'] : ['message']);
  expect(reply.json.message).toMatch(message);
  if (code) expect(reply.json.code).toBe(code);
}
