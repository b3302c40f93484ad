import { fitScene, h, svgDocument, type SvgElement } from '../svg/builder';
import { framedPicture } from '../svg/picture';
import { textLine } from '../svg/textElements';
import { fitLine } from '../svg/textLayout';
import type { PictureScene } from './picture';

const SCENE = { width: 680, height: 340 };
const WINDOW = { x: 20, y: 20, width: 640, height: 300 };
const PHOTO = { x: 48, y: 82, width: 170, height: 170 };
const COLORS = { desktop: '#0a64a4', window: '#f3f3f3', titleBar: '#ffffff', border: '#8a8a8a', text: '#1b1b1b', muted: '#5c5c5c', accent: '#0067c0', button: '#fdfdfd' };

/** The "Delete this?" confirmation dialog of a desktop OS, with the picture as the file, fitted into the requested size. */
export function renderDeleteDialog({ image, width, height }: PictureScene): string {
  const line = (text: string, maxSize: number, weight: 'regular' | 'bold' = 'regular') => fitLine(text, { maxWidth: 380, maxSize, minSize: maxSize, weight });
  return svgDocument(
    { width, height },
    h('title', {}, 'Delete this?'),
    fitScene(
      SCENE,
      { width, height },
      h('rect', { ...SCENE, fill: COLORS.desktop }),
      h('rect', { ...WINDOW, x: WINDOW.x + 6, y: WINDOW.y + 8, rx: 8, fill: '#000', opacity: 0.3 }),
      h('rect', { ...WINDOW, rx: 8, fill: COLORS.window, stroke: COLORS.border }),
      h('path', { d: `M${WINDOW.x} 60 L${WINDOW.x} 28 Q${WINDOW.x} 20 28 20 L652 20 Q660 20 660 28 L660 60 Z`, fill: COLORS.titleBar }),
      textLine(line('Delete File', 15), 48, 46, { fill: COLORS.text }),
      h('path', { d: 'M626 34 l12 12 M638 34 l-12 12', stroke: COLORS.text, 'stroke-width': 1.6 }),
      framedPicture(image, PHOTO, { margin: 4, stroke: '#d0d0d0' }),
      textLine(line('Delete this?', 30, 'bold'), 246, 124, { fill: COLORS.text }),
      textLine(line('This item will be permanently deleted.', 16), 246, 160, { fill: COLORS.muted }),
      textLine(line('You cannot undo this action.', 16), 246, 184, { fill: COLORS.muted }),
      button('Delete', { x: 424, y: 266 }, true),
      button('Cancel', { x: 544, y: 266 }, false),
    ),
  );
}

function button(text: string, at: { x: number; y: number }, primary: boolean): SvgElement {
  const caption = fitLine(text, { maxWidth: 90, maxSize: 15, minSize: 15 });
  return h(
    'g',
    {},
    h('rect', { ...at, width: 104, height: 34, rx: 4, fill: primary ? COLORS.accent : COLORS.button, stroke: primary ? COLORS.accent : '#c8c8c8' }),
    textLine(caption, at.x + (104 - caption.width) / 2, at.y + 22, { fill: primary ? '#ffffff' : COLORS.text }),
  );
}
