import { h, svgDocument, type SvgElement } from '../svg/builder';
import { head, type Look } from '../svg/figures';
import { sky } from '../svg/sky';
import { textBlock, textLine } from '../svg/textElements';
import { fitBlock, fitLine } from '../svg/textLayout';

const WIDTH = 960;
const HEIGHT = 540;
const SIGN = { x: 230, y: 388, width: 500, height: 146 };
/** Where the user's statement goes: the sign minus its margin and the "CHANGE MY MIND" line. */
const STATEMENT = { x: SIGN.x + 20, y: SIGN.y + 12, width: SIGN.width - 40, height: 92 };
const COLORS = {
  sky: { top: '#9fd3f2', bottom: '#e3f2fb' },
  building: '#b86b4b',
  window: '#f3e3c7',
  tree: '#4f8a3c',
  treeDark: '#3f7330',
  lawn: '#7fb35a',
  tableTop: '#a8703f',
  tableFront: '#8a5a30',
  mug: '#f5f5f2',
  coffee: '#5a3a22',
  sign: '#fdfdf8',
  signEdge: '#d9d4c4',
  ink: '#1d1d1f',
} as const;
const MAN: Look = { skin: '#e6b48f', skinShade: '#cf9a75', hair: '#4a3020', outfit: '#3b5b8c', outfitShade: '#324e79' };

/** The scene: a campus lawn, a man at a table with a mug, and the sign taped to the table. */
export function renderChangeMyMind(text: string): string {
  const statement = fitBlock(text, {
    width: STATEMENT.width,
    height: STATEMENT.height,
    maxSize: 44,
    minSize: 11,
    lineHeight: 1.18,
    weight: 'bold',
  });
  const tagline = fitLine('CHANGE MY MIND', { maxWidth: STATEMENT.width, maxSize: 26, minSize: 26, weight: 'bold' });

  return svgDocument(
    { width: WIDTH, height: HEIGHT },
    h('title', {}, `${text}. Change my mind.`),
    backdrop(),
    person(),
    table(),
    mug(),
    h('rect', {
      x: SIGN.x + 6,
      y: SIGN.y + 6,
      width: SIGN.width,
      height: SIGN.height,
      rx: 4,
      fill: '#000',
      opacity: 0.2,
    }),
    h('rect', { ...SIGN, rx: 4, fill: COLORS.sign, stroke: COLORS.signEdge, 'stroke-width': 2 }),
    tape(SIGN.x + 24, SIGN.y - 6),
    tape(SIGN.x + SIGN.width - 68, SIGN.y - 6),
    textBlock(statement, STATEMENT, 'center', { fill: COLORS.ink }),
    textLine(tagline, SIGN.x + (SIGN.width - tagline.width) / 2, SIGN.y + SIGN.height - 16, { fill: COLORS.ink }),
  );
}

function backdrop(): SvgElement {
  const windows = [0, 1, 2, 3, 4, 5].flatMap((column) =>
    [0, 1, 2].map((row) =>
      h('rect', { x: 70 + column * 70, y: 110 + row * 52, width: 30, height: 34, fill: COLORS.window }),
    ),
  );
  return h(
    'g',
    {},
    sky({ width: WIDTH, height: HEIGHT }, COLORS.sky),
    h('rect', { x: 40, y: 80, width: 440, height: 200, fill: COLORS.building }),
    windows,
    [
      [560, 170, 70],
      [660, 150, 85],
      [780, 175, 65],
      [880, 160, 80],
    ].map(([cx, cy, r]) =>
      h(
        'g',
        {},
        h('rect', { x: (cx as number) - 8, y: cy, width: 16, height: 110, fill: COLORS.treeDark }),
        h('circle', { cx, cy, r, fill: COLORS.tree }),
      ),
    ),
    h('rect', { y: 270, width: WIDTH, height: HEIGHT - 270, fill: COLORS.lawn }),
  );
}

function person(): SvgElement {
  return h(
    'g',
    {},
    // Torso and shoulders, arms reaching forward onto the table.
    h('path', { d: 'M350 400 L360 280 Q380 236 440 228 L520 228 Q580 236 600 280 L610 400 Z', fill: MAN.outfit }),
    h('path', { d: 'M362 290 Q330 340 320 396 L372 396 Q380 350 392 318 Z', fill: MAN.outfitShade }),
    h('path', { d: 'M598 290 Q630 340 640 396 L588 396 Q580 350 568 318 Z', fill: MAN.outfitShade }),
    h('ellipse', { cx: 346, cy: 392, rx: 30, ry: 12, fill: MAN.skin }),
    h('ellipse', { cx: 614, cy: 392, rx: 30, ry: 12, fill: MAN.skin }),
    h('g', { transform: 'translate(480 154)' }, head({ look: MAN, beard: true, mood: 'smile' })),
  );
}

function table(): SvgElement {
  return h(
    'g',
    {},
    h('path', { d: 'M150 380 L810 380 L850 410 L110 410 Z', fill: COLORS.tableTop }),
    h('rect', { x: 110, y: 410, width: 740, height: 26, fill: COLORS.tableFront }),
    h('rect', { x: 130, y: 436, width: 22, height: 104, fill: COLORS.tableFront }),
    h('rect', { x: 808, y: 436, width: 22, height: 104, fill: COLORS.tableFront }),
  );
}

function mug(): SvgElement {
  return h(
    'g',
    {},
    h('path', { d: 'M756 360 q24 0 24 14 q0 14 -24 14', stroke: COLORS.mug, 'stroke-width': 6, fill: 'none' }),
    h('path', { d: 'M712 346 L760 346 L756 394 Q736 400 716 394 Z', fill: COLORS.mug }),
    h('ellipse', { cx: 736, cy: 347, rx: 24, ry: 5, fill: COLORS.coffee }),
    h('path', {
      d: 'M728 336 q-8 -12 0 -24 M744 336 q-8 -12 0 -24',
      stroke: '#ffffff',
      'stroke-width': 3,
      fill: 'none',
      opacity: 0.7,
    }),
  );
}

function tape(x: number, y: number): SvgElement {
  return h('rect', {
    x,
    y,
    width: 44,
    height: 16,
    fill: '#f1e7b8',
    opacity: 0.85,
    transform: `rotate(-4 ${x + 22} ${y + 8})`,
  });
}
