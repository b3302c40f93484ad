import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { decodePng } from './png';
import type { Raster } from './raster';

/** Debian's Chromium, which `.ci/run` installs (apt-get install chromium); playwright-core drives it. */
export const CHROMIUM = '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does`);
  return chromium.launch({
    executablePath: CHROMIUM,
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
 * `consoleErrors: false` keeps only script errors, for pages whose refused requests log console errors.
 */
export async function openPage(
  browser: Browser,
  url: string,
  { width = 1280, height = 900, javaScriptEnabled = true, consoleErrors = true } = {},
): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width, height }, javaScriptEnabled });
  const problems: string[] = [];
  if (consoleErrors) page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
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
