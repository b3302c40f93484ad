import { lazyLoad } from '../loading/lazyLoad';
import { rgbaToPng } from '../raster/rgbaPng';
import { ImageFetchError } from './fetchError';
import { MAX_PIXELS } from './imageSize';
import { imageBytes, inlineImage, type InlineImage } from './inlineImage';

/** jpeg-js (pure JavaScript), loaded at the first four-component JPEG: every other JPEG is resvg's to decode. */
const loadDecoder = lazyLoad(async () => (await import('jpeg-js')).decode);

/**
 * A CMYK or YCCK JPEG as a PNG of its colours (jpeg-js converts them as ImageMagick does), because
 * resvg draws nothing of such a JPEG. jpeg-js is held to the pixel limit too: it reads markers its
 * own way, so it can meet a frame header the size check (frameSizes.ts) did not.
 */
export async function cmykJpegAsPng(image: InlineImage): Promise<InlineImage> {
  const decode = await loadDecoder();
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = decode(imageBytes(image), {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: true,
      maxResolutionInMP: MAX_PIXELS / 1e6,
    });
  } catch (error) {
    throw new ImageFetchError(`the JPEG picture could not be decoded (${(error as Error).message})`, 'notPicture');
  }
  return inlineImage(await rgbaToPng(decoded.data, decoded.width, decoded.height), 'image/png', decoded);
}
