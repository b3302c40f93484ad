import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heartbeatSnippet } from '../../functions/dashboard/browser/heartbeat';
import { useDashboardInChromium } from '../support/dashboardInChromium';
import { startFakeGateway, type FakeGateway } from '../support/fakeDiscordGateway';
import { call } from '../support/localApi';
import { usePackedClient } from '../support/packedClient';
import { expectAccessiblePage } from '../support/pageAudit';
import { runDiscordScript } from '../support/runDiscordScript';

/**
 * The dashboard's heartbeat snippet as a bot developer runs it: node, in a project of its own with
 * the packed client and discord.js 14 installed, discord.js logging in to a fake Discord gateway
 * (7 guilds of 12 members), the stats posted to the local server.
 */
const LOCAL_KEY = 'heartbeat-snippet-key-0123';
const dashboard = useDashboardInChromium({ localApiKey: LOCAL_KEY, discordSignIn: true });
const packed = usePackedClient();
let gateway: FakeGateway;
beforeAll(async () => {
  packed.addDiscordJs();
  gateway = await startFakeGateway({ botId: '300000000000000999', guilds: 7, memberCount: 12 });
});
afterAll(() => gateway?.close());

const DISCORD_TOKEN = 'fake.discord.token';

/** A bot of the local developer's account, registered with the seeded key. */
async function registerBot(clientId: string): Promise<void> {
  const put = await call(`${dashboard.api.url}/v1/bots/${clientId}`, {
    key: LOCAL_KEY,
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `bot ${clientId}` }),
  });
  expect([200, 201]).toContain(put.status);
}

