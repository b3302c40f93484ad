import { loadResvg, RESVG_OPTIONS } from '../raster/png';
import { h, svgDocument } from '../svg/builder';
import { imageBytes, inlineImage, type InlineImage } from './inlineImage';
import { isFourComponentJpeg, sizeRefusal } from './imageSize';
import type { Fit } from './pictureFit';
import type { Size } from '../svg/geometry';
import { isAnimatedWebp, webpAsPng } from './webpPicture';
import { jpegOrientation, orientationTransform, turnsQuarter } from './jpegOrientation';
import { cmykJpegAsPng } from './cmykJpeg';

/**
 * How much heavier than what it replaces a copy may be, for a PNG
 * answer (it is inlined in the SVG that is rasterised, never sent).
 */
const MAX_LARGER_COPY_BYTES = 2 * 1024 * 1024;

/**
 * How the fetcher holds a picture for `fit` (pictureFit.ts), made once and cached with the
 * original: a PNG scaled to just cover the fit, so no answer decodes or carries the full-size
 * picture again. Animated pictures, WebP and heavy PNG copies are handled as docs/design.md
 * ("Scaled pictures") explains.
 */
export async function heldPicture(original: InlineImage, fit: Fit): Promise<InlineImage> {
  if (
    fit.format === 'svg' &&
    (original.mime === 'image/gif' || (original.mime === 'image/webp' && isAnimatedWebp(imageBytes(original))))
  )
    return original;
  // A JPEG's bytes, decoded from base64 once for the two headers read here.
  const jpeg = original.mime === 'image/jpeg' ? imageBytes(original) : undefined;
  const orientation = jpeg ? jpegOrientation(jpeg) : 1;
  // resvg draws nothing of a CMYK JPEG (a browser does): a PNG answer draws it decoded.
  const cmyk = jpeg !== undefined && fit.format === 'png' && isFourComponentJpeg(jpeg);
  // As displayed: a phone photo turned a quarter is as wide as it is stored high.
  const shown = turnsQuarter(orientation) ? { width: original.height, height: original.width } : original;
  // resvg ignores the orientation a browser honours: a PNG answer always draws a copy turned as displayed.
  const size =
    coverSize(shown, fit) ??
    (orientation !== 1 && fit.format === 'png' ? { width: shown.width, height: shown.height } : undefined);
  // An SVG answer is drawn by a browser, which reads every format we take: nothing to decode unless
  // a copy is made. A WebP within a byte per pixel of its copy is kept undecoded: a PNG copy of a
  // photo takes two or three, so decoding it would be thrown away.
  if (fit.format === 'svg' && (!size || (original.mime === 'image/webp' && original.bytes <= size.width * size.height)))
    return original;
  const drawable =
    original.mime === 'image/webp' ? await webpAsPng(original) : cmyk ? await cmykJpegAsPng(original) : original;
  if (!drawable) return original;
  const copy = (size && (await scaledCopy(drawable, size, orientation))) ?? drawable;
  if (fit.format === 'svg') return copy.bytes <= original.bytes ? copy : original;
  return copy.bytes > Math.max(drawable.bytes, MAX_LARGER_COPY_BYTES) ? drawable : copy;
}

/**
 * The size that just covers `fit` with the picture's aspect kept: smaller when it is larger, larger
 * only for an exact fit. None when it needs no scaling, or is a sliver that could not cover the
 * box within the pixel limits (8192×1 covering a square would be billions of pixels).
 */
function coverSize(image: Size, fit: Fit): Size | undefined {
  const scale = Math.max(fit.width / image.width, fit.height / image.height);
  if (scale === 1 || (scale > 1 && !fit.exact)) return undefined;
  const size = {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
  return sizeRefusal(size) ? undefined : size;
}

/**
 * `image` drawn by resvg at `size`, turned as its EXIF `orientation` says, as a PNG; none when resvg cannot decode it.
 */
async function scaledCopy(
  image: InlineImage,
  { width, height }: Size,
  orientation = 1,
): Promise<InlineImage | undefined> {
  const { renderAsync } = await loadResvg();
  // The stored pixels are laid out at their stored shape, then turned into the displayed box.
  const [stored, transform] = [
    turnsQuarter(orientation) ? { width: height, height: width } : { width, height },
    orientationTransform(orientation, width, height),
  ];
  const svg = svgDocument(
    { width, height },
    h('image', { href: image.dataUri, ...stored, preserveAspectRatio: 'none', transform }),
  );
  const rendered = await renderAsync(svg, RESVG_OPTIONS);
  // resvg draws nothing for a picture it cannot decode: keep the original, never a blank stand-in for it.
  if (!hasInk(rendered.pixels)) return undefined;
  return inlineImage(Buffer.from(rendered.asPng()), 'image/png', { width, height });
}

function hasInk(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return true;
  return false;
}
