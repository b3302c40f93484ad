import { TWEMOJI_UNITS } from '../../shared/svg/emojiShapes';
import { isTextLine, type ParsedElement } from './svgXml';

/**
 * Where each drawn line of text puts ink, read back from the SVG: the bounding box of its glyph
 * outlines' points (a curve stays within its control points, so the box holds the ink) and of its
 * emoji squares, in the coordinates the line was placed in. Replaces reading x, y and textLength
 * off <text> elements, now that text is drawn as outlines.
 */
export interface DrawnLine {
  text: string;
  /** The baseline's y: where the first run was placed. */
  baseline: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The points of path data written as our outlines are: one absolute M per glyph, then relative m, l, q, c and z. */
function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  for (const [, command, args] of d.matchAll(/([MmLlQqCcZz])([^MmLlQqCcZz]*)/g)) {
    const numbers = (args as string)
      .trim()
      .split(/[\s,]+|(?=-)/)
      .filter(Boolean)
      .map(Number);
    if (command === 'z' || command === 'Z') {
      [x, y] = [startX, startY];
      continue;
    }
    const absolute = command === 'M';
    for (let i = 0; i < numbers.length; i += 2) {
      const point: [number, number] = absolute
        ? [numbers[i] as number, numbers[i + 1] as number]
        : [x + (numbers[i] as number), y + (numbers[i + 1] as number)];
      points.push(point);
      // A relative q or c measures every point from where the segment starts.
      const ends = command === 'q' ? i % 4 === 2 : command === 'c' ? i % 6 === 4 : true;
      if (ends) [x, y] = point;
    }
    if (command === 'M' || command === 'm') [startX, startY] = [x, y];
  }
  return points;
}

function transformed(path: ParsedElement): [number, number][] {
  const match = /^translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.e]+) ([-\d.e]+)\)$/.exec(path.attrs.transform ?? '');
  if (!match) throw new Error(`unexpected glyph transform ${path.attrs.transform}`);
  const [tx, ty, sx, sy] = match.slice(1).map(Number) as [number, number, number, number];
  return pathPoints(path.attrs.d as string).map(([x, y]) => [tx + x * sx, ty + y * sy]);
}

export function drawnLineBoxes(elements: ParsedElement[]): DrawnLine[] {
  return elements.filter(isTextLine).map((group) => {
    const inside = elements.filter((e) => e.parent === group);
    const paths = inside.filter((e) => e.tag === 'path');
    const points = paths.flatMap(transformed);
    for (const image of inside.filter((e) => e.tag === 'image')) {
      const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(image.attrs[name])) as [
        number,
        number,
        number,
        number,
      ];
      points.push([x, y], [x + width, y + height]);
    }
    // An emoji drawn inline: Twemoji's 36-unit square, placed and scaled.
    for (const emoji of inside.filter((e) => e.tag === 'g')) {
      const [x, y, scale] = (
        /^translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.e-]+)\)$/.exec(emoji.attrs.transform ?? '') ?? []
      )
        .slice(1)
        .map(Number) as [number, number, number];
      if (scale === undefined) throw new Error(`unexpected emoji transform ${emoji.attrs.transform}`);
      points.push([x, y], [x + TWEMOJI_UNITS * scale, y + TWEMOJI_UNITS * scale]);
    }
    const baseline = Number(/translate\([-\d.]+ ([-\d.]+)\)/.exec(paths[0]?.attrs.transform ?? '')?.[1] ?? NaN);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    const text = inside.find((e) => e.tag === 'title')?.text ?? '';
    return {
      text,
      baseline,
      left: Math.min(...xs),
      right: Math.max(...xs),
      top: Math.min(...ys),
      bottom: Math.max(...ys),
    };
  });
}
