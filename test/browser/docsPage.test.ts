import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { routeList } from '../../shared/routes/table';
import { svgRoutes } from '../support/routeCases';
import { launchChromium, openPage } from '../support/browser';
import { startImageApi, type ImageApi } from '../support/imageApi';

/** GET / in a real browser: the page, its gallery, and the try-it form against the local server. */
let images: ImageApi;
let browser: Browser;
let page: Page;
let problems: string[];

beforeAll(async () => {
  images = await startImageApi();
  browser = await launchChromium();
  ({ page, problems } = await openPage(browser, `${images.api.url}/`));
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await images?.close();
});

/** What the tests read of an <img> (the project compiles without DOM types). */
type Img = { naturalWidth: number; naturalHeight: number; dataset: Record<string, string | undefined> };

describe('the docs page in Chromium', () => {
  test('loads with no script error and no CSP violation; every gallery image decodes', async () => {
    await page.waitForLoadState('load');
    const gallery = await page.$$eval('.gallery img', (imgs) =>
      imgs.map((img) => ({
        route: (img as unknown as Img).dataset.route,
        width: (img as unknown as Img).naturalWidth,
        height: (img as unknown as Img).naturalHeight,
      })),
    );
    expect(gallery.map((item) => item.route).sort()).toEqual(svgRoutes.map((route) => route.id).sort());
    for (const item of gallery) {
      expect(item.width).toBeGreaterThan(0);
      expect(item.height).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
    mkdirSync('artifacts', { recursive: true });
    await page.screenshot({ path: 'artifacts/docs-page.png', fullPage: true });
  });

  test('credits the fonts and Twemoji (CC-BY 4.0) under the gallery', async () => {
    const credit = await page.$eval('.gallery + p', (element) => element.textContent ?? '');
    expect(credit).toMatch(/Noto Sans.*SIL Open Font License.*Twemoji.*CC-BY 4\.0/);
  });

  test('the reference lists every route of the table', async () => {
    const articles = await page.$$eval('article[id]', (elements) => elements.map((element) => element.id));
    // And the HEAD a probed route's path answers.
    expect(articles.sort()).toEqual(
      [
        ...routeList.map((route) => route.id),
        ...routeList.filter((route) => route.probe).map((route) => `${route.id}Probe`),
      ].sort(),
    );
  });

  test('the form round-trips: a gallery route as PNG with a key, drawn from a real picture', async () => {
    await page.click('button[data-try="jail"]');
    expect(await page.inputValue('#try-route')).toBe('jail');
    await page.fill('#try-params input[name="image"]', `${images.host.url}/cat.png`);
    await page.fill('#try-params input[name="width"]', '300');
    await page.fill('#try-params input[name="format"]', 'png');
    await page.fill('#try-key', images.key);
    await page.click('#try button[type="submit"]');
    await page.waitForSelector('#try-image:not([hidden])');
    expect(await page.textContent('#try-status')).toMatch(/^200 image\/png \(\d+ requests left this minute\)$/);
    const size = await page.$eval('#try-image', (img) => [
      (img as unknown as Img).naturalWidth,
      (img as unknown as Img).naturalHeight,
    ]);
    expect(size).toEqual([300, 512]);
  });

  test('JSON answers and errors are shown as they came', async () => {
    await page.selectOption('#try-route', 'listBots');
    await page.click('#try button[type="submit"]');
    await page.waitForSelector('#try-json:not([hidden])');
    expect(await page.textContent('#try-status')).toMatch(/^200 application\/json/);
    expect(JSON.parse((await page.textContent('#try-json')) ?? '')).toMatchObject({
      success: true,
      data: { bots: [] },
    });

    await page.fill('#try-key', 'not-a-key');
    await page.click('#try button[type="submit"]');
    await page.waitForSelector('#try-status:text-matches("^401")');
    expect(JSON.parse((await page.textContent('#try-json')) ?? '')).toMatchObject({
      success: false,
      error: { code: 'UNAUTHORIZED' },
    });
    expect(problems.filter((problem) => !/401/.test(problem))).toEqual([]);
  });
});
