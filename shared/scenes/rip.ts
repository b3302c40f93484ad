import { fitScene, fittedView, h, svgDocument } from '../svg/builder';
import { saturate } from '../svg/filters';
import { picture } from '../svg/picture';
import { sky } from '../svg/sky';
import { textBlock, textLine } from '../svg/textElements';
import { fitBlock, fitLine } from '../svg/textLayout';
import type { PictureScene } from './picture';

const SIZE = 640;
const SCENE = { width: SIZE, height: SIZE };
const STONE = { x: 150, y: 90, width: 340, height: 500 };
const PHOTO = { x: 220, y: 210, width: 200, height: 200 };
const EPITAPH = { x: 190, y: 424, width: 260, height: 120 };
const COLORS = {
  sky: { top: '#1c1f3a', bottom: '#4b4f7a' },
  moon: '#f4f1de',
  stone: '#9a9ea6',
  stoneEdge: '#6f737b',
  engraving: '#3b3e44',
  grass: '#3d6b35',
  grassDark: '#2f5629',
};

export interface RipData extends PictureScene {
  /** The epitaph under "RIP", if any. */
  text?: string;
}

/**
 * A gravestone at night, the picture in grey on it, "RIP" and an optional
 * epitaph below; fitted into the requested size, sky and grass filling it.
 */
export function renderRip({ image, text, width, height }: RipData): string {
  const title = fitLine('RIP', { maxWidth: 200, maxSize: 72, minSize: 72, weight: 'bold' });
  const epitaph = text
    ? fitBlock(text, { width: EPITAPH.width, height: EPITAPH.height, maxSize: 30, minSize: 12, lineHeight: 1.2 })
    : undefined;
  const top = STONE.y + STONE.width / 2;
  const view = fittedView(SCENE, { width, height });
  const [left, right, bottom] = [view.x, view.x + view.width, view.y + view.height];
  return svgDocument(
    { width, height },
    h('title', {}, text ? `RIP: ${text}` : 'RIP'),
    fitScene(
      SCENE,
      { width, height },
      h(
        'defs',
        {},
        saturate(0).element('grey', PHOTO),
        h('clipPath', { id: 'photo-frame' }, h('rect', { ...PHOTO, rx: 16 })),
      ),
      sky(SCENE, COLORS.sky, view),
      // A crescent drawn as its own shape (outer arc, then the inner arc back), not a disc over a disc.
      h('path', { d: 'M548 56 A42 42 0 1 0 578 118 A36 36 0 1 1 548 56 Z', fill: COLORS.moon }),
      h('path', {
        d:
          `M${STONE.x} ${STONE.y + STONE.height} L${STONE.x} ${top} A${STONE.width / 2} ${STONE.width / 2} 0 0 1 ` +
          `${STONE.x + STONE.width} ${top} L${STONE.x + STONE.width} ${STONE.y + STONE.height} Z`,
        fill: COLORS.stone,
        stroke: COLORS.stoneEdge,
        'stroke-width': 8,
      }),
      textLine(title, SIZE / 2 - title.width / 2, 186, { fill: COLORS.engraving }),
      // The clip on the filtered picture itself: resvg 2.6 panics (and takes the process with it)
      // drawing a filtered element inside a clipped group when the output is a pixel wide.
      picture(image, PHOTO, { filter: 'url(#grey)', 'clip-path': 'url(#photo-frame)' }),
      h('rect', { ...PHOTO, rx: 16, fill: 'none', stroke: COLORS.stoneEdge, 'stroke-width': 6 }),
      epitaph && textBlock(epitaph, EPITAPH, 'center', { fill: COLORS.engraving }),
      // The hill runs on flat to the output's edges, whatever its aspect.
      h('path', {
        d:
          `M${left} ${bottom} L${left} 575 L0 575 Q160 545 320 570 Q480 595 ${SIZE} 560 L${right} 560 L${right} ` +
          `${bottom} Z`,
        fill: COLORS.grass,
      }),
      [90, 130, 520, 560, 600].map((x) =>
        h('path', { d: `M${x} 590 l8 -26 l6 26 l8 -20 l4 20 Z`, fill: COLORS.grassDark }),
      ),
    ),
  );
}
