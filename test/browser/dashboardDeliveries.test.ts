import { mkdirSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { createStores } from '../../shared/store';
import { sha256Hex } from '../../shared/crypto/hash';
import { githubPayloads } from '../fixtures/github/payloads';
import { relaySignedGithubDelivery, useDashboardInChromium } from '../support/dashboardInChromium';
import { expectAccessibleInEveryLook } from '../support/pageAudit';

/**
 * A webhook's deliveries on the dashboard in Chromium, through the local server's own sign-in and
 * a fake Discord: each outcome listed, the filter, the relay URL masked and copied whole, and
 * naming the webhook; axe in light and dark schemes at 1280 and 390 px.
 */
const dashboard = useDashboardInChromium({ localApiKey: 'dashboard-deliveries-key-01', discordSignIn: false });

const [HOOK_ID, HOOK_TOKEN] = ['1234567890123450001', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789wxyz'];
const SECRET = 'a-signing-secret';

/** A signed GitHub star of its own body (one signature is one delivery): the relay's answer. */
const star = (relayUrl: string, deliveryId: string, secret = SECRET) =>
  relaySignedGithubDelivery(relayUrl, secret, 'star', deliveryId, {
    ...(githubPayloads.star as object),
    browserTest: deliveryId,
  });

/** The outcome column of the webhook's deliveries, as the page shows them. */
const outcomes = (page: Page) =>
  page
    .locator('#webhooks td[data-outcome]')
    .evaluateAll((cells) => cells.map((cell) => (cell as unknown as { dataset: { outcome: string } }).dataset.outcome));

/** Waits (up to 10 s) until the page lists deliveries of exactly these outcomes, in this order. */
async function expectOutcomes(page: Page, expected: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  let shown = await outcomes(page);
  while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    shown = await outcomes(page);
  }
  expect(shown).toEqual(expected);
}

describe("a webhook's deliveries in Chromium", () => {
  test('each outcome listed and filtered; the relay URL masked and copied whole; the webhook named', async () => {
    const { context, page, problems } = await dashboard.open();
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dashboard.api.url });
      await dashboard.signInLocally(page);
      dashboard.discord.addWebhook(HOOK_ID, HOOK_TOKEN);
      await page.getByLabel('Discord webhook URL').fill(`https://discord.com/api/webhooks/${HOOK_ID}/${HOOK_TOKEN}`);
      await page.getByLabel('Provider').selectOption('github');
      const relayUrl = await page.getByLabel('Relay URL').inputValue();
      await page.getByLabel('Signing secret').fill(SECRET);
      await page.getByLabel('Name (optional)').fill('  Release notes  ');
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText('It is named “Release notes”.').waitFor();
      await page.getByRole('heading', { name: 'Release notes', level: 3 }).waitFor();
      await page.getByText(`Webhook id ${HOOK_ID}`).waitFor();

      // Forwarded, then the same delivery again, a forged signature, and one Discord fails (queued).
      expect(await star(relayUrl, 'first')).toBe('forwarded: star');
      expect(await star(relayUrl, 'first')).toBe('duplicate: star');
      expect(await star(relayUrl, 'forged', 'a-guessed-secret')).toMatch(/does not match/);
      // Refused by Discord as invalid (the fake Discord here only fails with 500s): logged as the relay logs it.
      const stores = createStores({
        tableName: 'e2e-table',
        endpoint: dashboard.api.dynamoEndpoint,
        region: 'us-east-1',
      });
      const key = { webhookId: HOOK_ID, provider: 'github', deliveryId: 'invalid', tokenHash: sha256Hex(HOOK_TOKEN) };
      await stores.deliveries.claim(key, 'star', new Date());
      await stores.deliveries.finish(key, 'rejected', new Date(), { discordStatus: 400 });
      stores.db.destroy();
      dashboard.discord.failPosts(1);
      expect(await star(relayUrl, 'failing')).toBe('queued: star');

      await page.getByLabel('Show deliveries').selectOption('');
      await expectOutcomes(page, ['queued', 'rejected', 'signatureRefused', 'duplicate', 'forwarded']);
      const table = page.getByRole('region', { name: `Deliveries of webhook ${HOOK_ID}` });
      for (const text of ['signature refused', 'duplicate (received before)', 'refused by Discord (400)', 'not read'])
        await table.getByText(text, { exact: false }).first().waitFor();
      await expectAccessibleInEveryLook(page);
      // docs/dashboard-deliveries.png is this screenshot: when the section's look changes, run this suite and copy it.
      mkdirSync('artifacts', { recursive: true });
      const section = page.locator('section[aria-labelledby=webhooks-title]');
      await section.screenshot({ path: 'artifacts/dashboard-deliveries.png' });

      // The filter asks the server for one outcome; "All outcomes" lists them all again.
      for (const [label, outcome] of [
        ['Signature refused', 'signatureRefused'],
        ['Duplicate', 'duplicate'],
        ['Refused by Discord', 'rejected'],
        ['Queued for retry', 'queued'],
        ['Forwarded', 'forwarded'],
      ] as const) {
        await page.getByLabel('Show deliveries').selectOption({ label });
        await expectOutcomes(page, [outcome]);
      }
      await page.getByLabel('Show deliveries').selectOption({ label: 'Discord failed' });
      await page.getByText('No deliveries Discord failed in the last 7 days.').waitFor();
      await expectAccessibleInEveryLook(page);
      await page.getByLabel('Show deliveries').selectOption({ label: 'All outcomes' });
      await expectOutcomes(page, ['queued', 'rejected', 'signatureRefused', 'duplicate', 'forwarded']);

      // The relay URL again, its token masked; Copy puts the whole URL on the clipboard.
      const masked = `${dashboard.api.url}/webhooks/${HOOK_ID}/••••••wxyz/github`;
      await page.getByText(masked).waitFor();
      expect(await page.locator('#webhooks').textContent()).not.toContain(HOOK_TOKEN);
      await page.getByRole('button', { name: 'Copy relay URL for github of Release notes' }).click();
      await page.getByText('Relay URL of Release notes for github copied.').waitFor();
      expect(
        await page.evaluate(() =>
          (
            globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
          ).navigator.clipboard.readText(),
        ),
      ).toBe(relayUrl);

      // Renamed in place; a blank name is refused on the page.
      const name = page.getByLabel('Name', { exact: true });
      await name.fill('Deploys to production');
      await page.getByRole('button', { name: `Rename webhook ${HOOK_ID}` }).click();
      await page.getByText(`Webhook ${HOOK_ID} renamed “Deploys to production”.`).waitFor();
      await page.getByRole('heading', { name: 'Deploys to production', level: 3 }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('   ');
      await page.getByRole('button', { name: `Rename webhook ${HOOK_ID}` }).click();
      await page.getByText('Give the webhook a name: 1 to 100 characters.').waitFor();
      await expectAccessibleInEveryLook(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
