import { describe, expect, test } from '@jest/globals';
import { renderDeleteDialog } from '../../shared/scenes/deleteDialog';
import { renderDistracted } from '../../shared/scenes/distracted';
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
    expect(
      share(raster, (rgba) => rgba.slice(0, 3).some((value, i) => Math.abs(value - (desktop[i] as number)) > 8)),
    ).toBeGreaterThan(0.6);
    // The picture's red quadrant is left of the centre line and its yellow one right of it, both above the middle.
    expect(pixel(raster, 200, 120).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixel(raster, 310, 120).slice(0, 3)).toEqual([0, 255, 0]);
  });
});

describe('trash', () => {
  test('the rim is clean: left of the tilted picture, where a lid once leaned as a grey wedge, the wall shows', () => {
    const raster = rasterize(renderTrash({ image: IMAGE, width: 600, height: 600 }));
    for (const [x, y] of [
      [176, 322],
      [178, 332],
      [182, 346],
    ] as const)
      expect(pixel(raster, x, y).slice(0, 3)).toEqual(rgb('#eef1f5'));
  });
});

describe('distracted', () => {
  // Heads are drawn at 0.82 scale with their centres about 160 px down;
  // each box holds one head and nothing else that is ink, white or hair.
  const HEADS = {
    boyfriend: { x: 480, y: 100, width: 120, height: 130 },
    girlfriend: { x: 730, y: 100, width: 120, height: 130 },
  };
  const COLOURS = { ink: '#1d1d1f', white: '#ffffff', boyfriendHair: '#3b2a1e', girlfriendHair: '#2b2b2b' };
  const raster = rasterize(
    renderDistracted({
      boyfriend: { kind: 'text', text: 'Me' },
      girlfriend: { kind: 'text', text: 'My project' },
      other: { kind: 'text', text: 'A new framework' },
    }),
  );

  /** The pixels of exactly `hex` in `box`, as [x, y]. */
  function spots(
    box: { x: number; y: number; width: number; height: number },
    hex: string,
    rows = [box.y, box.y + box.height],
  ): [number, number][] {
    const want = rgb(hex);
    const found: [number, number][] = [];
    for (let y = Math.max(box.y, rows[0] as number); y < Math.min(box.y + box.height, rows[1] as number); y += 1) {
      for (let x = box.x; x < box.x + box.width; x += 1)
        if (
          pixel(raster, x, y)
            .slice(0, 3)
            .every((value, i) => value === want[i])
        )
          found.push([x, y]);
    }
    return found;
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

  /** The pupils (ink in the upper half of the head, above the mouth) and the eye whites round them. */
  function eyes(box: { x: number; y: number; width: number; height: number }) {
    const centreY = box.y + box.height * 0.45;
    const pupils = spots(box, COLOURS.ink, [box.y, centreY + 8]);
    const whites = spots(box, COLOURS.white);
    return {
      pupils,
      whites,
      pupilX: mean(pupils.map(([x]) => x)),
      pupilY: mean(pupils.map(([, y]) => y)),
      whiteX: mean(whites.map(([x]) => x)),
    };
  }

  test("the boyfriend's face turns left to the other woman, the back of his head to his girlfriend", () => {
    const box = HEADS.boyfriend;
    const { pupils, whites, pupilX, pupilY, whiteX } = eyes(box);
    expect(pupils.length).toBeGreaterThan(20);
    // He looks to the left, where she walks: each pupil sits at the left of its eye white.
    expect(whites.length).toBeGreaterThan(20);
    expect(pupilX).toBeLessThan(whiteX - 2);
    // Across his head at eye level: face and eyes on the left, hair (the back of his head) on the right.
    const row = [
      ...spots(box, COLOURS.boyfriendHair, [pupilY, pupilY + 1]),
      ...spots(box, '#e9b995', [pupilY, pupilY + 1]),
    ].map(([x]) => x);
    const centre = (Math.min(...row) + Math.max(...row)) / 2;
    expect(pupilX).toBeLessThan(centre - 10);
    expect(
      spots(box, COLOURS.boyfriendHair, [pupilY, pupilY + 1]).filter(([x]) => x > centre + 10).length,
    ).toBeGreaterThan(8);
  });

  test('each of the three walks on two feet a stride apart: two shoes, a gap between them', () => {
    const row = 556;
    const shoe = rgb('#2a2a2e');
    const columns = Array.from({ length: raster.width }, (_, x) => x).filter((x) =>
      pixel(raster, x, row)
        .slice(0, 3)
        .every((value, i) => value === shoe[i]),
    );
    // Runs of adjacent shoe columns along the ground: one per foot.
    const runs = columns.reduce<[number, number][]>((found, x) => {
      const last = found.at(-1);
      if (last && x === last[1] + 1) last[1] = x;
      else found.push([x, x]);
      return found;
    }, []);
    expect(runs).toHaveLength(6);
    for (const person of [0, 1, 2]) {
      const [back, front] = [runs[person * 2], runs[person * 2 + 1]] as [[number, number], [number, number]];
      expect(front[0] - back[1]).toBeGreaterThan(30);
    }
  });

  test('the girlfriend glares at him: eyes turned left to him, brows pulled down towards her nose', () => {
    const box = HEADS.girlfriend;
    const { pupils, pupilX, pupilY, whiteX } = eyes(box);
    expect(pupilX).toBeLessThan(whiteX - 2);
    // Each brow's end nearer the nose is lower than its outer end.
    const between = pupilX;
    for (const eye of [pupils.filter(([x]) => x < between), pupils.filter(([x]) => x >= between)]) {
      const eyeX = mean(eye.map(([x]) => x));
      const inner = eyeX < between ? 1 : -1;
      const lowest = (x: number) => {
        const brow = spots({ x: Math.round(x), y: box.y, width: 1, height: box.height }, COLOURS.girlfriendHair, [
          pupilY - 22,
          pupilY - 5,
        ]);
        expect(brow.length).toBeGreaterThan(0);
        return Math.max(...brow.map(([, y]) => y));
      };
      expect(lowest(eyeX + inner * 5)).toBeGreaterThan(lowest(eyeX - inner * 5) + 3);
    }
  });
});
