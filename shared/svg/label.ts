import { h, type SvgElement } from './builder';
import type { Box } from './geometry';
import { verticalMetrics } from './measure';
import { boxPattern, picture } from './picture';
import { textLine } from './textElements';
import { fitLine } from './textLayout';

export type LabelContent = { kind: 'text'; text: string } | { kind: 'picture'; image: { dataUri: string } };

/**
 * A caption over part of a scene: text on a dark tag, fitted to the box, or a picture in a framed
 * rounded box. `id` names the picture's pattern, unique within the document.
 */
export function label(content: LabelContent, box: Box, id: string): SvgElement {
  if (content.kind === 'picture') {
    return h(
      'g',
      {},
      boxPattern(id, box, picture(content.image, box)),
      h('rect', { ...box, rx: 14, fill: `url(#${id})`, stroke: '#ffffff', 'stroke-width': 4 }),
    );
  }
  const pad = 12;
  const line = fitLine(content.text, {
    maxWidth: box.width - 2 * pad,
    maxSize: Math.floor(box.height * 0.5),
    minSize: 12,
    weight: 'bold',
  });
  const { ascent, descent } = verticalMetrics('bold');
  const baseline = box.y + box.height / 2 + ((ascent - descent) / 2) * line.fontSize;
  return h(
    'g',
    {},
    h('rect', { ...box, rx: 10, fill: '#111318', opacity: 0.78 }),
    textLine(line, box.x + (box.width - line.width) / 2, baseline, { fill: '#ffffff' }),
  );
}
