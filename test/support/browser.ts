import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { findBrowser } from '../../infra/cli/browser/findBrowser';
import { machine, machineProbes } from '../../infra/cli/browser/machine';
import { fixLine } from '../../infra/cli/browser/provideBrowser';
import { decodePng } from './png';
import type { Raster } from './raster';

/** The browser `npm test`'s pretest step found or provided (infra/cli/ensureBrowser.ts), found the same way. */
export function chromiumPath(): string {
  const search = findBrowser(machineProbes());
  if ('found' in search) return search.found;
  throw new Error('problem' in search ? search.problem : fixLine(machine()));
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    // The machine has no network beyond loopback: keep Chromium from reaching for Google's services.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in a browser profile of its own (its own cookies), and what went wrong on it so far. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught script errors, and console errors (CSP violations, failed loads) unless they were not asked for. */
  problems: string[];
}

/**
 * `url` loaded in a fresh profile of `browser`, its problems collected from before the first byte.
 * `consoleErrors: false` keeps only script errors, for pages whose refused requests log console errors;
 * `expectedStatus: true` drops the console's error for the document's own non-2xx status (an error page).
 */
export async function openPage(
  browser: Browser,
  url: string,
  {
    width = 1280,
    height = 900,
    javaScriptEnabled = true,
    consoleErrors = true,
    colorScheme = 'light' as 'light' | 'dark',
    expectedStatus = false,
  } = {},
): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width, height }, javaScriptEnabled, colorScheme });
  const problems: string[] = [];
  const ownStatus = (message: ConsoleMessage) => expectedStatus && message.location().url === url;
  if (consoleErrors)
    page.on('console', (message) => message.type() === 'error' && !ownStatus(message) && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(url);
  return { context: page.context(), page, problems };
}

/** Chromium's own rendering of an SVG document in an <img>, read back pixel by pixel (transparent where the SVG is). */
export async function chromiumRender(page: Page, svg: string): Promise<Raster> {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(
    '<!doctype html><html><body style="margin:0;background:transparent"><img id="shot" style="display:block" ' +
      `src="${src}"></body></html>`,
    { waitUntil: 'load' },
  );
  return decodePng(await page.locator('#shot').screenshot({ omitBackground: true }));
}
