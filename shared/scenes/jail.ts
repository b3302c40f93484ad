import { h, svgDocument } from '../svg/builder';
import { picture } from '../svg/picture';
import type { PictureScene } from './picture';

/**
 * Bars across a square picture: the count follows the aspect, so a picture looks the same jailed at 128 or 1024 pixels.
 */
const BARS_PER_SQUARE = 7;

/** The picture behind steel bars; bar count follows the output's aspect, thickness and rails its size. */
export function renderJail({ image, width, height }: PictureScene): string {
  const count = Math.min(14, Math.max(3, Math.round((BARS_PER_SQUARE * width) / height)));
  const spacing = width / count;
  const bar = Math.max(1, spacing * 0.2);
  const rail = Math.max(1, Math.min(width, height) * 0.05);
  const shadow = bar * 0.4;
  const bars = Array.from({ length: count }, (_, i) => spacing * (i + 0.5) - bar / 2);
  const rails = [height * 0.1 - rail / 2, height * 0.9 - rail / 2];

  return svgDocument(
    { width, height },
    h('title', {}, 'Behind bars'),
    h(
      'defs',
      {},
      h('linearGradient', { id: 'bar-steel' }, steelStops()),
      h('linearGradient', { id: 'rail-steel', x2: 0, y2: 1 }, steelStops()),
    ),
    picture(image, { x: 0, y: 0, width, height }),
    h('rect', { width, height, fill: '#000', opacity: 0.18 }),
    h(
      'g',
      { fill: '#000', opacity: 0.35 },
      bars.map((x) => h('rect', { x: x + shadow, y: 0, width: bar, height })),
      rails.map((y) => h('rect', { x: 0, y: y + shadow, width, height: rail })),
    ),
    h(
      'g',
      { fill: 'url(#bar-steel)' },
      bars.map((x) => h('rect', { x, y: 0, width: bar, height })),
    ),
    h(
      'g',
      { fill: 'url(#rail-steel)' },
      rails.map((y) => h('rect', { x: 0, y, width, height: rail })),
    ),
  );
}

/** Dark edges and a bright middle: a round steel bar lit from the front. */
const steelStops = () => [
  h('stop', { offset: 0, 'stop-color': '#1f2326' }),
  h('stop', { offset: 0.45, 'stop-color': '#a9b0b5' }),
  h('stop', { offset: 0.6, 'stop-color': '#7b8287' }),
  h('stop', { offset: 1, 'stop-color': '#2a2f33' }),
];
