import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { launchChromium } from '../support/browser';
import { startTestApi } from '../support/localApi';

/**
 * The docs page (GET /) and the relay page (GET /webhooks as a browser asks for it) in Chromium,
 * audited by axe-core, on a desktop and on a 390 px wide phone.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = { docs: '/', relay: '/webhooks' } as const;
const WIDTHS = [1280, 390] as const;

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

/** Loaded at `width`, with the console's errors (CSP violations, script errors) collected. */
async function open(path: string, width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`${api.url}${path}`, { waitUntil: 'load' });
  return { page, problems };
}

interface AxeResults {
  violations: { id: string; help: string; nodes: { target: unknown }[] }[];
  passes: { id: string }[];
}

/**
 * axe-core run in the page. The pages' CSP pins their one script by hash, so a <script> tag would
 * be refused; evaluating the source through the DevTools protocol is not subject to the CSP.
 */
async function audit(page: Page): Promise<AxeResults> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run((globalThis as unknown as Window).document, { resultTypes: ['violations', 'passes'] });
    return { violations: results.violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map(({ target }) => ({ target })) })), passes: results.passes.map(({ id }) => ({ id })) };
  });
}

/** What the tests read of the page (the project compiles without DOM types). */
type Box = { tagName: string; tabIndex: number; scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
type Window = { getComputedStyle(element: unknown): { overflowX: string; overflowY: string }; document: { documentElement: Box } };

/** Elements whose content overflows and can scroll, with whether a keyboard can reach them. */
const scrollables = (page: Page) =>
  page.$$eval('body *', (elements) =>
    (elements as unknown as Box[])
      .filter((element) => {
        const style = (globalThis as unknown as Window).getComputedStyle(element);
        return /(auto|scroll)/.test(style.overflowX + style.overflowY) && (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
      })
      .map((element) => ({ tag: element.tagName.toLowerCase(), tabIndex: element.tabIndex })),
  );

describe.each(Object.entries(PAGES))('the %s page', (_name, path) => {
  test.each(WIDTHS)('at %i px: a <main> landmark, no horizontal scroll, focusable scroll regions, 0 axe violations', async (width) => {
    const { page, problems } = await open(path, width);
    try {
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('main h1').count()).toBe(1);
      expect(await page.evaluate(() => (globalThis as unknown as Window).document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const region of await scrollables(page)) expect(region).toMatchObject({ tabIndex: 0 });
      const { violations, passes } = await audit(page);
      expect(violations).toEqual([]);
      // axe did run its checks (it passes these on any page it could read).
      expect(passes.map((pass) => pass.id)).toEqual(expect.arrayContaining(['html-has-lang', 'document-title', 'landmark-one-main']));
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

describe('the docs page text', () => {
  test('gallery captions and the reference show code as <code>, never literal backticks', async () => {
    const { page } = await open(PAGES.docs, 1280);
    try {
      const captions = await page.$$eval('.card strong', (elements) => elements.map((element) => ({ text: element.textContent ?? '', code: element.querySelectorAll('code').length })));
      expect(captions.length).toBeGreaterThan(0);
      for (const caption of captions) expect(caption.text).not.toContain('`');
      // The contrast filter's summary names `amount`: shown as code.
      expect(captions.some((caption) => caption.code > 0)).toBe(true);
      expect(await page.$$eval('.card img', (images) => images.map((image) => image.getAttribute('alt') ?? '').filter((alt) => alt === '' || alt.includes('`')))).toEqual([]);
      expect(await page.$$eval('main p, main li', (elements) => elements.filter((element) => (element.textContent ?? '').includes('`')).length)).toBe(0);
    } finally {
      await page.close();
    }
  });
});
