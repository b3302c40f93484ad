import { h, type SvgElement } from './builder';
import type { Box, Size } from './geometry';

/**
 * A scene's backdrop: a top-to-bottom gradient over the scene, filling `view` (the scene plus any
 * bands an output's aspect adds) with its end colours carried on above and below. One per document
 * (its id is fixed).
 */
export function sky(
  scene: Size,
  colors: { top: string; bottom: string },
  view: Box = { x: 0, y: 0, ...scene },
): SvgElement {
  return h(
    'g',
    {},
    h(
      'defs',
      {},
      h(
        'linearGradient',
        { id: 'sky', gradientUnits: 'userSpaceOnUse', x1: 0, y1: 0, x2: 0, y2: scene.height },
        h('stop', { offset: 0, 'stop-color': colors.top }),
        h('stop', { offset: 1, 'stop-color': colors.bottom }),
      ),
    ),
    h('rect', { ...view, fill: 'url(#sky)' }),
  );
}
