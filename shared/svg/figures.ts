import { h, type SvgElement } from './builder';

/**
 * Simple vector people for the meme scenes, drawn in their own coordinates and placed with a
 * transform, so scenes share them instead of redrawing faces and bodies.
 */
export interface Look {
  skin: string;
  skinShade: string;
  hair: string;
  /** Main garment colour (shirt or dress) and its shade. */
  outfit: string;
  outfitShade: string;
}

export interface HeadOptions {
  look: Look;
  beard?: boolean;
  longHair?: boolean;
  /** Where the eyes look, -1 (left) .. 1 (right). */
  gaze?: number;
  /** How far the head is turned, -1 (towards the left) .. 1: the face slides to that side. */
  turn?: number;
  mood?: 'smile' | 'frown' | 'open';
}

const INK = '#1d1d1f';

/** A head about 112 wide and 128 tall, centred on (0, 0), with neck and ears. */
export function head({ look, beard = false, longHair = false, gaze = 0, turn = 0, mood = 'smile' }: HeadOptions): SvgElement {
  const eyeShift = gaze * 6;
  const face = `translate(${turn * 18} 0)`;
  const mouth = { smile: 'M-18 32 Q4 42 22 28', frown: 'M-16 38 Q0 26 16 38', open: 'M-10 30 Q0 44 10 30 Z' }[mood];
  return h(
    'g',
    {},
    // Long hair falls behind the shoulders at both sides, never under the chin.
    longHair && h('path', { d: 'M-60 -14 Q-76 70 -48 112 L-24 104 Q-44 50 -46 0 Z M60 -14 Q76 70 48 112 L24 104 Q44 50 46 0 Z', fill: look.hair }),
    h('rect', { x: -22, y: 42, width: 44, height: 42, rx: 12, fill: look.skinShade }),
    // Turned away from a side, that side's ear is hidden behind the head.
    turn <= 0.3 && h('ellipse', { cx: 56, cy: 6, rx: 10, ry: 15, fill: look.skinShade }),
    turn >= -0.3 && h('ellipse', { cx: -56, cy: 6, rx: 10, ry: 15, fill: look.skinShade }),
    h('ellipse', { cx: 0, cy: 0, rx: 56, ry: 64, fill: look.skin }),
    h('path', { d: 'M-56 -14 Q-60 -68 0 -70 Q62 -68 56 -14 Q50 -42 0 -44 Q-48 -42 -56 -14 Z', fill: look.hair }),
    beard && h('path', { d: 'M-52 14 Q-44 68 0 68 Q44 68 52 14 Q40 42 0 44 Q-40 42 -52 14 Z', fill: look.hair, opacity: 0.85 }),
    h(
      'g',
      { transform: face },
      h('circle', { cx: -20 + eyeShift, cy: -4, r: 5, fill: INK }),
      h('circle', { cx: 20 + eyeShift, cy: -4, r: 5, fill: INK }),
      h('path', { d: 'M-30 -18 L-10 -20 M10 -20 L30 -18', stroke: look.hair, 'stroke-width': 5, 'stroke-linecap': 'round' }),
      h('path', { d: mouth, stroke: INK, 'stroke-width': 4, fill: mood === 'open' ? INK : 'none', 'stroke-linecap': 'round' }),
    ),
  );
}

export interface PersonOptions extends HeadOptions {
  /** Feet position in the scene and size (1 = about 420 tall). */
  x: number;
  y: number;
  scale?: number;
  dress?: boolean;
  /** Which way the body walks: 1 right, -1 left (the head's gaze is separate). */
  facing?: 1 | -1;
}

/** A standing, walking person with feet at (x, y). */
export function person(options: PersonOptions): SvgElement {
  const { x, y, scale = 1, dress = false, facing = 1, look } = options;
  const stride = 14 * facing;
  return h(
    'g',
    { transform: `translate(${x} ${y}) scale(${scale})` },
    // Legs mid-stride, then the body, arms swinging, and the head on top.
    h('path', { d: `M-22 -190 L${-26 - stride} 0 L${-4 - stride} 0 L0 -190 Z`, fill: dress ? look.skinShade : '#2f3b52' }),
    h('path', { d: `M0 -190 L${6 + stride} 0 L${28 + stride} 0 L22 -190 Z`, fill: dress ? look.skin : '#3a4863' }),
    dress
      ? h('path', { d: 'M-48 -320 L48 -320 L74 -150 L-74 -150 Z', fill: look.outfit })
      : h('path', { d: 'M-52 -180 L-56 -310 Q-50 -336 -20 -340 L20 -340 Q50 -336 56 -310 L52 -180 Z', fill: look.outfit }),
    h('path', { d: 'M-56 -318 Q-84 -250 -72 -190 L-54 -192 Q-60 -250 -40 -300 Z', fill: look.outfitShade }),
    h('path', { d: 'M56 -318 Q84 -250 72 -190 L54 -192 Q60 -250 40 -300 Z', fill: look.outfitShade }),
    h('circle', { cx: -64, cy: -186, r: 11, fill: look.skin }),
    h('circle', { cx: 64, cy: -186, r: 11, fill: look.skin }),
    h('g', { transform: 'translate(0 -400) scale(0.82)' }, head(options)),
  );
}
