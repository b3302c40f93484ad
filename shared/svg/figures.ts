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
  /** Raised for interest, angry (inner ends pulled down) for a glare. */
  brows?: 'calm' | 'raised' | 'angry';
}

const INK = '#1d1d1f';
const EYE_WHITE = '#ffffff';
const MOUTHS = { smile: 'M-18 32 Q4 42 22 28', frown: 'M-16 38 Q0 26 16 38', open: 'M-8 28 Q0 24 8 28 Q10 40 0 42 Q-10 40 -8 28 Z' };
const BROWS = { calm: 'M-30 -20 L-10 -22 M10 -22 L30 -20', raised: 'M-32 -24 Q-21 -36 -8 -28 M8 -28 Q21 -36 32 -24', angry: 'M-32 -28 L-8 -16 M8 -16 L32 -28' };
/** Hair over the back of a head turned to the left: the right side of the skull, behind the ear. */
const BACK_HAIR_LEFT_TURN = 'M8 -66 Q62 -60 56 4 Q52 34 34 48 Q44 10 30 -20 Q22 -44 8 -66 Z';

/** A head about 112 wide and 128 tall, centred on (0, 0), with neck and ears. */
export function head({ look, beard = false, longHair = false, gaze = 0, turn = 0, mood = 'smile', brows = 'calm' }: HeadOptions): SvgElement {
  const side = Math.sign(turn);
  const amount = Math.abs(turn);
  const turned = amount > 0.3;
  // Turned, the face slides to that side and narrows (three-quarter view); the far ear comes round towards the middle.
  const face = `translate(${turn * 24} 0) scale(${1 - 0.3 * amount} 1)`;
  const pupilShift = gaze * 4;
  const eye = (cx: number) => [
    h('ellipse', { cx, cy: -4, rx: 9, ry: 7, fill: EYE_WHITE }),
    h('circle', { cx: cx + pupilShift, cy: -4, r: 5, fill: INK }),
  ];
  return h(
    'g',
    {},
    // Long hair falls behind the shoulders at both sides, never under the chin.
    longHair && h('path', { d: 'M-60 -14 Q-76 70 -48 112 L-24 104 Q-44 50 -46 0 Z M60 -14 Q76 70 48 112 L24 104 Q44 50 46 0 Z', fill: look.hair }),
    h('rect', { x: -22, y: 42, width: 44, height: 42, rx: 12, fill: look.skinShade }),
    // Facing front, both ears stick out behind the head's sides.
    !turned && [-56, 56].map((cx) => ear(cx, look)),
    h('ellipse', { cx: 0, cy: 0, rx: 56, ry: 64, fill: look.skin }),
    h('path', { d: 'M-56 -14 Q-60 -68 0 -70 Q62 -68 56 -14 Q50 -42 0 -44 Q-48 -42 -56 -14 Z', fill: look.hair }),
    // Turned, the back of the head shows its hair, with the far ear come round in front of it; the near ear is hidden.
    turned && h('path', { d: BACK_HAIR_LEFT_TURN, fill: look.hair, transform: side > 0 ? 'scale(-1 1)' : undefined }),
    turned && ear(-side * (56 - amount * 26), look),
    beard && h('path', { d: 'M-52 14 Q-44 68 0 68 Q44 68 52 14 Q40 42 0 44 Q-40 42 -52 14 Z', fill: look.hair, opacity: 0.85 }),
    h(
      'g',
      { transform: face },
      eye(-20),
      eye(20),
      h('path', { d: BROWS[brows], stroke: look.hair, 'stroke-width': brows === 'angry' ? 6 : 5, 'stroke-linecap': 'round', fill: 'none' }),
      // Turned, the nose shows in profile, pointing the way the face looks.
      turned && h('path', { d: `M0 -2 L${12 * side} 14 L0 16`, stroke: look.skinShade, 'stroke-width': 4, fill: 'none', 'stroke-linecap': 'round' }),
      h('path', { d: MOUTHS[mood], stroke: INK, 'stroke-width': 4, fill: mood === 'open' ? INK : 'none', 'stroke-linecap': 'round' }),
    ),
  );
}

const ear = (cx: number, look: Look) => h('ellipse', { cx, cy: 6, rx: 10, ry: 15, fill: look.skinShade });

export interface PersonOptions extends HeadOptions {
  /** Feet position in the scene and size (1 = about 420 tall). */
  x: number;
  y: number;
  scale?: number;
  dress?: boolean;
  /** Which way the body walks: 1 right, -1 left (the head's gaze is separate). */
  facing?: 1 | -1;
  /** Arms hanging, or bent with the hands on the hips (indignation). */
  arms?: 'down' | 'hips';
  /** Degrees the head leans on its neck, negative to the left: a craned look. */
  headTilt?: number;
}

/** The left arm (sleeve and hand) of each pose; the right one is its mirror image. */
const LEFT_ARMS = {
  down: { sleeve: 'M-56 -318 Q-84 -250 -72 -190 L-54 -192 Q-60 -250 -40 -300 Z', hand: { cx: -64, cy: -186 } },
  hips: { sleeve: 'M-56 -318 Q-92 -292 -104 -248 L-64 -206 L-50 -222 L-80 -252 Q-70 -282 -40 -300 Z', hand: { cx: -56, cy: -212 } },
};

/** A standing, walking person with feet at (x, y). */
export function person(options: PersonOptions): SvgElement {
  const { x, y, scale = 1, dress = false, facing = 1, arms = 'down', headTilt = 0, look } = options;
  const stride = 14 * facing;
  const arm = LEFT_ARMS[arms];
  return h(
    'g',
    { transform: `translate(${x} ${y}) scale(${scale})` },
    // Legs mid-stride, then the body, the arms, and the head on top.
    h('path', { d: `M-22 -190 L${-26 - stride} 0 L${-4 - stride} 0 L0 -190 Z`, fill: dress ? look.skinShade : '#2f3b52' }),
    h('path', { d: `M0 -190 L${6 + stride} 0 L${28 + stride} 0 L22 -190 Z`, fill: dress ? look.skin : '#3a4863' }),
    dress
      ? h('path', { d: 'M-48 -320 L48 -320 L74 -150 L-74 -150 Z', fill: look.outfit })
      : h('path', { d: 'M-52 -180 L-56 -310 Q-50 -336 -20 -340 L20 -340 Q50 -336 56 -310 L52 -180 Z', fill: look.outfit }),
    [1, -1].map((mirror) =>
      h('g', { transform: mirror < 0 ? 'scale(-1 1)' : undefined }, h('path', { d: arm.sleeve, fill: look.outfitShade }), h('circle', { ...arm.hand, r: 11, fill: look.skin })),
    ),
    h('g', { transform: `translate(0 -400) rotate(${headTilt} 0 70) scale(0.82)` }, head(options)),
  );
}
