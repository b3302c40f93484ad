import { inlineImage, type InlineImage } from '../../shared/images/inlineImage';
import { h, svgDocument } from '../../shared/svg/builder';
import { sky } from '../../shared/svg/sky';

const SIZE = { width: 256, height: 256 };

/**
 * The picture the gallery draws wherever an example names one: a landscape of our own in strong
 * colours (so filters show), inlined like a fetched picture, so the page needs no image host.
 */
const svg = svgDocument(
  SIZE,
  sky(SIZE, { top: '#1e88e5', bottom: '#b3e5fc' }),
  h('circle', { cx: 190, cy: 70, r: 34, fill: '#fdd835' }),
  h('path', { d: 'M0 180 Q70 120 140 175 T256 165 V256 H0Z', fill: '#43a047' }),
  h('path', { d: 'M0 215 Q90 175 170 215 T256 210 V256 H0Z', fill: '#2e7d32' }),
  h('rect', { x: 60, y: 150, width: 12, height: 40, fill: '#6d4c41' }),
  h('circle', { cx: 66, cy: 140, r: 26, fill: '#1b5e20' }),
  h('path', { d: 'M150 205 h50 v-30 l-25 -22 l-25 22z', fill: '#e53935' }),
);

export const SAMPLE_PICTURE: InlineImage = inlineImage(Buffer.from(svg), 'image/svg+xml', SIZE);
