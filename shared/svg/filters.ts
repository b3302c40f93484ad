import { h, type Child, type SvgElement } from './builder';
import type { Box } from './geometry';

/**
 * Picture effects as SVG filter primitives. Every filter works in sRGB (the default linearRGB
 * would shift midtones) and on exactly the picture's box, so edges are neither cut nor padded.
 */
export interface Filter {
  /** The picture's box must be a whole number of cells of this size (pixelate's blocks). */
  grid?: number;
  element(id: string, box: Box): SvgElement;
}

const filter = (id: string, box: Box, ...primitives: Child[]) =>
  h('filter', { id, filterUnits: 'userSpaceOnUse', primitiveUnits: 'userSpaceOnUse', ...box, 'color-interpolation-filters': 'sRGB' }, ...primitives);

// Matrix entries keep four decimals: two (the attribute default) would skew the luminance weights.
const matrix = (values: number[]) => values.map((v) => Number(v.toFixed(4))).join(' ');

/** Contrast around mid-grey: slope `amount`, 1 = unchanged, 0 = flat grey. */
export const contrast = (amount: number): Filter => ({
  element: (id, box) => {
    const channel = (tag: string) => h(tag, { type: 'linear', slope: amount, intercept: Number((0.5 - 0.5 * amount).toFixed(4)) });
    return filter(id, box, h('feComponentTransfer', {}, channel('feFuncR'), channel('feFuncG'), channel('feFuncB')));
  },
});

/**
 * Saturation by the Filter Effects matrix, written out so amounts above 1 (oversaturation) mean
 * the same in every renderer; 0 = grey, 1 = unchanged.
 */
export const saturate = (s: number): Filter => ({
  element: (id, box) =>
    filter(
      id,
      box,
      h('feColorMatrix', {
        type: 'matrix',
        values: matrix([
          0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
          0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
          0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
          0, 0, 0, 1, 0,
        ]),
      }),
    ),
});

/** Rotates hues by `degrees` around the colour wheel (180: red becomes cyan). */
export const hueRotate = (degrees: number): Filter => ({
  element: (id, box) => filter(id, box, h('feColorMatrix', { type: 'hueRotate', values: degrees })),
});

/**
 * True pixelation, each block one flat colour sampled from the picture: a grid of one-pixel dots
 * (one per block) masks the picture, and dilation spreads each dot over exactly its block.
 * Dilation by radius r takes the maximum over a window 2r wide, [x - r, x + r - 1] (the Filter
 * Effects definition, which resvg follows), so an even block is one dilation by block/2 from a
 * dot at block/2 - 1, and an odd block (2k + 1) two dilations, by k and by 1 (windows of 2a and
 * 2b make one of 2(a + b) - 1), from a dot at k - 1. Blocks never overlap, so nothing is mixed.
 * The picture's box is a whole number of blocks (`grid`), so the last row and column are whole.
 */
export const pixelate = (block: number): Filter => {
  const half = Math.floor(block / 2);
  const radii = block % 2 === 0 ? [half] : [half, 1];
  const dot = radii.reduce((sum, r) => sum + r, 0) - (block % 2 === 0 ? 1 : 2);
  return {
    grid: block,
    element: (id, box) =>
      filter(
        id,
        box,
        h('feFlood', { x: box.x + dot, y: box.y + dot, width: 1, height: 1, 'flood-color': '#000' }),
        h('feComposite', { x: box.x, y: box.y, width: block, height: block, operator: 'over' }),
        h('feTile', { ...box, result: 'dots' }),
        h('feComposite', { in: 'SourceGraphic', in2: 'dots', operator: 'in' }),
        radii.map((radius) => h('feMorphology', { operator: 'dilate', radius })),
      ),
  };
};
