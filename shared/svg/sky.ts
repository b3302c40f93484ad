import { h, type SvgElement } from './builder';
import type { Size } from './geometry';

/** A scene's backdrop: its whole area filled with a top-to-bottom gradient. One per document (its id is fixed). */
export function sky(size: Size, colors: { top: string; bottom: string }): SvgElement {
  return h(
    'g',
    {},
    h('defs', {}, h('linearGradient', { id: 'sky', x2: 0, y2: 1 }, h('stop', { offset: 0, 'stop-color': colors.top }), h('stop', { offset: 1, 'stop-color': colors.bottom }))),
    h('rect', { width: size.width, height: size.height, fill: 'url(#sky)' }),
  );
}
