import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { renderFiltered } from '../../shared/scenes/filtered';
import { h, svgDocument } from '../../shared/svg/builder';
import { pixelate } from '../../shared/svg/filters';
import { picture } from '../../shared/svg/picture';
import { chromiumRender as render, launchChromium } from '../support/browser';
import { gradientPng, inlinePng, noisePng } from '../support/imageHost';
import { blocksOf } from '../support/blocks';
import { isNear, premultiplied } from '../support/near';
import { pixel } from '../support/raster';

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

const chromiumRender = (svg: string) => render(page, svg);

/**
 * Chromium rounds differently from resvg: colours within 2, compared premultiplied (faint pixels' colours mean little).
 */
const close = (a: number[], b: number[]) => isNear(premultiplied(a), premultiplied(b), 2);

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
  ])(
    '%ix%i in blocks of %i (%s): every block is one flat colour, the picture where the block starts',
    async (width, height, block, kind) => {
      const png =
        kind === 'gradient'
          ? gradientPng(128)
          : noisePng(width, height, width * 1000 + block, kind.startsWith('translucent'));
      const image = inlinePng(png);
      const filtered = await chromiumRender(renderFiltered({ image, width, height }, pixelate(block), 'test'));
      const original = await chromiumRender(
        svgDocument({ width, height }, h('title', {}, 'original'), picture(image, { x: 0, y: 0, width, height })),
      );
      expect([filtered.width, filtered.height]).toEqual([width, height]);
      expect([original.width, original.height]).toEqual([width, height]);

      const { blocks, problems } = blocksOf(filtered, block, close);
      let clear = 0;
      for (const { x, y, reference } of blocks) {
        if (!close(reference, pixel(original, x, y)))
          problems.push(`block at ${x},${y} is ${reference}, the picture there ${pixel(original, x, y)}`);
        if (reference[3] === 0) clear += 1;
      }
      expect(problems.slice(0, 5)).toEqual([]);
      if (kind.startsWith('translucent')) expect(clear).toBeGreaterThan(0);
    },
  );
});
