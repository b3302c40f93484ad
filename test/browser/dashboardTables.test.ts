import { describe, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { relaySignedGithubDelivery, useDashboardInChromium } from '../support/dashboardInChromium';
import { expectAccessiblePage } from '../support/pageAudit';

/**
 * The dashboard's tables (keys, bots, a webhook's deliveries) filled with the longest things they
 * hold, in Chromium through the local server's own sign-in: every row's buttons lie inside its
 * table's box and the viewport, and no table scrolls sideways, on a desktop and on a phone.
 * (The fake Discord here only answers the webhook and fails its first post; nobody signs in with it.)
 */
const dashboard = useDashboardInChromium({ localApiKey: 'dashboard-tables-key-0123', discordSignIn: false });

/** Key names as long as the form takes (64): one word with no place to break, one of words. */
const KEY_NAMES: readonly string[] = [
  'production-bot-key-for-the-very-long-named-discord-server-000001',
  'Staging key for the moderation bot of the community server (EU)',
  'x'.repeat(64),
  'another-extremely-long-key-name-that-does-not-break-anywhere-xyz',
];
const BOT_NAME = 'An Unusually Long Bot Name Here!';
const [HOOK_ID, HOOK_TOKEN] = ['1234567890123456789', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'];

type Rect = { x: number; y: number; width: number; height: number };
/**
 * What the tests read of the page (the project compiles without DOM
 * types); a DOMRect's fields are getters: read them one by one.
 */
type Element = {
  getBoundingClientRect(): Rect;
  scrollWidth: number;
  clientWidth: number;
  querySelectorAll(selector: string): Element[];
  getAttribute(name: string): string | null;
};

/** Each table region's overflow, and each of its buttons that is not wholly inside it or the viewport. */
const layout = (page: Page) =>
  page.$$eval('.table', (regions) =>
    (regions as unknown as Element[]).map((region) => {
      const box = region.getBoundingClientRect();
      const viewport = (globalThis as unknown as { innerWidth: number }).innerWidth;
      const buttons = [...region.querySelectorAll('button')];
      const outside = buttons
        .map((button) => ({
          label: button.getAttribute('aria-label'),
          x: button.getBoundingClientRect().x,
          width: button.getBoundingClientRect().width,
        }))
        .filter(
          ({ x, width }) =>
            x < box.x - 0.5 || x + width > box.x + box.width + 0.5 || x < 0 || x + width > viewport + 0.5,
        )
        .map(({ label, x, width }) => ({
          label,
          left: Math.round(x),
          right: Math.round(x + width),
          region: [Math.round(box.x), Math.round(box.x + box.width)],
        }));
      return {
        region: region.getAttribute('aria-label'),
        buttons: buttons.length,
        scrolls: region.scrollWidth > region.clientWidth,
        outside,
      };
    }),
  );

async function expectTablesFit(page: Page, width: number): Promise<void> {
  const tables = await layout(page);
  expect(tables.map(({ region }) => region)).toEqual(['Your keys', 'Your bots', `Deliveries of webhook ${HOOK_ID}`]);
  // Usage, Roll and Revoke for 5 active keys; Edit, Verify, Heartbeat, Delete for the bot; Replay for the delivery.
  expect(tables.map(({ buttons }) => buttons)).toEqual([15, 4, 1]);
  for (const table of tables) expect({ width, ...table }).toEqual({ width, ...table, scrolls: false, outside: [] });
  // The Revoke buttons Playwright sees as a person would: visible, and inside the viewport.
  const revokes = page.getByRole('button', { name: /^Revoke / });
  expect(await revokes.count()).toBe(5);
  for (const revoke of await revokes.all()) {
    const box = (await revoke.boundingBox()) as Rect;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

describe('the dashboard tables with long names', () => {
  test('at 1280 and 390 px every action button is inside its unscrolled table; still accessible', async () => {
    const { context, page, problems } = await dashboard.open();
    try {
      await dashboard.signInLocally(page);
      // The local developer owns the seeded key: four more make five active, one revoked makes room for a sixth row.
      await page.getByText('1 of 5 active keys').waitFor();
      for (const [i, name] of KEY_NAMES.entries()) {
        await page.getByLabel('Key name').fill(name);
        await page.getByRole('button', { name: 'Create key' }).click();
        await page.getByText(`${i + 2} of 5 active keys`).waitFor();
      }
      const [first = '', , revoked = ''] = KEY_NAMES;
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: `Revoke ${revoked}` }).click();
      await page.getByText(`Key ${revoked} revoked.`).waitFor();
      await page.getByLabel('Key name').fill(`${first.slice(0, 60)}-new`);
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('5 of 5 active keys').waitFor();

      await page.getByLabel('Client id').fill('12345678901234567890');
      await page.getByLabel('Bot name').fill(BOT_NAME);
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.getByText(`Bot ${BOT_NAME} saved: verify it to have it listed.`).waitFor();

      dashboard.discord.addWebhook(HOOK_ID, HOOK_TOKEN);
      await page.getByLabel('Discord webhook URL').fill(`https://discord.com/api/webhooks/${HOOK_ID}/${HOOK_TOKEN}`);
      await page.getByLabel('Provider').selectOption('github');
      const relayUrl = await page.getByLabel('Relay URL').inputValue();
      await page.getByLabel('Signing secret').fill('a-signing-secret');
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText(`Webhook ${HOOK_ID} saved: github deliveries are checked.`).waitFor();
      dashboard.discord.failPosts(1);
      const deliveryId = 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6';
      expect(
        await relaySignedGithubDelivery(relayUrl, 'a-signing-secret', 'pull_request_review_comment', deliveryId),
      ).toMatch(/^queued: /);

      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.locator('#webhooks table').waitFor();
      await expect(page.locator('#keys tbody tr').count()).resolves.toBe(6);
      // A long id is all there to read and select, whatever its column's width.
      const id = (await page.locator('#keys tbody tr').first().locator('code').textContent()) ?? '';
      expect(id).toMatch(/^key_/);
      await expectTablesFit(page, 1280);
      await expectAccessiblePage(page, 1280);

      await page.setViewportSize({ width: 390, height: 844 });
      await expectTablesFit(page, 390);
      await expectAccessiblePage(page, 390);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
