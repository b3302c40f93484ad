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

/** How a colour matrix mixes red, green and blue into each of them (rows R, G, B); alpha is kept. */
export type Mix = readonly [Row, Row, Row];
type Row = readonly [number, number, number];

const IDENTITY: Mix = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
/** Each channel becomes the luminance (the Filter Effects spec's weights). */
const LUMINANCE: Mix = [
  [0.213, 0.715, 0.072],
  [0.213, 0.715, 0.072],
  [0.213, 0.715, 0.072],
];

const SEPIA: Mix = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

/** `amount` of the way from the identity to `target`: 0 = unchanged, 1 = `target`, beyond 1 extrapolates. */
const toward = (target: Mix, amount: number): Mix =>
  IDENTITY.map((row, r) => row.map((value, c) => value + ((target[r]?.[c] ?? 0) - value) * amount)) as unknown as Mix;

/**
 * The effects that are one colour matrix, by route name, from their strength: a new one is an entry
 * here and its route (the filter tests check every entry against its own matrix). Written out as
 * matrices rather than feColorMatrix's `saturate` shorthand, so strengths above 1 mean the same in
 * every renderer.
 */
export const colourMixes = {
  /** Saturation: 0 = grey, 1 = unchanged, above 1 stronger colours. */
  saturate: (amount: number) => toward(LUMINANCE, 1 - amount),
  /** Sepia tone (the Filter Effects spec's matrix): 0 = unchanged, 1 = full sepia. */
  sepia: (amount: number) => toward(SEPIA, amount),
};

const colourMatrix =
  (mix: (strength: number) => Mix) =>
  (strength: number): Filter => ({
    element: (id, box) =>
      filter(
        id,
        box,
        h('feColorMatrix', {
          type: 'matrix',
          values: matrix([...mix(strength).flatMap((row) => [...row, 0, 0]), 0, 0, 0, 1, 0]),
        }),
      ),
  });

/** Each colour-matrix effect as a filter, by route name. */
export const colourMatrixEffects = Object.fromEntries(
  Object.entries(colourMixes).map(([name, mix]) => [name, colourMatrix(mix)]),
) as { [K in keyof typeof colourMixes]: (strength: number) => Filter };

/** Saturation (the rip scene fades its picture with it). */
export const { saturate } = colourMatrixEffects;

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
