import { describe, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useDashboardInChromium } from '../support/dashboardInChromium';
import type { FakeUser } from '../support/fakeDiscordOAuth';
import { call, RANK_CARD_QUERY } from '../support/localApi';
import { expectAccessibleInEveryLook } from '../support/pageAudit';

/**
 * What a person meets when something goes wrong: a failed sign-in is a page with "Try again", a
 * refused form names its field by its label, and revoking or rolling a key asks first.
 */
const dashboard = useDashboardInChromium({ localApiKey: 'keys-and-failures-key-0123', discordSignIn: true });

let users = 0;
const newUser = (): FakeUser => ({ id: `20000000000000${String(9000 + ++users)}`, username: `failures${users}` });

async function signedIn(run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page, problems } = await dashboard.open({ consoleErrors: false });
  try {
    await dashboard.signIn(page, newUser());
    await run(page);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

const keyRows = (page: Page) => page.locator('#keys tbody tr');

describe('a failed sign-in in Chromium', () => {
  test('Discord failing (502) or a reused callback (400): a page that says so, and "Try again" signs in', async () => {
    const { context, page } = await dashboard.open({ consoleErrors: false });
    try {
      dashboard.discord.signInAs(newUser());
      dashboard.discord.failNextToken(503);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/dashboard/callback')),
        page.getByRole('link', { name: 'Sign in with Discord' }).click(),
      ]);
      expect(answer.status()).toBe(502);
      await expect(page.locator('h1').textContent()).resolves.toBe('Discord could not sign you in');
      await expect(page.locator('body').textContent()).resolves.not.toMatch(/UPSTREAM_ERROR|"success"/);
      await expectAccessibleInEveryLook(page);
      await page.screenshot({ path: 'artifacts/dashboard-sign-in-failed.png' });

      // The same callback again: its sign-in is used up.
      const reused = await page.reload();
      expect(reused?.status()).toBe(400);
      await expect(page.locator('h1').textContent()).resolves.toBe('This sign-in has expired');
      await expectAccessibleInEveryLook(page);

      await page.getByRole('link', { name: 'Try again' }).click();
      await page.waitForURL(`${dashboard.api.url}/dashboard`);
      await page.locator('#signed-in').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  }, 90_000);

  test('Cancel on Discord: the dashboard says so, and offers "Try again"', async () => {
    const { context, page } = await dashboard.open();
    try {
      dashboard.discord.declineNext();
      await page.getByRole('link', { name: 'Sign in with Discord' }).click();
      await page.getByText('You cancelled signing in with Discord').waitFor();
      await expectAccessibleInEveryLook(page);
      dashboard.discord.signInAs(newUser());
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('keys and forms in Chromium', () => {
  test('revoke asks first; Roll asks, shows the new value once and revokes the old key', async () => {
    await signedIn(async (page) => {
      await page.getByLabel('Key name').fill('my bot');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor({ state: 'visible' });
      const first = await page.locator('#new-key-value').inputValue();

      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Revoke my bot' }).click();
      await page.waitForTimeout(300);
      expect(asked).toMatch(/^Revoke my bot\?/);
      await expect(keyRows(page).first().textContent()).resolves.toContain('active');

      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Roll my bot' }).click();
      await page.waitForTimeout(300);
      expect(asked).toMatch(/^Roll my bot\?/);
      expect(await keyRows(page).count()).toBe(1);

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Roll my bot' }).click();
      await page.getByText('Key my bot rolled').waitFor();
      const second = await page.locator('#new-key-value').inputValue();
      expect(second).not.toBe(first);
      await expect(page.evaluate('document.activeElement && document.activeElement.id')).resolves.toBe('new-key-value');
      expect(await keyRows(page).count()).toBe(2);
      await expect(keyRows(page).nth(1).textContent()).resolves.toContain('revoked');
      await page.getByText('1 of 5 active keys').waitFor();
      await page
        .locator('section', { has: page.locator('#keys') })
        .screenshot({ path: 'artifacts/dashboard-key-rolled.png' });
      const rankCard = (key: string) => call(`${dashboard.api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`, { key });
      expect([(await rankCard(first)).status, (await rankCard(second)).status]).toEqual([401, 200]);
      await expectAccessibleInEveryLook(page);

      // Used a moment ago: "just now", not the minute's start.
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await expect(keyRows(page).first().locator('td').nth(3).textContent()).resolves.toBe('just now');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Revoke my bot' }).click();
      await page.getByText('Key my bot revoked.').waitFor();
      await page.getByText('0 of 5 active keys').waitFor();
    });
  }, 90_000);

  test('a refused form names its field by its label, never a schema path', async () => {
    await signedIn(async (page) => {
      await page.getByLabel('Client id').fill('300000000000009001');
      await page.getByLabel('Bot name').fill('Plain words');
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.getByRole('button', { name: 'Verify Plain words' }).click();
      await page.getByLabel('Bot token').fill('not a token');
      await page.getByRole('button', { name: 'Verify bot' }).click();
      await page.locator('#problem', { hasText: 'Bot token must be a Discord bot token' }).waitFor();
      await expect(page.locator('#problem').textContent()).resolves.not.toContain('body.');
      await expectAccessibleInEveryLook(page);

      // The API's own refusals of other fields, as it words them, read with the form's labels.
      await page.route('**/dashboard/api/bots/*', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            error: {
              code: 'INVALID_BODY',
              message: 'body.name must not be blank or contain control characters',
              details: [
                { field: 'body.name', issue: 'must not be blank or contain control characters' },
                { field: 'body.guildCount', issue: 'Invalid input: expected number, received string' },
                { field: 'body.version', issue: 'Too big: expected string to have <=32 characters' },
              ],
            },
          }),
        }),
      );
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.locator('#problem', { hasText: 'Guild count' }).waitFor();
      await expect(page.locator('#problem').textContent()).resolves.toBe(
        'Bot name must not be blank or contain control characters. Guild count must be a number. ' +
          'Version must be at most 32 characters.',
      );
      await page.locator('#problem').scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'artifacts/dashboard-form-error.png' });
    });
  }, 90_000);
});
