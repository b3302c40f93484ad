import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { exampleDrawer } from '../../functions/docs/gallery';
import { svgToPng } from '../../shared/raster/png';
import { renderRankCard } from '../../shared/scenes/rankCard';
import { chromiumRender, launchChromium } from '../support/browser';
import { premultiplied } from '../support/near';
import { decodePng } from '../support/png';
import { rasterize, type Raster } from '../support/raster';
import { svgRoutes } from '../support/routeCases';

/**
 * Text is outlines and emoji are pictures, so a browser draws our SVG as resvg and our PNG do: for
 * every route whose example draws text, and a rank card with a Japanese name and emoji, the three
 * pictures differ only in antialiasing (a few pixels along edges), never by a glyph.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

/** The share of pixels whose premultiplied colours differ by more than `tolerance` in some channel. */
function differing(a: Raster, b: Raster, tolerance = 48): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let count = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    const [p, q] = [premultiplied([...a.pixels.subarray(i, i + 4)]), premultiplied([...b.pixels.subarray(i, i + 4)])];
    if (p.some((value, c) => Math.abs(value - (q[c] as number)) > tolerance)) count += 1;
  }
  return count / (a.pixels.length / 4);
}

const cases = async (): Promise<[string, string][]> => {
  const drawn = await Promise.all(
    svgRoutes.map(async (route): Promise<[string, string]> => [route.id, (await exampleDrawer(route)()).body]),
  );
  return [
    ...drawn.filter(([, svg]) => svg.includes('role="img"')),
    [
      'rank card, Japanese name and emoji',
      renderRankCard({
        username: 'さくら 桜🌸 👍🏽 🇯🇵',
        level: 12,
        xp: 345,
        requiredXp: 1000,
        rank: 7,
        status: 'idle',
        theme: 'dark',
      }),
    ],
  ];
};

describe('Chromium, resvg and our PNG draw text routes alike', () => {
  test('every route whose example draws text, and a card in Japanese with emoji', async () => {
    const all = await cases();
    expect(all.length).toBeGreaterThanOrEqual(6);
    const report: string[] = [];
    for (const [name, svg] of all) {
      const [inChromium, inResvg, png] = [
        await chromiumRender(page, svg),
        decodePng(rasterize(svg).png),
        decodePng(await svgToPng(svg)),
      ];
      const [browserShare, pngShare] = [differing(inChromium, inResvg), differing(png, inResvg, 2)];
      if (browserShare > 0.01 || pngShare > 0)
        report.push(
          `${name}: Chromium ${(browserShare * 100).toFixed(2)}% of pixels, PNG ${(pngShare * 100).toFixed(2)}%`,
        );
    }
    expect(report).toEqual([]);
  }, 120_000);
});
