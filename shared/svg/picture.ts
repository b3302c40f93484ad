import { h, type Attrs, type SvgElement } from './builder';
import { grow, type Box } from './geometry';

/** A fetched picture (a `data:` URI) filling `box` like CSS `object-fit: cover`. */
export function picture(image: { dataUri: string }, box: Box, attrs: Attrs = {}): SvgElement {
  return h('image', { href: image.dataUri, ...box, preserveAspectRatio: 'xMidYMid slice', ...attrs });
}

/** A picture mounted like a photo print: on a white card `margin` wider on every side, optionally edged. */
export function framedPicture(image: { dataUri: string }, box: Box, frame: { margin: number; stroke?: string }): SvgElement {
  return h('g', {}, h('rect', { ...grow(box, frame.margin), fill: '#ffffff', stroke: frame.stroke }), picture(image, box));
}
