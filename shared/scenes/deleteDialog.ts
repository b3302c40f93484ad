import { fitScale, fitScene, fittedView, h, svgDocument, type SvgElement } from '../svg/builder';
import type { Box, Size } from '../svg/geometry';
import { framedPicture } from '../svg/picture';
import { textLine } from '../svg/textElements';
import { fitLine } from '../svg/textLayout';
import type { PictureScene } from './picture';

/** Where a dialog's parts go, in the coordinates of its scene. */
interface DialogLayout {
  scene: Size;
  window: Box;
  photo: Box;
  /** The question and its two lines: from a left edge or centred on `x`, with their baselines. */
  text: { x: number; centred: boolean; baselines: readonly [number, number, number] };
  /** The Delete and Cancel buttons' left edges, on one row. */
  buttons: { x: readonly [number, number]; y: number };
}

/** The picture beside the text, as desktops draw the dialog: for wide outputs. */
const WIDE: DialogLayout = {
  scene: { width: 680, height: 340 },
  window: { x: 20, y: 20, width: 640, height: 300 },
  photo: { x: 48, y: 82, width: 170, height: 170 },
  text: { x: 246, centred: false, baselines: [124, 160, 184] },
  buttons: { x: [424, 544], y: 266 },
};
/** The picture above the text: square and tall outputs would otherwise be half empty around a wide dialog. */
const TALL: DialogLayout = {
  scene: { width: 480, height: 540 },
  window: { x: 20, y: 20, width: 440, height: 500 },
  photo: { x: 130, y: 80, width: 220, height: 220 },
  text: { x: 240, centred: true, baselines: [350, 383, 407] },
  buttons: { x: [128, 248], y: 458 },
};
const TITLE_BAR = 40;
const BUTTON = { width: 104, height: 34 };
const COLORS = {
  desktop: '#0a64a4',
  window: '#f3f3f3',
  titleBar: '#ffffff',
  border: '#8a8a8a',
  text: '#1b1b1b',
  muted: '#5c5c5c',
  accent: '#0067c0',
  button: '#fdfdfd',
};

/** The layout that draws the dialog largest in `size`. */
export const dialogLayout = (size: Size): DialogLayout =>
  fitScale(WIDE.scene, size) >= fitScale(TALL.scene, size) ? WIDE : TALL;

/**
 * The "Delete this?" confirmation dialog of a desktop OS, with the picture as the file: in the
 * layout that fits the requested size largest, on a desktop that fills all of it.
 */
export function renderDeleteDialog({ image, width, height }: PictureScene): string {
  const size = { width, height };
  const layout = dialogLayout(size);
  const { window, photo, text } = layout;
  const line = (content: string, maxSize: number, weight: 'regular' | 'bold' = 'regular') =>
    fitLine(content, { maxWidth: 380, maxSize, minSize: maxSize, weight });
  const paragraph = [
    line('Delete this?', 30, 'bold'),
    line('This item will be permanently deleted.', 16),
    line('You cannot undo this action.', 16),
  ];
  const right = window.x + window.width;
  return svgDocument(
    size,
    h('title', {}, 'Delete this?'),
    fitScene(
      layout.scene,
      size,
      h('rect', { ...fittedView(layout.scene, size), fill: COLORS.desktop }),
      h('rect', { ...window, x: window.x + 6, y: window.y + 8, rx: 8, fill: '#000', opacity: 0.3 }),
      h('rect', { ...window, rx: 8, fill: COLORS.window, stroke: COLORS.border }),
      h('path', {
        d:
          `M${window.x} ${window.y + TITLE_BAR} L${window.x} ${window.y + 8} Q${window.x} ${window.y} ` +
          `${window.x + 8} ${window.y} L${right - 8} ${window.y} Q${right} ${window.y} ${right} ${window.y + 8} ` +
          `L${right} ${window.y + TITLE_BAR} Z`,
        fill: COLORS.titleBar,
      }),
      textLine(line('Delete File', 15), window.x + 28, window.y + 26, { fill: COLORS.text }),
      h('path', {
        d: `M${right - 34} ${window.y + 14} l12 12 m0 -12 l-12 12`,
        stroke: COLORS.text,
        'stroke-width': 1.6,
      }),
      framedPicture(image, photo, { margin: 4, stroke: '#d0d0d0' }),
      paragraph.map((fitted, i) =>
        textLine(fitted, text.centred ? text.x - fitted.width / 2 : text.x, text.baselines[i] as number, {
          fill: i === 0 ? COLORS.text : COLORS.muted,
        }),
      ),
      button('Delete', { x: layout.buttons.x[0], y: layout.buttons.y }, true),
      button('Cancel', { x: layout.buttons.x[1], y: layout.buttons.y }, false),
    ),
  );
}

function button(text: string, at: { x: number; y: number }, primary: boolean): SvgElement {
  const caption = fitLine(text, { maxWidth: 90, maxSize: 15, minSize: 15 });
  return h(
    'g',
    {},
    h('rect', {
      ...at,
      ...BUTTON,
      rx: 4,
      fill: primary ? COLORS.accent : COLORS.button,
      stroke: primary ? COLORS.accent : '#c8c8c8',
    }),
    textLine(caption, at.x + (BUTTON.width - caption.width) / 2, at.y + 22, {
      fill: primary ? '#ffffff' : COLORS.text,
    }),
  );
}