/** The bot's guild count as the API serves it, once its stats arrive (undefined until then). */
async function guildsOf(clientId: string, key: string, ms = 10_000): Promise<unknown> {
  const until = Date.now() + ms;
  for (;;) {
    const guilds = (await call(`${dashboard.api.url}/v1/bots/${clientId}`, { key })).json.data?.guilds;
    if (guilds !== undefined && guilds !== null) return guilds;
    if (Date.now() > until) return guilds;
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Posts to the local server's API through this server, which answers the first stats post itself with `first`. */
interface Interposed {
  url: string;
  /** Each stats post: when it arrived (ms) and the status it was answered. */
  posts: { at: number; status: number }[];
  server: Server;
}
async function interpose(first: { status: number; headers: Record<string, string>; message: string }) {
  const posts: Interposed['posts'] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const at = Date.now();
    if (posts.length === 0) {
      posts.push({ at, status: first.status });
      response.writeHead(first.status, { 'Content-Type': 'application/json', ...first.headers });
      response.end(JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message: first.message } }));
      return;
    }
    const forwarded = await fetch(`${dashboard.api.url}${request.url}`, {
      method: request.method,
      headers: { Authorization: request.headers.authorization ?? '', 'Content-Type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    posts.push({ at, status: forwarded.status });
    response.writeHead(forwarded.status, { 'Content-Type': 'application/json' });
    response.end(await forwarded.text());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posts, server } satisfies Interposed;
}

describe('the heartbeat snippet', () => {
  test('the page shows it with a Copy button; run with discord.js, its guild count reaches the API', async () => {
    const { context, page, problems } = await dashboard.open();
    const clientId = '300000000000000555';
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await dashboard.signIn(page, { id: '200000000000000031', username: 'heartbeat' });
      await page.getByLabel('Key name').fill('heartbeat key');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor({ state: 'visible' });
      const key = await page.locator('#new-key-value').inputValue();
      await page.getByLabel('Client id').fill(clientId);
      await page.getByLabel('Bot name').fill('Pulse');
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.locator('#heartbeat').waitFor({ state: 'visible' });

      const shown = (await page.locator('#heartbeat-code').textContent()) ?? '';
      expect(shown).toBe(heartbeatSnippet(dashboard.api.url, clientId));
      expect(shown).toContain(`baseUrl: '${dashboard.api.url}'`);
      expect(shown).toContain(`autoPostStats(ready, api, {\n    clientId: '${clientId}',`);
      await page.getByRole('button', { name: 'Copy snippet' }).click();
      await page.getByText('Snippet copied.').waitFor();
      type Clipboard = { navigator: { clipboard: { readText(): Promise<string> } } };
      const copied = page.evaluate(() => (globalThis as unknown as Clipboard).navigator.clipboard.readText());
      await expect(copied).resolves.toBe(shown);
      // docs/dashboard-heartbeat.png is this picture: copy it there when the panel's look changes.
      mkdirSync('artifacts', { recursive: true });
      await page.locator('#heartbeat').screenshot({ path: 'artifacts/dashboard-heartbeat.png' });

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await expectAccessiblePage(page, width);
        }
      }

      const script = runDiscordScript(shown, gateway, { CBK_API_KEY: key, DISCORD_TOKEN }, { project: packed.project });
      try {
        await expect(guildsOf(clientId, key)).resolves.toBe(7);
        const stats = (await call(`${dashboard.api.url}/v1/bots/${clientId}/stats`, { key })).json.data;
        expect(stats.latest).toMatchObject({ guilds: 7, users: 7 * 12, shards: 1 });
        expect(gateway.identified).toContainEqual({ token: DISCORD_TOKEN, intents: 1 });
        // discord.js 14.28 warns about a 'ready' listener ("renamed to clientReady"); this one has none.
        expect(script.output()).toBe('');
      } finally {
        await script.stop();
      }
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await expect(page.locator('#bots tbody tr').first().locator('td').nth(4).textContent()).resolves.toBe('online');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('a 429 is waited out for its Retry-After, then the stats go through, then once a minute', async () => {
    const clientId = '300000000000000556';
    await registerBot(clientId);
    const proxy = await interpose({ status: 429, headers: { 'Retry-After': '2' }, message: 'Too many stats posts' });
    // The snippet's minute lasts 200 ms here, so a wait of the Retry-After's 2 s is told from it (and from
    // the client's 1 s backoff when an answer has no Retry-After).
    const script = runDiscordScript(
      heartbeatSnippet(proxy.url, clientId),
      gateway,
      { CBK_API_KEY: LOCAL_KEY, DISCORD_TOKEN },
      { minuteMs: 200, project: packed.project },
    );
    try {
      const until = Date.now() + 10_000;
      while (proxy.posts.length < 3 && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
      const [refused, accepted, next] = proxy.posts;
      expect(proxy.posts.slice(0, 3).map((post) => post.status)).toEqual([429, 200, 200]);
      expect((accepted?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(2000);
      expect((next?.at ?? 0) - (accepted?.at ?? 0)).toBeLessThan(1000);
      await expect(guildsOf(clientId, LOCAL_KEY)).resolves.toBe(7);
      // The client waited the 429 out: no refusal to log.
      expect(script.output()).toBe('');
    } finally {
      await script.stop();
      proxy.server.close();
    }
  }, 30_000);

  test.each([
    ['a key the server does not know', 'cbk_NotAKeyNotAKeyNotAKeyNotAKeyNotAKeyNotAKey0', '300000000000000557', 401],
    ['a bot nobody registered', LOCAL_KEY, '300000000000000558', 404],
  ])(
    'a refusal is logged with its status and message: %s',
    async (_case, key, clientId, status) => {
      const direct = await call(`${dashboard.api.url}/v1/bots/${clientId}/stats`, {
        key,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ guilds: 1 }),
      });
      expect(direct.status).toBe(status);
      const script = runDiscordScript(
        heartbeatSnippet(dashboard.api.url, clientId),
        gateway,
        { CBK_API_KEY: key, DISCORD_TOKEN },
        { project: packed.project },
      );
      try {
        await script.waitFor(/Stats refused/);
        const { code, message } = direct.json.error;
        expect(script.output()).toBe(`Stats refused (${status} ${code}: ${message})\n`);
      } finally {
        await script.stop();
      }
    },
    30_000,
  );
});
