import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { lazyLoad } from '../loading/lazyLoad';
import { rgbaToPng, type RenderPlace } from './rgbaPng';

/**
 * How resvg draws our documents: with no fonts at all. Our images carry their text as glyph
 * outlines and Twemoji pictures, so there is nothing for a font to draw, and loading fonts was most
 * of the time of every render. System fonts stay off so a stray <text> could never pick up a host's
 * fonts and draw differently from one machine to the next.
 */
export const RESVG_OPTIONS: ResvgRenderOptions = { font: { loadSystemFonts: false }, logLevel: 'off' };

/**
 * resvg's module, imported once per process (every import() of a package
 * is resolved again, which cost more than a rank card's encoding).
 */
export const loadResvg = lazyLoad(() => import('@resvg/resvg-js'));

export type { RenderPlace };

/**
 * Where to render: on the event loop where one request at a time is served (a Lambda instance
 * takes one invocation at a time), else on the libuv pool so a server answering many keeps
 * answering; the trip to the pool and back costs more than it saves with one request (docs/design.md).
 */
export const renderPlace = (env: NodeJS.ProcessEnv = process.env): RenderPlace =>
  env.AWS_LAMBDA_FUNCTION_NAME ? 'inline' : 'pool';

/**
 * zlib's level for our drawings: level 2 writes what resvg's own encoder does within 2% (a rank
 * card: 30.8 KB against 30.5) in a third of its time.
 */
const LEVEL = 2;

/**
 * One of our SVG documents as a PNG of the same size. The native renderer is loaded on the first
 * PNG, not at cold start, and only by functions that draw. resvg draws; we encode (rgbaPng.ts):
 * resvg's encoder, which resvg-js gives no say over, was half of a rank card's time.
 */
export async function svgToPng(svg: string, place: RenderPlace = renderPlace()): Promise<Buffer> {
  const { Resvg, renderAsync } = await loadResvg();
  const image = place === 'inline' ? new Resvg(svg, RESVG_OPTIONS).render() : await renderAsync(svg, RESVG_OPTIONS);
  return rgbaToPng(image.pixels, image.width, image.height, { alpha: 'premultiplied', level: LEVEL, place });
}
