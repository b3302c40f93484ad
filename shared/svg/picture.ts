import { formatNumber, h, plainOnce, type Attrs, type Child, type SvgElement } from './builder';
import { grow, type Box } from './geometry';

/**
 * A fetched picture (a `data:` URI) filling `box` like CSS `object-fit: cover`. Its URI is checked
 * once per picture: the fetcher's cache hands the same one to every request that draws it.
 */
export function picture(image: { dataUri: string }, box: Box, attrs: Attrs = {}): SvgElement {
  const href = plainOnce(image, image.dataUri);
  return h('image', { href, ...box, preserveAspectRatio: 'xMidYMid slice', ...attrs });
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
 * A paint for shapes inside `box`: `content` as a pattern whose one tile is the box, cheaper in
 * resvg than a clip path, which costs a layer the size of the whole image. Only for scenes drawn at
 * their own size with a box on whole pixels; scaled scenes clip (docs/design.md, "Picture patterns").
 */
export function boxPattern(id: string, box: Box, ...content: Child[]): SvgElement {
  const viewBox = [box.x, box.y, box.width, box.height].map(formatNumber).join(' ');
  return h('pattern', { id, patternUnits: 'userSpaceOnUse', ...box, viewBox }, ...content);
}
