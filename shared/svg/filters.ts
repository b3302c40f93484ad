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
  h(
    'filter',
    {
      id,
      filterUnits: 'userSpaceOnUse',
      primitiveUnits: 'userSpaceOnUse',
      ...box,
      'color-interpolation-filters': 'sRGB',
    },
    ...primitives,
  );

// Coefficients keep four decimals (written as text: numeric attributes are rounded to two, which
// would skew luminance weights and intercepts).
const exact = (value: number) => String(Number(value.toFixed(4)));
const matrix = (values: number[]) => values.map(exact).join(' ');

/** Contrast around mid-grey: slope `amount`, 1 = unchanged, 0 = flat grey. */
export const contrast = (amount: number): Filter => ({
  element: (id, box) => {
    const channel = (tag: string) =>
      h(tag, { type: 'linear', slope: exact(amount), intercept: exact(0.5 - 0.5 * amount) });
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
          0.213 + 0.787 * s,
          0.715 - 0.715 * s,
          0.072 - 0.072 * s,
          0,
          0,
          0.213 - 0.213 * s,
          0.715 + 0.285 * s,
          0.072 - 0.072 * s,
          0,
          0,
          0.213 - 0.213 * s,
          0.715 - 0.715 * s,
          0.072 + 0.928 * s,
          0,
          0,
          0,
          0,
          0,
          1,
          0,
        ]),
      }),
    ),
});

/** Rotates hues by `degrees` around the colour wheel (180: red becomes cyan). */
export const hueRotate = (degrees: number): Filter => ({
  element: (id, box) => filter(id, box, h('feColorMatrix', { type: 'hueRotate', values: degrees })),
});

/**
 * One step of spreading a dot along an axis: add a copy, moved `by` pixels
 * on, of the dot's row or column so far (`base`: of the dot alone).
 */
export interface SpreadStep {
  base: boolean;
  by: number;
}

/**
 * How a dot becomes `block` pixels along one axis by moved copies that never overlap: each binary
 * digit of `block` after the first doubles the run and each 1 adds a dot at its end, so every pixel
 * gets exactly one copy in fewer than 2 log2(block) steps (docs/design.md, Pixelate).
 */
export function spreadSteps(block: number): SpreadStep[] {
  const steps: SpreadStep[] = [];
  let width = 1;
  for (const digit of block.toString(2).slice(1)) {
    steps.push({ base: false, by: width });
    width *= 2;
    if (digit === '1') {
      steps.push({ base: true, by: width });
      width += 1;
    }
  }
  return steps;
}

/**
 * True pixelation, each block one flat colour: a dot grid keeps each block's top-left pixel, and
 * whole-pixel `feOffset` copies spread it over its block without overlap (`spreadSteps`), so no two
 * blocks blend. Offsets and compositing are computed alike by resvg and browsers (docs/design.md,
 * Pixelate).
 */
export const pixelate = (block: number): Filter => ({
  element: (id, box) => {
    const region = {
      ...box,
      width: Math.ceil(box.width / block) * block,
      height: Math.ceil(box.height / block) * block,
    };
    const steps = spreadSteps(block);
    const primitives: SvgElement[] = [];
    let spread = 'dots';
    let n = 0;
    for (const offset of ['dx', 'dy'] as const) {
      const base = spread;
      for (const step of steps) {
        n += 1;
        primitives.push(
          h('feOffset', { in: step.base ? base : spread, [offset]: step.by, result: `moved${n}` }),
          // Disjoint: where one is clear the other shows as it is, so `over` is a plain sum.
          h('feComposite', { in: spread, in2: `moved${n}`, operator: 'over', result: `spread${n}` }),
        );
        spread = `spread${n}`;
      }
    }
    return filter(
      id,
      region,
      h('feFlood', { x: box.x, y: box.y, width: 1, height: 1, 'flood-color': '#000', result: 'dot' }),
      // Compositing the dot on itself inside one block's square makes the tile feTile repeats.
      h('feComposite', {
        in: 'dot',
        in2: 'dot',
        operator: 'over',
        x: box.x,
        y: box.y,
        width: block,
        height: block,
        result: 'cell',
      }),
      h('feTile', { in: 'cell', ...region, result: 'grid' }),
      h('feComposite', { in: 'SourceGraphic', in2: 'grid', operator: 'in', result: 'dots' }),
      primitives,
    );
  },
});
