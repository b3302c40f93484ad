import { h, type Attrs, type SvgElement } from './builder';
import type { Box } from './geometry';

/** A fetched picture (a `data:` URI) filling `box` like CSS `object-fit: cover`. */
export function picture(image: { dataUri: string }, box: Box, attrs: Attrs = {}): SvgElement {
  return h('image', { href: image.dataUri, ...box, preserveAspectRatio: 'xMidYMid slice', ...attrs });
}
