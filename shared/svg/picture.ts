import { formatNumber, h, type Attrs, type Child, type SvgElement } from './builder';
import { grow, type Box } from './geometry';

/** A fetched picture (a `data:` URI) filling `box` like CSS `object-fit: cover`. */
export function picture(image: { dataUri: string }, box: Box, attrs: Attrs = {}): SvgElement {
  return h('image', { href: image.dataUri, ...box, preserveAspectRatio: 'xMidYMid slice', ...attrs });
}

/** A picture mounted like a photo print: on a white card `margin` wider on every side, optionally edged. */
export function framedPicture(
  image: { dataUri: string },
  box: Box,
  frame: { margin: number; stroke?: string },
): SvgElement {
  return h(
    'g',
    {},
    h('rect', { ...grow(box, frame.margin), fill: '#ffffff', stroke: frame.stroke }),
    picture(image, box),
  );
}

/**
 * A paint for shapes inside `box`: `content`, in the document's own coordinates, as a pattern whose
 * one tile is the box. A shape filled with `url(#id)` shows the content cut to its outline, as a
 * clip path would; resvg draws the pattern on a tile the size of the box, where a clip path costs a
 * layer the size of the whole image (0.4 ms of a 6.5 ms rank card PNG).
 * Only for scenes drawn at their own size with a box on whole pixels (distracted's
 * labels): resvg renders the tile on whole pixels, so in a scaled scene (rip at 300×300) the
 * content would sit up to half a pixel off, and a shape's antialiased edge could show the tile's
 * far side. Scaled scenes clip.
 */
export function boxPattern(id: string, box: Box, ...content: Child[]): SvgElement {
  const viewBox = [box.x, box.y, box.width, box.height].map(formatNumber).join(' ');
  return h('pattern', { id, patternUnits: 'userSpaceOnUse', ...box, viewBox }, ...content);
}
