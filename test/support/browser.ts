import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
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
