import { fitScene, fittedView, h, svgDocument } from '../svg/builder';
import { framedPicture } from '../svg/picture';
import type { PictureScene } from './picture';

const SIZE = 600;
const SCENE = { width: SIZE, height: SIZE };
const FLOOR = 520;
const PHOTO = { x: 190, y: 215, width: 220, height: 220 };
const MOTION_LINES = [
  { x: 120, y: 200, length: 80 },
  { x: 106, y: 250, length: 96 },
  { x: 124, y: 300, length: 70 },
];
const COLORS = {
  wall: '#eef1f5',
  floor: '#d9dee6',
  bin: '#5f6b7a',
  binDark: '#4a5563',
  rim: '#3c4450',
  motion: '#9aa5b4',
};

/**
 * The picture, tilted, dropping into a kitchen bin whose front hides
 * its lower half; fitted into the requested size, the room filling it.
 */
export function renderTrash({ image, width, height }: PictureScene): string {
  const ribs = [250, 300, 350].map((x) =>
    h('path', {
      d: `M${x} 380 L${x + (x - 300) * 0.08} 560`,
      stroke: COLORS.binDark,
      'stroke-width': 8,
      'stroke-linecap': 'round',
    }),
  );
  const view = fittedView(SCENE, { width, height });
  return svgDocument(
    { width, height },
    h('title', {}, 'Into the trash'),
    fitScene(
      SCENE,
      { width, height },
      // Wall and floor reach the output's edges, whatever its aspect.
      h('rect', { ...view, fill: COLORS.wall }),
      h('rect', { x: view.x, y: FLOOR, width: view.width, height: view.y + view.height - FLOOR, fill: COLORS.floor }),
      h('ellipse', { cx: 300, cy: 575, rx: 140, ry: 16, fill: '#000', opacity: 0.12 }),
      // The bin's open top (no lid: beside the tilted picture a lid
      // read as a stray triangle), the picture, and the front over it.
      h('ellipse', { cx: 300, cy: 372, rx: 130, ry: 26, fill: COLORS.binDark, stroke: COLORS.rim, 'stroke-width': 10 }),
      // Whatever of the tilted picture is below the rim must be inside the bin, never beside it.
      h(
        'clipPath',
        { id: 'bin-opening' },
        h('path', { d: 'M0 0 L600 0 L600 372 L430 372 L408 562 L192 562 L170 372 L0 372 Z' }),
      ),
      h(
        'g',
        { 'clip-path': 'url(#bin-opening)' },
        h('g', { transform: 'rotate(-16 300 325)' }, framedPicture(image, PHOTO, { margin: 6 })),
      ),
      h('path', { d: 'M170 372 Q300 402 430 372 L408 562 Q300 580 192 562 Z', fill: COLORS.bin }),
      ribs,
      h('path', {
        d: 'M170 372 Q300 402 430 372',
        stroke: COLORS.rim,
        'stroke-width': 10,
        fill: 'none',
        'stroke-linecap': 'round',
      }),
      MOTION_LINES.map(({ x, y, length }) =>
        h('path', {
          d: `M${x} ${y} l${-length} 0`,
          stroke: COLORS.motion,
          'stroke-width': 6,
          'stroke-linecap': 'round',
        }),
      ),
    ),
  );
}
