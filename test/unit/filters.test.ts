import { describe, expect, test } from '@jest/globals';
import { renderFiltered } from '../../shared/scenes/filtered';
import { svgDocument } from '../../shared/svg/builder';
import { filterRoutes } from '../../shared/routes/groups/filters';
import {
  colourMatrixEffects,
  colourMixes,
  contrast,
  hueRotate,
  pixelate,
  saturate,
  spreadSteps,
  type Filter,
  type Mix,
} from '../../shared/svg/filters';
import { picture } from '../../shared/svg/picture';
import { gradientPng, inlinePng, noisePng } from '../support/imageHost';
import { blocksOf, identical } from '../support/blocks';
import { expectNear, premultiplied } from '../support/near';
import { distinctColors, pixel, rasterize, type Raster } from '../support/raster';
import { expectSafeSvg } from '../support/svgXml';

const GRADIENT = inlinePng(gradientPng(128));

function render(effect: Filter, width = 128, height = 128, image = GRADIENT): Raster {
  const svg = renderFiltered({ image, width, height }, effect, 'test');
  const elements = expectSafeSvg(svg, { width, height });
  expect(elements.some((e) => e.tag === 'filter')).toBe(true);
  return rasterize(svg);
}

/** A solid-colour picture, to follow one colour through a filter. */
const solid = (hex: string) =>
  inlinePng(
    rasterize(
      `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="${hex}"/></svg>`,
    ).png,
  );

const chroma = ([r, g, b]: number[]) =>
  Math.max(r as number, g as number, b as number) - Math.min(r as number, g as number, b as number);
const samples = (raster: Raster) =>
  [
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
  ])(
    '%ix%i in blocks of %i: every block is one flat, opaque colour, sampled from the picture where the block starts',
    (width, height, block) => {
      const raster = render(pixelate(block), width, height);
      const original = render(saturate(1), width, height);
      expect([raster.width, raster.height]).toEqual([width, height]);
      const { blocks, problems } = blocksOf(raster, block, identical);
      expect(problems.slice(0, 5)).toEqual([]);
      for (const { x, y, reference } of blocks) {
        expect(reference[3]).toBe(255);
        // The same framing as the unfiltered picture: nothing cropped, scaled or shifted.
        expectNear(reference, pixel(original, x, y), 2);
      }
      expect(distinctColors(raster)).toBeLessThanOrEqual(blocks.length);
      if (blocks.length > 1) expect(distinctColors(raster)).toBeGreaterThan(1);
    },
  );

  test('every block size 2 to 128: the dot reaches each pixel once, in under 2 log2(size) steps', () => {
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

  test('a translucent picture: each block is its starting colour and opacity; clear stays clear', () => {
    for (const [width, height, block] of [
      [97, 61, 7],
      [64, 48, 16],
      [50, 50, 3],
      [40, 40, 2],
    ] as const) {
      const image = inlinePng(noisePng(width, height, width + block, true));
      const raster = render(pixelate(block), width, height, image);
      const original = rasterize(svgDocument({ width, height }, picture(image, { x: 0, y: 0, width, height })));
      let clear = 0;
      let faint = 0;
      expect([raster.width, raster.height]).toEqual([width, height]);
      const { blocks, problems } = blocksOf(raster, block, identical);
      expect({ picture: `${width}x${height}/${block}`, problems: problems.slice(0, 5) }).toEqual({
        picture: `${width}x${height}/${block}`,
        problems: [],
      });
      for (const { x, y, reference } of blocks) {
        expectNear(premultiplied(reference), premultiplied(pixel(original, x, y)), 1);
        if (reference[3] === 0) clear += 1;
        else if (reference[3] < 255) faint += 1;
      }
      expect(clear).toBeGreaterThan(0);
      expect(faint).toBeGreaterThan(0);
    }
  });

  test('the unfiltered gradient is not flat in blocks (the check above can fail)', () => {
    const raster = render(saturate(1), 64, 64);
    expect(pixel(raster, 0, 0).join()).not.toBe(pixel(raster, 1, 1).join());
    expect(blocksOf(raster, 2, identical).problems.length).toBeGreaterThan(0);
  });
});

/** What a colour matrix makes of an opaque colour: each channel its row's mix, clamped, in sRGB as the filters work. */
const mixed = (mix: Mix, rgb: number[]) =>
  mix.map((row) =>
    Math.round(
      Math.min(
        255,
        Math.max(
          0,
          row.reduce((sum, k, c) => sum + k * (rgb[c] as number), 0),
        ),
      ),
    ),
  );

const COLOURS = ['#ff0000', '#3366cc', '#80c040', '#ffffff', '#202020'];
const hex = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));

describe.each(Object.keys(colourMixes) as (keyof typeof colourMixes)[])('colour matrix %s', (name) => {
  const route = filterRoutes[name];
  const { strength } = route.effect;
  // The strengths a client gets without asking and the one the docs show.
  const strengths = [
    (route.schemas.query.parse({ image: 'https://example.com/a.png' }) as Record<string, unknown>)[strength],
    Number(route.example.query?.[strength]),
  ] as number[];

  test.each(strengths)(`${strength} %d: every colour becomes its matrix product, alpha kept`, (amount) => {
    for (const colour of COLOURS) {
      const drawn = pixel(render(colourMatrixEffects[name](amount), 8, 8, solid(colour)), 4, 4);
      expectNear(drawn, [...mixed(colourMixes[name](amount), hex(colour)), 255], 1);
    }
  });
});

describe('saturate', () => {
  test('amount 0 gives grey pixels', () => {
    // Grey: red near green, green near blue.
    for (const [r, g, b] of samples(render(saturate(0)))) expectNear([r, g], [g, b], 1);
  });

  test('amount 1 leaves the picture as it is; amount 3 makes colours stronger', () => {
    const original = samples(render(contrast(1)));
    const same = samples(render(saturate(1)));
    const strong = samples(render(saturate(3)));
    for (const [i, p] of same.entries()) expectNear(p, original[i] as number[], 1);
    expect(strong.reduce((sum, p) => sum + chroma(p), 0)).toBeGreaterThan(
      original.reduce((sum, p) => sum + chroma(p), 0),
    );
  });
});

describe('hue-rotate', () => {
  test('180 degrees turns pure red cyan-ish', () => {
    const [r, g, b] = pixel(render(hueRotate(180), 8, 8, solid('#ff0000')), 4, 4);
    expect(r).toBeLessThan(30);
    expect(g).toBeGreaterThan(90);
    expect(b).toBeGreaterThan(90);
    expectNear([g], [b], 2);
  });

  test('0 and 360 degrees leave colours as they are', () => {
    for (const degrees of [0, 360]) {
      const rgb = pixel(render(hueRotate(degrees), 8, 8, solid('#3366cc')), 4, 4);
      expectNear(rgb, [0x33, 0x66, 0xcc], 1);
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
    for (const sample of samples(render(contrast(0)))) expectNear(sample, [128, 128, 128], 1);
  });

  test('amount 2 pushes dark darker and light lighter around the middle', () => {
    const [dark] = pixel(render(contrast(2), 8, 8, solid('#404040')), 4, 4);
    const [light] = pixel(render(contrast(2), 8, 8, solid('#c0c0c0')), 4, 4);
    expect(dark).toBeLessThan(0x40);
    expect(light).toBeGreaterThan(0xc0);
    expectNear([dark, light], [0x00, 0xff], 2);
  });
});
