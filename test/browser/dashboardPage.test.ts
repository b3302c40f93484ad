import { beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { relaySignedGithubDelivery, useDashboardInChromium } from '../support/dashboardInChromium';
import type { FakeDiscordOAuth, FakeUser } from '../support/fakeDiscordOAuth';
import { call, RANK_CARD_QUERY } from '../support/localApi';
import { startFakeGateway } from '../support/fakeDiscordGateway';
import { usePackedClient } from '../support/packedClient';
import { expectAccessiblePage } from '../support/pageAudit';
import { runDiscordScript } from '../support/runDiscordScript';

/**
 * The dashboard in Chromium through the real local server, signing in with a fake Discord on
 * 127.0.0.1: sign in, create a key, use it, see its usage, revoke it, sign out; a second account
 * sees nothing of the first; axe-core finds nothing on the page signed out or in.
 */
const ADA: FakeUser = { id: '200000000000000011', username: 'ada', global_name: 'Ada Lovelace' };
const BOB: FakeUser = { id: '200000000000000012', username: 'bob' };

const dashboard = useDashboardInChromium({ localApiKey: 'dashboard-browser-key-0123', discordSignIn: true });
let discord: FakeDiscordOAuth;
let api: LocalServer;
const packed = usePackedClient();
beforeAll(() => {
  ({ discord, api } = dashboard);
  packed.addDiscordJs();
});

const keyRows = (page: Page) => page.locator('#keys tbody tr');

/**
 * The dashboard's discord.js snippet, run as it is by node with the packed client and discord.js,
 * logged in to a fake Discord gateway (42 guilds): resolves once the bot's stats reach the API.
 */
async function runHeartbeatSnippet(snippet: string, apiKey: string, clientId: string): Promise<void> {
  const gateway = await startFakeGateway({ botId: clientId, guilds: 42, memberCount: 10 });
  const script = runDiscordScript(
    snippet,
    gateway,
    { CBK_API_KEY: apiKey, DISCORD_TOKEN: 'fake.discord.token' },
    { project: packed.project },
  );
  try {
    const until = Date.now() + 10_000;
    const latest = async () => (await call(`${api.url}/v1/bots/${clientId}/stats`, { key: apiKey })).json.data?.latest;
    while (!(await latest())?.guilds && Date.now() < until) await new Promise((done) => setTimeout(done, 100));
    expect(await latest()).toMatchObject({ guilds: 42, users: 420 });
  } finally {
    await script.stop();
    await gateway.close();
  }
}

describe('the dashboard in Chromium', () => {
  test('sign in -> create a key -> use it -> its usage -> revoke -> the API refuses it -> sign out', async () => {
    const { context, page, problems } = await dashboard.open();
    try {
      await expect(page.getByRole('link', { name: 'Sign in with Discord' }).isVisible()).resolves.toBe(true);
      await dashboard.signIn(page, ADA);
      await expect(page.locator('#account-name').textContent()).resolves.toBe('Ada Lovelace');
      await page.getByText('0 of 5 active keys').waitFor();

      await page.getByLabel('Key name').fill('my <b>bot</b>');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor({ state: 'visible' });
      const value = await page.locator('#new-key-value').inputValue();
      expect(value).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
      await keyRows(page).first().waitFor();
      expect(await keyRows(page).count()).toBe(1);
      // The name is text, not markup.
      await expect(keyRows(page).first().locator('td').first().textContent()).resolves.toBe('my <b>bot</b>');
      await expect(page.locator('#keys b').count()).resolves.toBe(0);

      const url = `${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;
      for (let i = 0; i < 3; i += 1) expect((await call(url, { key: value })).status).toBe(200);

      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await expect(keyRows(page).first().locator('td').nth(4).textContent()).resolves.toBe('3');
      await page.getByRole('button', { name: 'Usage my <b>bot</b>' }).click();
      await page.locator('#usage').waitFor({ state: 'visible' });
      for (const span of ['minutes', 'hours', 'days']) {
        const chart = page.locator(`#chart-${span}`);
        await expect(page.locator(`#summary-${span}`).textContent()).resolves.toMatch(
          /^3 requests: 3 let through, 0 refused \(429\)\. /,
        );
        await expect(
          chart.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
        ).resolves.toBe(640);
      }
      // README.md shows this screenshot as docs/dashboard.png: when the page's look changes, run this
      // suite and copy artifacts/dashboard.png there (1280 px wide, the whole page).
      mkdirSync('artifacts', { recursive: true });
      await page.screenshot({ path: 'artifacts/dashboard.png', fullPage: true });

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Revoke my <b>bot</b>' }).click();
      await page.getByText('Key my <b>bot</b> revoked.').waitFor();
      await expect(keyRows(page).first().locator('td').nth(5).textContent()).resolves.toMatch(/^revoked /);
      expect((await call(url, { key: value })).status).toBe(401);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.locator('#signed-out').waitFor({ state: 'visible' });
      expect(await page.locator('#signed-in').isVisible()).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('without JavaScript: signing in works, and the signed-in page says it needs JavaScript', async () => {
    const { context, page } = await dashboard.open({ javaScriptEnabled: false });
    try {
      await dashboard.signIn(page, { id: '200000000000000029', username: 'noscript', global_name: null });
      await page.getByText('This page needs JavaScript').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  }, 60_000);

  test("a second account sees none of the first one's keys", async () => {
    const first = await dashboard.open();
    const second = await dashboard.open();
    try {
      await dashboard.signIn(first.page, ADA);
      await first.page.getByLabel('Key name').fill('ada only');
      await first.page.getByRole('button', { name: 'Create key' }).click();
      await first.page.locator('#new-key').waitFor({ state: 'visible' });
      await dashboard.signIn(second.page, BOB);
      await expect(second.page.locator('#account-name').textContent()).resolves.toBe('bob');
      await second.page.locator('#no-keys').waitFor({ state: 'visible' });
      expect(await keyRows(second.page).count()).toBe(0);
      expect(await second.page.content()).not.toContain('ada only');
    } finally {
      await first.context.close();
      await second.context.close();
    }
  }, 60_000);

  test('in the browser: a forged state opens no session, a write without the CSRF token is refused', async () => {
    const { context, page } = await dashboard.open();
    try {
      const forged = await page.goto(`${api.url}/dashboard/callback?state=forged&code=whatever`);
      expect(forged?.status()).toBe(400);
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('cbk_session');
      await page.goto(`${api.url}/dashboard`);
      await dashboard.signIn(page, { id: '200000000000000023', username: 'csrf' });
      // A script of the page's own origin that does not send the token (as a forged form post would not).
      const status = await page.evaluate(
        async () =>
          (
            await fetch('/dashboard/api/keys', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ name: 'forged' }),
            })
          ).status,
      );
      expect(status).toBe(403);
      await page.reload();
      await page.locator('#no-keys').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  }, 60_000);

  test('bots: register, verify, listed; the heartbeat snippet makes it online; edit; delete', async () => {
    const { context, page, problems } = await dashboard.open();
    try {
      await dashboard.signIn(page, { id: '200000000000000021', username: 'botmaker', global_name: 'Bot Maker' });
      await expect(page.getByText('This page needs JavaScript').count()).resolves.toBe(0);
      await page.locator('#no-bots').waitFor({ state: 'visible' });
      const clientId = '300000000000000123';
      await page.getByLabel('Client id').fill(clientId);
      await page.getByLabel('Bot name').fill('Helper <i>bot</i>');
      await page.getByLabel('Description').fill('Helps');
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.getByText('Bot Helper <i>bot</i> saved: verify it to have it listed.').waitFor();
      const row = page.locator('#bots tbody tr').first();
      await expect(row.locator('td').nth(2).textContent()).resolves.toBe('not verified');
      await expect(page.locator('#bots i').count()).resolves.toBe(0);

      // The snippet names this bot's stats URL on this server; run as the bot would, it makes the bot online.
      const snippet = (await page.locator('#heartbeat-code').textContent()) ?? '';
      expect(snippet).toContain(`baseUrl: '${api.url}'`);
      expect(snippet).toContain(`clientId: '${clientId}',`);
      await page.getByLabel('Key name').fill('bot key');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor({ state: 'visible' });
      const key = await page.locator('#new-key-value').inputValue();
      await runHeartbeatSnippet(snippet, key, clientId);

      const botToken = discord.addApplication({ id: clientId, name: 'Helper' });
      await page.getByRole('button', { name: 'Verify Helper <i>bot</i>' }).click();
      await page.getByLabel('Bot token').fill(botToken);
      await page.getByRole('button', { name: 'Verify bot' }).click();
      await page.getByText('Bot Helper <i>bot</i> verified.').waitFor();
      await expect(row.locator('td').nth(2).textContent()).resolves.toBe('verified');
      await expect(row.locator('td').nth(4).textContent()).resolves.toBe('online');
      await expect(page.locator('#bot-token').inputValue()).resolves.toBe('');
      const listed = await call(`${api.url}/v1/bots?limit=100`, { key });
      expect(listed.json.data.bots).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ clientId, name: 'Helper <i>bot</i>', guilds: 42, online: true }),
        ]),
      );

      // What the form does not show (set through the API) survives an edit on the page.
      const unseen = {
        avatar: 'https://cdn.example/a.png',
        website: 'https://helper.example',
        supportServer: 'https://discord.gg/helper',
        version: '2.1.0',
        tags: ['utility', 'fun'],
      };
      const put = await call(`${api.url}/v1/bots/${clientId}`, {
        key,
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Helper <i>bot</i>', description: 'Helps', ...unseen }),
      });
      expect(put.status).toBe(200);
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Edit Helper <i>bot</i>' }).click();
      await expect(page.getByLabel('Description').inputValue()).resolves.toBe('Helps');
      await page.getByLabel('Bot name').fill('Helper 2');
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.getByText('Bot Helper 2 saved.').waitFor();
      expect((await call(`${api.url}/v1/bots/${clientId}`, { key })).json.data).toMatchObject({
        name: 'Helper 2',
        description: 'Helps',
        ...unseen,
      });
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete Helper 2' }).click();
      await page.getByText('Bot Helper 2 deleted.').waitFor();
      await page.locator('#no-bots').waitFor({ state: 'visible' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('webhooks: URL builder, signing secret, a failed delivery queued, then replayed and forwarded', async () => {
    const { context, page, problems } = await dashboard.open();
    try {
      await dashboard.signIn(page, { id: '200000000000000022', username: 'hooker', global_name: 'Hook Keeper' });
      await page.locator('#no-webhooks').waitFor({ state: 'visible' });
      const [id, token] = ['1234567890123456001', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'];
      discord.addWebhook(id, token);
      await page.getByLabel('Discord webhook URL').fill(`https://discord.com/api/webhooks/${id}/${token}`);
      await page.getByLabel('Provider').selectOption('github');
      const relayUrl = await page.getByLabel('Relay URL').inputValue();
      expect(relayUrl).toBe(`${api.url}/webhooks/${id}/${token}/github`);
      await expect(page.locator('#hook-signs').textContent()).resolves.toMatch(/X-Hub-Signature-256/);
      await page.getByLabel('Signing secret').fill('a-signing-secret');
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText(`Webhook ${id} saved: github deliveries are checked.`).waitFor();

      // GitHub's delivery (signed with the secret) to the relay URL the page built; Discord fails it once.
      discord.failPosts(1);
      expect(await relaySignedGithubDelivery(relayUrl, 'a-signing-secret', 'star', 'browser-star-1')).toBe(
        'queued: star',
      );
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      const row = page.locator('#webhooks tbody tr').first();
      await expect(row.locator('td').nth(3).textContent()).resolves.toBe('queued: retried automatically (500)');
      await expectAccessiblePage(page, 1280);
      await page.setViewportSize({ width: 390, height: 900 });
      await expectAccessiblePage(page, 390);
      await page.getByRole('button', { name: 'Replay star browser-star-1' }).click();
      await page.getByText('Delivery browser-star-1 replayed: forwarded.').waitFor();
      await expect(row.locator('td').nth(3).textContent()).resolves.toBe('forwarded (200)');
      await expect(page.getByRole('button', { name: 'Replay star browser-star-1' }).count()).resolves.toBe(0);

      // Refusing unsigned deliveries, then saving GitLab's secret too: GitHub's is kept, and the box
      // starts as the webhook has it when its URL is given again.
      const url = `https://discord.com/api/webhooks/${id}/${token}`;
      await page.getByLabel('Discord webhook URL').fill(url);
      await page.getByLabel('Refuse unsigned deliveries').check();
      await page.getByLabel('Signing secret').fill('a-signing-secret');
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText(/unsigned deliveries refused/).waitFor();
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await expect(page.getByLabel('Refuse unsigned deliveries').isChecked()).resolves.toBe(false);
      // The box follows the list, which loads after the page shows: wait for it, as a person would see it.
      await page.getByText(`Webhook id ${id}`).waitFor();
      await page.getByLabel('Discord webhook URL').fill(url);
      await expect(page.getByLabel('Refuse unsigned deliveries').isChecked()).resolves.toBe(true);
      await page.getByLabel('Provider').selectOption('gitlab');
      await page.getByLabel('Signing secret').fill('a-gitlab-token');
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText(`Webhook ${id} saved: github, gitlab deliveries are checked.`).waitFor();
      await page.getByText('Signed: github, gitlab; unsigned deliveries refused.').waitFor();

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: `Remove webhook ${id}` }).click();
      await page.getByText(`Webhook ${id} removed.`).waitFor();
      await page.locator('#no-webhooks').waitFor({ state: 'visible' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test.each([1280, 390])(
    'at %i px, signed out and signed in with a key listed: accessible, no horizontal scroll',
    async (width) => {
      const { context, page, problems } = await dashboard.open({ width });
      try {
        await expectAccessiblePage(page, width);
        await dashboard.signIn(page, { id: `20000000000000009${width === 390 ? 1 : 2}`, username: `wide${width}` });
        await page.getByLabel('Key name').fill('audited');
        await page.getByRole('button', { name: 'Create key' }).click();
        await page.locator('#new-key').waitFor({ state: 'visible' });
        await page.getByRole('button', { name: 'Usage audited' }).click();
        await page.locator('#usage').waitFor({ state: 'visible' });
        // A bot listed, its proof form and its heartbeat snippet open too.
        await page.getByLabel('Client id').fill(`30000000000000${width}`);
        await page.getByLabel('Bot name').fill('Audited bot');
        await page.getByRole('button', { name: 'Save bot' }).click();
        await page.locator('#heartbeat').waitFor({ state: 'visible' });
        await page.getByRole('button', { name: 'Verify Audited bot' }).click();
        await page.locator('#verify-bot').waitFor({ state: 'visible' });
        await expectAccessiblePage(page, width);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
