import { describe, expect, test } from '@jest/globals';
import { renderDeleteDialog } from '../../shared/scenes/deleteDialog';
import { renderTrash } from '../../shared/scenes/trash';
import { inlinePng, samplePng } from '../support/imageHost';
import { pixel, rasterize, rgb, type Raster } from '../support/raster';

/** What people should recognise in the drawn scenes, checked in pixels and geometry. */
const IMAGE = inlinePng(samplePng(64, ['#ff0000', '#00ff00', '#0000ff', '#ffff00']));

/** The share of an image's pixels for which `keep` holds. */
function share(raster: Raster, keep: (rgba: number[]) => boolean): number {
  let count = 0;
  for (let i = 0; i < raster.pixels.length; i += 4) if (keep([...raster.pixels.subarray(i, i + 4)])) count += 1;
  return count / (raster.width * raster.height);
}

describe('delete', () => {
  const desktop = rgb('#0a64a4');

  test.each([
    [128, 128],
    [512, 512],
    [1024, 1024],
    [150, 700],
    [900, 200],
  ])('%ix%i: the desktop fills the whole picture, no transparent margin', (width, height) => {
    const raster = rasterize(renderDeleteDialog({ image: IMAGE, width, height }));
    expect(share(raster, ([, , , alpha]) => alpha === 0)).toBe(0);
  });

  test('a square output is mostly dialog: its picture above the question, not beside it', () => {
    const raster = rasterize(renderDeleteDialog({ image: IMAGE, width: 512, height: 512 }));
    expect(share(raster, (rgba) => rgba.slice(0, 3).some((value, i) => Math.abs(value - (desktop[i] as number)) > 8))).toBeGreaterThan(0.6);
    // The picture's red quadrant is left of the centre line and its yellow one right of it, both above the middle.
    expect(pixel(raster, 200, 120).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixel(raster, 310, 120).slice(0, 3)).toEqual([0, 255, 0]);
  });
});

describe('trash', () => {
  test('the rim is clean: left of the tilted picture, where a lid once leaned as a grey wedge, the wall shows', () => {
    const raster = rasterize(renderTrash({ image: IMAGE, width: 600, height: 600 }));
    for (const [x, y] of [[176, 322], [178, 332], [182, 346]] as const) expect(pixel(raster, x, y).slice(0, 3)).toEqual(rgb('#eef1f5'));
  });
});
