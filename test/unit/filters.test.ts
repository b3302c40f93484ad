import { describe, expect, test } from '@jest/globals';
import { PNG } from 'pngjs';
import { renderFiltered } from '../../shared/scenes/filtered';
import { h, svgDocument } from '../../shared/svg/builder';
import { contrast, hueRotate, pixelate, saturate, spreadSteps, type Filter } from '../../shared/svg/filters';
import { picture } from '../../shared/svg/picture';
import { gradientPng } from '../support/imageHost';
import { distinctColors, pixel, rasterize, type Raster } from '../support/raster';
import { expectSafeSvg } from '../support/svgXml';

const inline = (png: Buffer) => ({ mime: 'image/png', bytes: png.length, dataUri: `data:image/png;base64,${png.toString('base64')}` });
const GRADIENT = inline(gradientPng(128));

function render(effect: Filter, width = 128, height = 128, image = GRADIENT): Raster {
  const svg = renderFiltered({ image, width, height }, effect, 'test');
  const elements = expectSafeSvg(svg, { width, height });
  expect(elements.some((e) => e.tag === 'filter')).toBe(true);
  return rasterize(svg);
}

/** A solid-colour picture, to follow one colour through a filter. */
const solid = (hex: string) => inline(rasterize(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="${hex}"/></svg>`).png);

/** Random colours where no two neighbours are alike, with random opacity, about one pixel in six fully clear. */
function translucentNoisePng(width: number, height: number, seed: number): Buffer {
  const png = new PNG({ width, height });
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) & 0xff;
  };
  for (let i = 0; i < width * height * 4; i += 4) {
    for (let c = 0; c < 3; c += 1) png.data[i + c] = next();
    const alpha = next();
    png.data[i + 3] = alpha < 40 ? 0 : alpha;
  }
  return PNG.sync.write(png);
}

/** Colour times opacity, the value that stays meaningful however faint a pixel is. */
const premultiplied = ([r, g, b, a]: number[]) => [r, g, b].map((v) => ((v as number) * (a as number)) / 255).concat(a as number);

const chroma = ([r, g, b]: number[]) => Math.max(r as number, g as number, b as number) - Math.min(r as number, g as number, b as number);
const samples = (raster: Raster) => [
  [10, 10],
  [64, 64],
  [118, 30],
  [30, 118],
  [100, 100],
].map(([x, y]) => pixel(raster, x as number, y as number));

describe('pixelate', () => {
  test.each([
    [200, 120, 16],
    [97, 61, 7],
    [64, 64, 2],
    [300, 200, 128],
    [50, 50, 3],
    [129, 130, 128],
    [512, 512, 16],
    [1, 1, 2],
    [300, 100, 64],
    [2, 2, 3],
  ])('%ix%i in blocks of %i: every block is one flat, opaque colour, sampled from the picture where the block starts', (width, height, block) => {
    const raster = render(pixelate(block), width, height);
    const original = render(saturate(1), width, height);
    let blocks = 0;
    for (let by = 0; by < height; by += block) {
      for (let bx = 0; bx < width; bx += block) {
        const reference = pixel(raster, bx, by);
        for (let y = by; y < Math.min(by + block, height); y += 1) {
          for (let x = bx; x < Math.min(bx + block, width); x += 1) {
            const here = pixel(raster, x, y);
            if (here.join() !== reference.join()) throw new Error(`block at ${bx},${by} not flat: ${here} at ${x},${y} vs ${reference}`);
          }
        }
        expect(reference[3]).toBe(255);
        // The same framing as the unfiltered picture: nothing cropped, scaled or shifted.
        pixel(original, bx, by).forEach((value, channel) => expect(Math.abs(value - (reference[channel] as number))).toBeLessThanOrEqual(2));
        blocks += 1;
      }
    }
    expect(distinctColors(raster)).toBeLessThanOrEqual(blocks);
    if (blocks > 1) expect(distinctColors(raster)).toBeGreaterThan(1);
  });

  test('every block size from 2 to 128: the steps copy the dot onto each pixel of the block exactly once, in under 2 log2(size) steps', () => {
    for (let block = 2; block <= 128; block += 1) {
      // Where the dot has been copied to, in one block and the next, after each step.
      const stages: number[][] = [];
      let covered = [0];
      for (const step of spreadSteps(block)) {
        expect(Number.isInteger(step.by) && step.by >= 1).toBe(true);
        covered = [...covered, ...(step.base ? [0] : covered).map((x) => x + step.by)];
        stages.push(covered);
      }
      expect([...covered].sort((a, b) => a - b)).toEqual(Array.from({ length: block }, (_, i) => i));
      expect(stages.length).toBeLessThan(2 * Math.log2(block) + 1e-9);
    }
  });

  test('a translucent picture: each block is exactly the colour and opacity where it starts, clear blocks stay clear', () => {
    for (const [width, height, block] of [
      [97, 61, 7],
      [64, 48, 16],
      [50, 50, 3],
      [40, 40, 2],
    ] as const) {
      const image = inline(translucentNoisePng(width, height, width + block));
      const raster = render(pixelate(block), width, height, image);
      const original = rasterize(svgDocument({ width, height }, picture(image, { x: 0, y: 0, width, height })));
      let clear = 0;
      let faint = 0;
      for (let by = 0; by < height; by += block) {
        for (let bx = 0; bx < width; bx += block) {
          const reference = pixel(raster, bx, by);
          for (let y = by; y < Math.min(by + block, height); y += 1) {
            for (let x = bx; x < Math.min(bx + block, width); x += 1) {
              const here = pixel(raster, x, y);
              if (here.join() !== reference.join()) throw new Error(`${width}x${height}/${block}: block at ${bx},${by} not flat: ${here} at ${x},${y} vs ${reference}`);
            }
          }
          const source = premultiplied(pixel(original, bx, by));
          premultiplied(reference).forEach((value, channel) => expect(Math.abs(value - (source[channel] as number))).toBeLessThanOrEqual(1));
          if (reference[3] === 0) clear += 1;
          else if (reference[3] < 255) faint += 1;
        }
      }
      expect(clear).toBeGreaterThan(0);
      expect(faint).toBeGreaterThan(0);
    }
  });

  test('the unfiltered gradient is not flat in blocks (the check above can fail)', () => {
    const raster = render(saturate(1), 64, 64);
    expect(pixel(raster, 0, 0).join()).not.toBe(pixel(raster, 1, 1).join());
  });
});

describe('saturate', () => {
  test('amount 0 gives grey pixels', () => {
    for (const [r, g, b] of samples(render(saturate(0)))) {
      expect(Math.abs((r as number) - (g as number))).toBeLessThanOrEqual(1);
      expect(Math.abs((g as number) - (b as number))).toBeLessThanOrEqual(1);
    }
  });

  test('amount 1 leaves the picture as it is; amount 3 makes colours stronger', () => {
    const original = samples(render(contrast(1)));
    const same = samples(render(saturate(1)));
    const strong = samples(render(saturate(3)));
    same.forEach((p, i) => p.forEach((v, c) => expect(Math.abs(v - (original[i]?.[c] as number))).toBeLessThanOrEqual(1)));
    expect(strong.reduce((sum, p) => sum + chroma(p), 0)).toBeGreaterThan(original.reduce((sum, p) => sum + chroma(p), 0));
  });
});

describe('hue-rotate', () => {
  test('180 degrees turns pure red cyan-ish', () => {
    const [r, g, b] = pixel(render(hueRotate(180), 8, 8, solid('#ff0000')), 4, 4);
    expect(r).toBeLessThan(30);
    expect(g).toBeGreaterThan(90);
    expect(b).toBeGreaterThan(90);
    expect(Math.abs(g - b)).toBeLessThanOrEqual(2);
  });

  test('0 and 360 degrees leave colours as they are', () => {
    for (const degrees of [0, 360]) {
      const rgb = pixel(render(hueRotate(degrees), 8, 8, solid('#3366cc')), 4, 4);
      [0x33, 0x66, 0xcc].forEach((value, channel) => expect(Math.abs((rgb[channel] as number) - value)).toBeLessThanOrEqual(1));
    }
  });

  test('120 degrees moves red towards green', () => {
    const [r, g] = pixel(render(hueRotate(120), 8, 8, solid('#ff0000')), 4, 4);
    expect(g).toBeGreaterThan(r);
  });
});

describe('contrast', () => {
  test('amount 1 leaves colours as they are; 0 makes everything mid-grey', () => {
    expect(pixel(render(contrast(1), 8, 8, solid('#3366cc')), 4, 4).slice(0, 3)).toEqual([0x33, 0x66, 0xcc]);
    for (const [r, g, b] of samples(render(contrast(0)))) for (const v of [r, g, b]) expect(Math.abs((v as number) - 128)).toBeLessThanOrEqual(1);
  });

  test('amount 2 pushes dark darker and light lighter around the middle', () => {
    const [dark] = pixel(render(contrast(2), 8, 8, solid('#404040')), 4, 4);
    const [light] = pixel(render(contrast(2), 8, 8, solid('#c0c0c0')), 4, 4);
    expect(dark).toBeLessThan(0x40);
    expect(light).toBeGreaterThan(0xc0);
    expect(Math.abs(dark - 0x00)).toBeLessThanOrEqual(2);
    expect(Math.abs(light - 0xff)).toBeLessThanOrEqual(2);
  });
});
