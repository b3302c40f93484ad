import { loadResvg, RESVG_OPTIONS } from '../raster/png';
import { h, svgDocument } from '../svg/builder';
import type { InlineImage } from './inlineImage';
import { sizeRefusal } from './imageSize';
import type { Fit } from './pictureFit';

/**
 * A picture scaled, once, to just cover `fit` (aspect kept), as a PNG drawn by resvg: down when
 * larger, up only for an exact fit (pictureFit.ts). A 1024-pixel avatar drawn in a 180-pixel
 * circle was decoded and resampled in full for every PNG answer (about 25 to 100 ms here) and
 * carried whole in every SVG answer; its copy costs a fraction of that, and the fetcher caches it
 * with the original. GIFs are kept as they are (a browser plays them in an SVG answer; a PNG copy
 * would be their first frame only).
 */
/** How large a copy bigger than its original may be, for a PNG answer (it is inlined in the SVG that is rasterised). */
const MAX_LARGER_COPY_BYTES = 2 * 1024 * 1024;

export async function scaledToCover(image: InlineImage, fit: Fit): Promise<InlineImage> {
  const scale = Math.max(fit.width / image.width, fit.height / image.height);
  if (scale === 1 || (scale > 1 && !fit.exact) || image.mime === 'image/gif') return image;
  const [width, height] = [Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale))];
  // Covering a box with a sliver of a picture (8192×1) would take billions of pixels: such a picture is drawn as it is.
  if (sizeRefusal({ width, height })) return image;
  const { renderAsync } = await loadResvg();
  const svg = svgDocument({ width, height }, h('image', { href: image.dataUri, width, height, preserveAspectRatio: 'none' }));
  const rendered = await renderAsync(svg, RESVG_OPTIONS);
  // resvg draws nothing for a picture it cannot decode: keep the original, never a blank stand-in for it.
  if (!hasInk(rendered.pixels)) return image;
  const png = Buffer.from(rendered.asPng());
  // A PNG of a photo can outweigh its JPEG even with fewer pixels: an SVG answer keeps the original
  // then; a PNG answer (the copy stays on the server) takes a larger copy only up to a bound.
  if (png.length > image.bytes && (!fit.exact || png.length > MAX_LARGER_COPY_BYTES)) return image;
  return { mime: 'image/png', bytes: png.length, width, height, dataUri: `data:image/png;base64,${png.toString('base64')}` };
}

function hasInk(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return true;
  return false;
}
