import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { renderFiltered } from '../../shared/scenes/filtered';
import { h, svgDocument } from '../../shared/svg/builder';
import { pixelate } from '../../shared/svg/filters';
import { picture } from '../../shared/svg/picture';
import { launchChromium } from '../support/browser';
import { gradientPng } from '../support/imageHost';
import { decodePng } from '../support/png';
import { pixel, type Raster } from '../support/raster';

/**
 * The pixelate filter as Chromium draws it (the docs page shows it in an <img>): renderers differ
 * in details resvg's pixel tests cannot see (feMorphology's window is 2r + 1 wide here, 2r in
 * resvg, which once put seams between blocks), so the blocks are checked in Chromium's own pixels.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

const inline = (png: Buffer) => ({ mime: 'image/png', bytes: png.length, dataUri: `data:image/png;base64,${png.toString('base64')}` });

/** A picture where neighbouring pixels differ a lot (a seam cannot hide), optionally with random opacity (some fully clear). */
function noisePng(width: number, height: number, seed: number, translucent = false): Buffer {
  const png = new PNG({ width, height });
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) & 0xff;
  };
  for (let i = 0; i < width * height * 4; i += 4) {
    png.data[i] = next();
    png.data[i + 1] = next();
    png.data[i + 2] = next();
    const alpha = next();
    png.data[i + 3] = !translucent ? 255 : alpha < 40 ? 0 : alpha;
  }
  return PNG.sync.write(png);
}

/** Chromium's own rendering of an SVG document, read back pixel by pixel (transparent where the SVG is). */
async function chromiumRender(svg: string): Promise<Raster> {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent"><img id="shot" style="display:block" src="${src}"></body></html>`, { waitUntil: 'load' });
  return decodePng(await page.locator('#shot').screenshot({ omitBackground: true }));
}

/** Colour times opacity, the value that stays meaningful however faint a pixel is. */
const premultiplied = ([r, g, b, a]: number[]) => [((r as number) * (a as number)) / 255, ((g as number) * (a as number)) / 255, ((b as number) * (a as number)) / 255, a as number];
const close = (a: number[], b: number[], tolerance = 2) => premultiplied(a).every((value, channel) => Math.abs(value - (premultiplied(b)[channel] as number)) <= tolerance);

describe('pixelate in Chromium', () => {
  test.each([
    [96, 64, 2, 'noise'],
    [50, 37, 3, 'noise'],
    [100, 71, 7, 'noise'],
    [130, 100, 16, 'noise'],
    [140, 90, 33, 'noise'],
    [100, 71, 7, 'translucent noise'],
    [75, 50, 16, 'translucent noise'],
    [200, 120, 16, 'gradient'],
  ])('%ix%i in blocks of %i (%s): every block is one flat colour, the picture where the block starts', async (width, height, block, kind) => {
    const png = kind === 'gradient' ? gradientPng(128) : noisePng(width, height, width * 1000 + block, kind.startsWith('translucent'));
    const image = inline(png);
    const filtered = await chromiumRender(renderFiltered({ image, width, height }, pixelate(block), 'test'));
    const original = await chromiumRender(svgDocument({ width, height }, h('title', {}, 'original'), picture(image, { x: 0, y: 0, width, height })));
    expect([filtered.width, filtered.height]).toEqual([width, height]);
    expect([original.width, original.height]).toEqual([width, height]);

    const problems: string[] = [];
    let clear = 0;
    for (let by = 0; by < height; by += block) {
      for (let bx = 0; bx < width; bx += block) {
        const reference = pixel(filtered, bx, by);
        if (!close(reference, pixel(original, bx, by))) problems.push(`block at ${bx},${by} is ${reference}, the picture there ${pixel(original, bx, by)}`);
        if (reference[3] === 0) clear += 1;
        for (let y = by; y < Math.min(by + block, height); y += 1) {
          for (let x = bx; x < Math.min(bx + block, width); x += 1) {
            const here = pixel(filtered, x, y);
            if (!close(here, reference)) problems.push(`block at ${bx},${by} not flat: ${here} at ${x},${y} vs ${reference}`);
          }
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    if (kind.startsWith('translucent')) expect(clear).toBeGreaterThan(0);
  });
});
