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
const MOUTHS = {
  smile: 'M-18 32 Q4 42 22 28',
  frown: 'M-16 38 Q0 26 16 38',
  open: 'M-8 28 Q0 24 8 28 Q10 40 0 42 Q-10 40 -8 28 Z',
};
const BROWS = {
  calm: 'M-30 -20 L-10 -22 M10 -22 L30 -20',
  raised: 'M-32 -24 Q-21 -36 -8 -28 M8 -28 Q21 -36 32 -24',
  angry: 'M-32 -28 L-8 -16 M8 -16 L32 -28',
};
const LONG_HAIR =
  'M-62 -16 Q-68 -74 0 -76 Q68 -74 62 -16 Q68 52 54 102 Q28 112 0 104 Q-28 112 -54 102 Q-68 52 -62 -16 Z';
/** Hair over the back of a head turned to the left: the right side of the skull, behind the ear. */
const BACK_HAIR_LEFT_TURN = 'M8 -66 Q62 -60 56 4 Q52 34 34 48 Q44 10 30 -20 Q22 -44 8 -66 Z';

/** A head about 112 wide and 128 tall, centred on (0, 0), with neck and ears. */
export function head({
  look,
  beard = false,
  longHair = false,
  gaze = 0,
  turn = 0,
  mood = 'smile',
  brows = 'calm',
}: HeadOptions): SvgElement {
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
    // Long hair is one mass behind head and neck, framing the face and falling to the shoulders.
    longHair && h('path', { d: LONG_HAIR, fill: look.hair }),
    h('rect', { x: -22, y: 42, width: 44, height: 42, rx: 12, fill: look.skinShade }),
    // Facing front, both ears stick out behind the head's sides (long hair covers them).
    !turned && !longHair && [-56, 56].map((cx) => ear(cx, look)),
    h('ellipse', { cx: 0, cy: 0, rx: 56, ry: 64, fill: look.skin }),
    h('path', { d: 'M-56 -14 Q-60 -68 0 -70 Q62 -68 56 -14 Q50 -42 0 -44 Q-48 -42 -56 -14 Z', fill: look.hair }),
    // Turned, the back of the head shows its hair, with the far ear come round in front of it; the near ear is hidden.
    turned && h('path', { d: BACK_HAIR_LEFT_TURN, fill: look.hair, transform: side > 0 ? 'scale(-1 1)' : undefined }),
    turned && !longHair && ear(-side * (56 - amount * 26), look),
    beard &&
      h('path', {
        d: 'M-52 14 Q-44 68 0 68 Q44 68 52 14 Q40 42 0 44 Q-40 42 -52 14 Z',
        fill: look.hair,
        opacity: 0.85,
      }),
    h(
      'g',
      { transform: face },
      eye(-20),
      eye(20),
      h('path', {
        d: BROWS[brows],
        stroke: look.hair,
        'stroke-width': brows === 'angry' ? 6 : 5,
        'stroke-linecap': 'round',
        fill: 'none',
      }),
      // Turned, the nose shows in profile, pointing the way the face looks.
      turned &&
        h('path', {
          d: `M0 -2 L${12 * side} 14 L0 16`,
          stroke: look.skinShade,
          'stroke-width': 4,
          fill: 'none',
          'stroke-linecap': 'round',
        }),
      h('path', {
        d: MOUTHS[mood],
        stroke: INK,
        'stroke-width': 4,
        fill: mood === 'open' ? INK : 'none',
        'stroke-linecap': 'round',
      }),
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
  hips: {
    sleeve: 'M-56 -318 Q-92 -292 -104 -248 L-64 -206 L-50 -222 L-80 -252 Q-70 -282 -40 -300 Z',
    hand: { cx: -56, cy: -212 },
  },
};

/** Hips, and how far each foot lands from under them: the stride is plain from afar. */
const HIP = { y: -190, half: 24 };
const STRIDE = 40;
const LEG = { top: 24, ankle: 15 };
const SHOE = '#2a2a2e';

/** A standing, walking person with feet at (x, y). */
export function person(options: PersonOptions): SvgElement {
  const { x, y, scale = 1, dress = false, facing = 1, arms = 'down', headTilt = 0, look } = options;
  const arm = LEFT_ARMS[arms];
  return h(
    'g',
    { transform: `translate(${x} ${y}) scale(${scale})` },
    // The back leg, then the front one stepping the way the body walks; then body, arms and head.
    leg(-facing, facing, dress ? look.skinShade : '#2f3b52'),
    leg(facing, facing, dress ? look.skin : '#3a4863'),
    dress
      ? h('path', {
          d: 'M-44 -322 Q-50 -272 -40 -250 L-80 -150 Q0 -136 80 -150 L40 -250 Q50 -272 44 -322 Z',
          fill: look.outfit,
        })
      : h('path', {
          d: 'M-52 -180 L-56 -310 Q-50 -336 -20 -340 L20 -340 Q50 -336 56 -310 L52 -180 Z',
          fill: look.outfit,
        }),
    [1, -1].map((mirror) =>
      h(
        'g',
        { transform: mirror < 0 ? 'scale(-1 1)' : undefined },
        h('path', { d: arm.sleeve, fill: look.outfitShade }),
        h('circle', { ...arm.hand, r: 11, fill: look.skin }),
      ),
    ),
    h('g', { transform: `translate(0 -400) rotate(${headTilt} 0 70) scale(0.82)` }, head(options)),
  );
}

/** A leg from its hip (`side` -1 left, 1 right) to a foot a stride that way, its shoe pointing where the body walks. */
function leg(side: number, facing: number, fill: string): SvgElement {
  const hip = side * (HIP.half / 2);
  const foot = side * STRIDE;
  const toe = foot + facing * 24;
  const heel = foot - facing * 12;
  return h(
    'g',
    {},
    h('path', {
      d:
        `M${hip - LEG.top / 2} ${HIP.y} L${hip + LEG.top / 2} ${HIP.y} L${foot + LEG.ankle / 2} -10 ` +
        `L${foot - LEG.ankle / 2} -10 Z`,
      fill,
    }),
    h('path', { d: `M${heel} 0 L${heel} -14 Q${foot} -20 ${toe - facing * 4} -10 Q${toe} -6 ${toe} 0 Z`, fill: SHOE }),
  );
}
