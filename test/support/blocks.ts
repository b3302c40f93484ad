import { pixel, type Raster } from './raster';

export interface Block {
  /** The block's top-left pixel position and its colour there: what the whole block must be. */
  x: number;
  y: number;
  reference: [number, number, number, number];
}

/**
 * Cuts `raster` into `size`×`size` blocks (smaller at the right and bottom edges) and compares
 * every pixel with its block's top-left one by `same`: the blocks, and each pixel that differs.
 */
export function blocksOf(
  raster: Raster,
  size: number,
  same: (here: number[], reference: number[]) => boolean,
): { blocks: Block[]; problems: string[] } {
  const blocks: Block[] = [];
  const problems: string[] = [];
  for (let by = 0; by < raster.height; by += size) {
    for (let bx = 0; bx < raster.width; bx += size) {
      const reference = pixel(raster, bx, by);
      blocks.push({ x: bx, y: by, reference });
      for (let y = by; y < Math.min(by + size, raster.height); y += 1) {
        for (let x = bx; x < Math.min(bx + size, raster.width); x += 1) {
          const here = pixel(raster, x, y);
          if (!same(here, reference))
            problems.push(`block at ${bx},${by} not flat: ${here} at ${x},${y} vs ${reference}`);
        }
      }
    }
  }
  return { blocks, problems };
}

/** Exactly the same RGBA. */
export const identical = (a: number[], b: number[]) => a.join() === b.join();
