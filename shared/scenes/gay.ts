import { h, svgDocument } from '../svg/builder';
import { picture } from '../svg/picture';
import type { PictureScene } from './picture';

/** The six stripes of the rainbow flag, top to bottom. */
export const FLAG_STRIPES = ['#e40303', '#ff8c00', '#ffed00', '#008026', '#004dff', '#750787'];

export interface GayData extends PictureScene {
  /** How much of the picture the flag hides: 0 (none) to 1 (all). */
  opacity: number;
}

/** The picture under the rainbow flag's stripes at `opacity`. */
export function renderGay({ image, width, height, opacity }: GayData): string {
  const stripe = height / FLAG_STRIPES.length;
  return svgDocument(
    { width, height },
    h('title', {}, 'Pride flag overlay'),
    picture(image, { x: 0, y: 0, width, height }),
    h(
      'g',
      { opacity },
      // Each stripe overlaps the next by a pixel so no seam of the picture shows between them.
      FLAG_STRIPES.map((fill, i) =>
        h('rect', { x: 0, y: i * stripe, width, height: Math.min(height - i * stripe, stripe + 1), fill }),
      ),
    ),
  );
}
