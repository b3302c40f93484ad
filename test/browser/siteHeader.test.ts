import { describe, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { openPage, type OpenedPage } from '../support/browser';
import { useDashboardInChromium } from '../support/dashboardInChromium';
import { expectAccessiblePage } from '../support/pageAudit';

/**
 * The header the docs page, the relay page and the dashboard share, in Chromium: a link to each,
 * the current one marked, and a skip link that is the first Tab stop and takes the keyboard into
 * the content. The dashboard (signed out, signed in locally, a failed sign-in) passes axe with it in both schemes.
 */
const site = useDashboardInChromium({ localApiKey: 'site-header-key-0123', discordSignIn: false });

const STATES = ['docs', 'relay', 'dashboard signed out', 'dashboard signed in', 'failed sign-in'] as const;
type State = (typeof STATES)[number];
const CURRENT: Record<State, string> = {
  docs: 'Docs',
  relay: 'Relay URLs',
  'dashboard signed out': 'Dashboard',
  'dashboard signed in': 'Dashboard',
  'failed sign-in': 'Dashboard',
};
const PATHS: Partial<Record<State, string>> = {
  docs: '/',
  relay: '/webhooks',
  'failed sign-in': '/dashboard/callback?code=forged&state=forged',
};

/** A fresh profile on the page in `state`, at `width` in a colour scheme, with console errors collected. */
async function open(state: State, width = 1280, colorScheme: 'light' | 'dark' = 'light'): Promise<OpenedPage> {
  // The failed sign-in's own status (400) is what the page is about, not a problem on it.
  const opened = await openPage(site.browser, `${site.api.url}${PATHS[state] ?? '/dashboard'}`, {
    width,
    height: 844,
    colorScheme,
    expectedStatus: state === 'failed sign-in',
  });
  if (state === 'dashboard signed in') await site.signInLocally(opened.page);
  return opened;
}

/** What the tests read of the focused element (the project compiles without DOM types). */
type Focused = { tagName: string; textContent: string | null; closest(selector: string): unknown };
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = (globalThis as unknown as { document: { activeElement: Focused | null } }).document.activeElement;
    return {
      tag: element?.tagName.toLowerCase(),
      text: element?.textContent,
      inMain: Boolean(element?.closest('main')),
    };
  });

describe.each(STATES)('the site header on the %s page', (state) => {
  test('links the three pages, marks this one, and its skip link is the first Tab stop, into the content', async () => {
    const { context, page, problems } = await open(state);
    try {
      const links = page.locator('header nav a');
      expect(await links.evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual(
        [
          ['Docs', '/'],
          ['Dashboard', '/dashboard'],
          ['Relay URLs', '/webhooks'],
        ],
      );
      await expect(page.locator('header nav a[aria-current="page"]').allTextContents()).resolves.toEqual([
        CURRENT[state],
      ]);
      await expect(page.locator('header').getAttribute('class')).resolves.toBe('site');

      // Skipped while not focused: off screen.
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect((await skip.boundingBox())?.y ?? 0).toBeLessThan(0);
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      await expect(focused(page)).resolves.toEqual({ tag: 'a', text: 'Skip to content', inMain: false });
      const box = await skip.boundingBox();
      expect(box && box.y >= 0 && box.height > 10).toBe(true);
      await page.keyboard.press('Enter');
      expect(page.url()).toBe(`${page.url().split('#')[0]}#main`);
      await page.keyboard.press('Tab');
      await expect(focused(page)).resolves.toMatchObject({ inMain: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the header leads from page to page', () => {
  test('docs -> Relay URLs -> Dashboard -> Docs', async () => {
    const { context, page } = await open('docs');
    try {
      for (const [name, path] of [
        ['Relay URLs', '/webhooks'],
        ['Dashboard', '/dashboard'],
        ['Docs', '/'],
      ] as const) {
        await page.locator('header nav').getByRole('link', { name }).click();
        await page.waitForURL(`${site.api.url}${path}`);
        await expect(page.locator('header nav a[aria-current="page"]').textContent()).resolves.toBe(name);
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});

const LOOKS = [1280, 390].flatMap((width) => (['light', 'dark'] as const).map((scheme) => [width, scheme] as const));

describe.each(['dashboard signed out', 'dashboard signed in', 'failed sign-in'] as const)(
  'the %s page with its header',
  (state) => {
    test.each(LOOKS)(
      'at %i px, %s scheme: 0 axe violations',
      async (width, scheme) => {
        const { context, page, problems } = await open(state, width, scheme);
        try {
          await expectAccessiblePage(page, width);
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      },
      60_000,
    );
  },
);
