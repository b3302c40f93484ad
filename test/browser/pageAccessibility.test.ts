import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { expectAccessiblePage } from '../support/pageAudit';
import { launchChromium, openPage } from '../support/browser';
import { startTestApi } from '../support/localApi';

/**
 * The docs page (GET /) and the relay page (GET /webhooks as a browser asks for it) in Chromium,
 * audited by axe-core, on a desktop and on a 390 px wide phone.
 */
const PAGES = { docs: '/', relay: '/webhooks' } as const;
const WIDTHS = [1280, 390] as const;
const SCHEMES = ['light', 'dark'] as const;
const LOOKS = WIDTHS.flatMap((width) => SCHEMES.map((scheme) => [width, scheme] as const));

let api: LocalServer;
let browser: Browser;
beforeAll(async () => {
  api = await startTestApi({ localApiKey: 'a11y-test-key-0123' });
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

/** Loaded at `width` (a phone's height) in a colour scheme, its problems collected. */
const open = (path: string, width: number, colorScheme: 'light' | 'dark' = 'light') =>
  openPage(browser, `${api.url}${path}`, { width, height: 844, colorScheme });

describe.each(Object.entries(PAGES))('the %s page', (_name, path) => {
  test.each(LOOKS)(
    'at %i px, %s scheme: a <main> landmark, no horizontal scroll, focusable scroll regions, 0 axe violations',
    async (width, scheme) => {
      const { page, problems } = await open(path, width, scheme);
      try {
        await expectAccessiblePage(page, width);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
    60_000,
  );
});

describe('the docs page text', () => {
  test('gallery captions and the reference show code as <code>, never literal backticks', async () => {
    const { page } = await open(PAGES.docs, 1280);
    try {
      const captions = await page.$$eval('.card strong', (elements) =>
        elements.map((element) => ({ text: element.textContent ?? '', code: element.querySelectorAll('code').length })),
      );
      expect(captions.length).toBeGreaterThan(0);
      for (const caption of captions) expect(caption.text).not.toContain('`');
      // The contrast filter's summary names `amount`: shown as code.
      expect(captions.some((caption) => caption.code > 0)).toBe(true);
      expect(
        await page.$$eval('.card img', (images) =>
          images.map((image) => image.getAttribute('alt') ?? '').filter((alt) => alt === '' || alt.includes('`')),
        ),
      ).toEqual([]);
      // Prose only: the code blocks of the start steps are JavaScript, where backticks are template literals.
      expect(
        await page.$$eval(
          'main p, main li',
          (elements) =>
            elements.filter((element) => {
              const prose = element.cloneNode(true) as typeof element;
              for (const block of prose.querySelectorAll('pre')) block.remove();
              return (prose.textContent ?? '').includes('`');
            }).length,
        ),
      ).toBe(0);
    } finally {
      await page.close();
    }
  });
});

describe('the relay page builder', () => {
  test('a Discord webhook URL becomes each provider relay URL; anything else is named a problem', async () => {
    const { page, problems } = await open(PAGES.relay, 1280);
    try {
      const [id, token] = ['1234567890123456789', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'];
      await page.fill('#discord-url', ` https://discord.com/api/webhooks/${id}/${token}/ `);
      await expect(page.inputValue('input[data-provider="github"]')).resolves.toBe(
        `${api.url}/webhooks/${id}/${token}/github`,
      );
      await expect(page.textContent('#problem')).resolves.toBe('');
      // Events typed under a provider become its URL's events parameter.
      await page.fill('input[data-events="github"]', 'push, -pull_request.labeled');
      await expect(page.inputValue('input[data-provider="github"]')).resolves.toBe(
        `${api.url}/webhooks/${id}/${token}/github?events=push%2C-pull_request.labeled`,
      );
      await expect(page.inputValue('input[data-provider="gitlab"]')).resolves.toBe(
        `${api.url}/webhooks/${id}/${token}/gitlab`,
      );
      // An id past 2^64 - 1 is no snowflake: the server would refuse it, so no relay URL is built.
      await page.fill('#discord-url', `https://discord.com/api/webhooks/18446744073709551616/${token}`);
      await expect(page.inputValue('input[data-provider="github"]')).resolves.toBe('');
      await expect(page.textContent('#problem')).resolves.toMatch(/not a Discord webhook URL/);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
