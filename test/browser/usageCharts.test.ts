import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { launchChromium, openPage } from '../support/browser';
import { call, rateHeaders, startTestApi } from '../support/localApi';
import { expectAccessibleInEveryLook } from '../support/pageAudit';

/**
 * A key's usage on the dashboard, in Chromium, after real requests to the local server: each chart
 * says its totals and busiest span in text readable at 390 px, "No requests yet" when there were
 * none, and its counts in a table. The quota is 30 a minute, so some of its 35 requests are refused.
 */
const QUOTA = 30;
const LOCAL_KEY = 'usage-charts-key-0123456789';
let api: LocalServer;
let browser: Browser;
beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = String(QUOTA);
  api = await startTestApi({ localApiKey: LOCAL_KEY });
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  await browser?.close();
  await api?.close();
});

const SPANS = [
  ['minutes', 'minute', (start: string) => start.slice(11, 16)],
  ['hours', 'hour', (start: string) => `${start.slice(11, 13)}:00`],
  ['days', 'day', (start: string) => start.slice(0, 10)],
] as const;

/** Each span's rows as the requests' answers say: per span start, how many were let through and refused. */
function expectedRows(answers: { windowStart: number; status: number }[], name: (start: string) => string) {
  const rows = new Map<string, [string, string, string]>();
  for (const { windowStart, status } of answers) {
    const label = name(new Date(windowStart * 1000).toISOString());
    const [, allowed, refused] = rows.get(label) ?? [label, '0', '0'];
    rows.set(label, [
      label,
      String(Number(allowed) + (status === 200 ? 1 : 0)),
      String(Number(refused) + (status === 429 ? 1 : 0)),
    ]);
  }
  return [...rows.values()];
}

const tableRows = (page: Page, span: string) =>
  page
    .locator(`#table-${span} tbody tr`)
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from((row as unknown as { cells: ArrayLike<{ textContent: string }> }).cells, (c) => c.textContent),
      ),
    );

/** The summary's computed font size in CSS px, and whether it is shown. */
const summaryLook = (page: Page, span: string) =>
  page.locator(`#summary-${span}`).evaluate((element) => {
    const view = globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } };
    const box = (
      element as unknown as { getBoundingClientRect(): { width: number; height: number } }
    ).getBoundingClientRect();
    return { fontSize: Number.parseFloat(view.getComputedStyle(element).fontSize), shown: box.height > 0 };
  });

/** At 1280 and 390 px, light and dark: 0 axe violations, and every summary shown at 12 px or more. */
async function expectReadableAndAccessible(page: Page): Promise<void> {
  await expectAccessibleInEveryLook(page, async () => {
    for (const [span] of SPANS) {
      const look = await summaryLook(page, span);
      expect(look.shown).toBe(true);
      expect(look.fontSize).toBeGreaterThanOrEqual(12);
    }
  });
}

async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('button', { name: `Usage ${name}` }).waitFor();
  return page.locator('#new-key-value').inputValue();
}

describe('the usage charts', () => {
  test('say "No requests yet", then the totals, busiest span and counts of real requests', async () => {
    const { context, page, problems } = await openPage(browser, `${api.url}/dashboard`);
    try {
      await page.getByRole('link', { name: 'Sign in locally (development only)' }).click();
      await page.locator('#signed-in').waitFor({ state: 'visible' });

      await createKey(page, 'quiet');
      await page.getByRole('button', { name: 'Usage quiet' }).click();
      await page.locator('#usage').waitFor({ state: 'visible' });
      for (const [span] of SPANS) {
        await expect(page.locator(`#summary-${span}`).textContent()).resolves.toBe('No requests yet.');
        await expect(page.locator(`#counts-${span}`).isHidden()).resolves.toBe(true);
        await expect(page.locator(`#chart-${span}`).getAttribute('alt')).resolves.toBe('');
      }
      await expectReadableAndAccessible(page);

      // 35 requests with a new key: its quota (30 a minute) lets some through and refuses the rest,
      // each answer saying its minute (X-RateLimit-Reset is the minute's end).
      const key = await createKey(page, 'busy');
      const answers: { windowStart: number; status: number }[] = [];
      // Across a minute's end both minutes may stay under the quota: go on until one refuses.
      const refusedOne = () => answers.some((answer) => answer.status === 429);
      for (let i = 0; i < 100 && (i < 35 || !refusedOne()); i += 1) {
        const reply = await call(`${api.url}/v1/bots?limit=1`, { key });
        expect([200, 429]).toContain(reply.status);
        answers.push({ windowStart: rateHeaders(reply).reset - 60, status: reply.status });
      }
      expect(refusedOne()).toBe(true);

      await page.getByRole('button', { name: 'Usage busy' }).click();
      await page.getByText('Usage of busy').waitFor();
      const allowed = answers.filter((answer) => answer.status === 200).length;
      const refused = answers.length - allowed;
      for (const [span, unit, name] of SPANS) {
        const rows = expectedRows(answers, name);
        await expect(tableRows(page, span)).resolves.toEqual(rows);
        const busiest = rows.reduce((best, row) =>
          Number(best[1]) + Number(best[2]) > Number(row[1]) + Number(row[2]) ? best : row,
        );
        await expect(page.locator(`#summary-${span}`).textContent()).resolves.toBe(
          `${answers.length} requests: ${allowed} let through, ${refused} refused (429). ` +
            `Busiest ${unit}: ${busiest[0]} UTC, ${Number(busiest[1]) + Number(busiest[2])} requests.`,
        );
        await page.locator(`#counts-${span} summary`).click();
        await page.locator(`#table-${span}`).waitFor({ state: 'visible' });
      }
      await expectReadableAndAccessible(page);
      // docs/dashboard-usage.png is this picture (390 px wide): copy it there when the section's look changes.
      mkdirSync('artifacts', { recursive: true });
      await page.setViewportSize({ width: 390, height: 900 });
      await page.locator('#usage').screenshot({ path: 'artifacts/dashboard-usage.png' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
