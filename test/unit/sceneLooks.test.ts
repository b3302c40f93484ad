import { describe, expect, test } from '@jest/globals';
import { renderTrash } from '../../shared/scenes/trash';
import { inlinePng, samplePng } from '../support/imageHost';
import { pixel, rasterize, rgb } from '../support/raster';

/** What people should recognise in the drawn scenes, checked in pixels and geometry. */
const IMAGE = inlinePng(samplePng(64, ['#ff0000', '#00ff00', '#0000ff', '#ffff00']));

describe('trash', () => {
  test('the rim is clean: left of the tilted picture, where a lid once leaned as a grey wedge, the wall shows', () => {
    const raster = rasterize(renderTrash({ image: IMAGE, width: 600, height: 600 }));
    for (const [x, y] of [[176, 322], [178, 332], [182, 346]] as const) expect(pixel(raster, x, y).slice(0, 3)).toEqual(rgb('#eef1f5'));
  });
});
