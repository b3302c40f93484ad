import { h, type Child, type SvgElement } from './builder';
import type { Box } from './geometry';

/**
 * Picture effects as SVG filter primitives. Every filter works in sRGB (the default linearRGB
 * would shift midtones) and on exactly the picture's box, so edges are neither cut nor padded.
 */
export interface Filter {
  element(id: string, box: Box): SvgElement;
}

const filter = (id: string, box: Box, ...primitives: Child[]) =>
  h('filter', { id, filterUnits: 'userSpaceOnUse', primitiveUnits: 'userSpaceOnUse', ...box, 'color-interpolation-filters': 'sRGB' }, ...primitives);

// Coefficients keep four decimals (written as text: numeric attributes are rounded to two, which
// would skew luminance weights and intercepts).
const exact = (value: number) => String(Number(value.toFixed(4)));
const matrix = (values: number[]) => values.map(exact).join(' ');

/** Contrast around mid-grey: slope `amount`, 1 = unchanged, 0 = flat grey. */
export const contrast = (amount: number): Filter => ({
  element: (id, box) => {
    const channel = (tag: string) => h(tag, { type: 'linear', slope: exact(amount), intercept: exact(0.5 - 0.5 * amount) });
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

/** Widest single dilation: resvg's cost grows with the square of the radius, so long chains of small ones are far cheaper. */
const MAX_RADIUS = 4;

/**
 * Dilation radii whose combined window is exactly `block` wide. One dilation by r takes the maximum
 * over [x - r, x + r - 1] (2r wide, the Filter Effects definition that resvg follows); n of them
 * with radii summing to R cover [x - R, x + R - n], 2R - n + 1 wide. So pick the fewest n (of the
 * right parity) whose radii stay small, and split R evenly.
 */
export function dilationRadii(block: number): number[] {
  for (let n = 1; ; n += 1) {
    const total = (block + n - 1) / 2;
    if (!Number.isInteger(total) || total < n || total > MAX_RADIUS * n) continue;
    const base = Math.floor(total / n);
    return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
  }
}

/**
 * True pixelation, each block one flat colour: the picture's pixel at each block's top-left
 * corner is kept (a dot grid masks the rest), moved to where the dilation window of every pixel in
 * its block reaches it (R - n further on), and spread over exactly that block. The filter region
 * is rounded up to whole blocks so the last, partial row and column spread like the others.
 */
export const pixelate = (block: number): Filter => ({
  element: (id, box) => {
    const radii = dilationRadii(block);
    const shift = radii.reduce((sum, r) => sum + r, 0) - radii.length;
    const region = { ...box, width: Math.ceil(box.width / block) * block, height: Math.ceil(box.height / block) * block };
    return filter(
      id,
      region,
      h('feFlood', { x: box.x, y: box.y, width: 1, height: 1, 'flood-color': '#000', result: 'dot' }),
      // Compositing the dot on itself inside one block's square makes the tile feTile repeats.
      h('feComposite', { in: 'dot', in2: 'dot', operator: 'over', x: box.x, y: box.y, width: block, height: block, result: 'cell' }),
      h('feTile', { in: 'cell', ...region, result: 'dots' }),
      h('feComposite', { in: 'SourceGraphic', in2: 'dots', operator: 'in' }),
      h('feOffset', { dx: shift, dy: shift }),
      radii.map((radius) => h('feMorphology', { operator: 'dilate', radius })),
    );
  },
});
