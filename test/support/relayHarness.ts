import { expect } from '@jest/globals';
import type { LocalServer } from '../../infra/local/server';
import { createStores, type Stores } from '../../shared/store';
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
  deliver(id: string, provider: string, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>, token?: string): Promise<Reply>;
  /** PUT /v1/webhooks/{id}/{token} with the harness's API key. */
  putSecrets(id: string, secrets: Record<string, unknown>, token?: string): Promise<Reply>;
  close(): Promise<void>;
}

let next = 0;

export async function startRelayHarness(): Promise<RelayHarness> {
  const discord = await startFakeDiscord();
  delete process.env.RATE_LIMIT_PER_MINUTE;
  const api = await startTestApi({ discordApiBase: discord.apiBase, localApiKey: RELAY_KEY });
  // Distinct per suite too (suites in one worker share nothing but the process).
  const base = 300000000000000000n + BigInt(process.pid % 1000) * 1_000_000n + BigInt(Date.now() % 1_000_000);
  const stores = createStores({ tableName: 'e2e-table', endpoint: api.dynamoEndpoint, region: 'us-east-1' });
  return {
    api,
    discord,
    stores,
    resetDiscord: () => {
      discord.seen.length = 0;
      discord.script();
    },
    hookId: () => String(base + BigInt((next += 1))),
    deliver: (id, provider, headers, body, token = TOKEN) => call(`${api.url}/webhooks/${id}/${token}/${provider}`, { method: 'POST', headers, body }),
    putSecrets: (id, secrets, token = TOKEN) =>
      call(`${api.url}/v1/webhooks/${id}/${token}`, { method: 'PUT', key: RELAY_KEY, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ secrets }) }),
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
