import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';

/** The checks every page of ours passes in Chromium: axe-core's audit, and keyboard-reachable scroll regions. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeResults {
  violations: { id: string; help: string; nodes: { target: unknown }[] }[];
  passes: { id: string }[];
}

/**
 * axe-core run in the page. The pages' CSP pins their one script by hash, so a <script> tag would
 * be refused; evaluating the source through the DevTools protocol is not subject to the CSP.
 */
export async function audit(page: Page): Promise<AxeResults> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } })
      .axe;
    const results = await axe.run((globalThis as unknown as Window).document, {
      resultTypes: ['violations', 'passes'],
    });
    return {
      violations: results.violations.map(({ id, help, nodes }) => ({
        id,
        help,
        nodes: nodes.map(({ target }) => ({ target })),
      })),
      passes: results.passes.map(({ id }) => ({ id })),
    };
  });
}

/** What the tests read of the page (the project compiles without DOM types). */
type Box = {
  tagName: string;
  tabIndex: number;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
};
export type Window = {
  getComputedStyle(element: unknown): { overflowX: string; overflowY: string };
  document: { documentElement: Box };
};

/** Elements whose content overflows and can scroll, with whether a keyboard can reach them. */
export const scrollables = (page: Page) =>
  page.$$eval('body *', (elements) =>
    (elements as unknown as Box[])
      .filter((element) => {
        const style = (globalThis as unknown as Window).getComputedStyle(element);
        return (
          /(auto|scroll)/.test(style.overflowX + style.overflowY) &&
          (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight)
        );
      })
      .map((element) => ({ tag: element.tagName.toLowerCase(), tabIndex: element.tabIndex })),
  );

/**
 * One <main> with one <h1>, no horizontal scroll at `width`, scroll regions a keyboard reaches, and 0 axe violations.
 */
export async function expectAccessiblePage(page: Page, width: number): Promise<void> {
  expect(await page.locator('main').count()).toBe(1);
  expect(await page.locator('main h1').count()).toBe(1);
  expect(
    await page.evaluate(() => (globalThis as unknown as Window).document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(width);
  for (const region of await scrollables(page)) expect(region).toMatchObject({ tabIndex: 0 });
  const { violations, passes } = await audit(page);
  expect(violations).toEqual([]);
  // axe did run its checks (it passes these on any page it could read).
  expect(passes.map((pass) => pass.id)).toEqual(
    expect.arrayContaining(['html-has-lang', 'document-title', 'landmark-one-main']),
  );
}

/**
 * The page as it is now passes expectAccessiblePage in the light and dark schemes at 1280 and 390 px
 * (and `alsoAt` at each width), then is put back at 1280 px, light.
 */
export async function expectAccessibleInEveryLook(
  page: Page,
  alsoAt: (width: number) => Promise<void> = async () => undefined,
): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectAccessiblePage(page, width);
    }
    await alsoAt(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
