import { tag, u16be, u16le, u32be } from './bytes';
import { ImageFetchError } from './fetchError';
import { frameSizes, webpChunkSize } from './frameSizes';
import { isStartOfFrame, jpegSegments } from './jpegSegments';

/**
 * A picture's pixel size, read from its header without decoding it. A few kilobytes of PNG can
 * declare 16000×16000 pixels, which a rasteriser (resvg for PNG output, a viewer's browser)
 * would decode into a gigabyte; so pictures are held to a size, not only to a byte count.
 */
export interface PixelSize {
  width: number;
  height: number;
}

export const MAX_SIDE = 8192;
export const MAX_PIXELS = 4096 * 4096;
export const MAX_PIXELS_TEXT = `${(MAX_PIXELS / 1e6).toFixed(1)} megapixels`;

/**
 * JPEG: where the first start-of-frame segment (SOF0..SOF15, not
 * DHT/JPG/DAC) starts, which holds height, width and components.
 */
function jpegFrame(b: Uint8Array): number | undefined {
  for (const { marker, at } of jpegSegments(b)) if (isStartOfFrame(marker)) return at;
  return undefined;
}

function jpegSize(b: Uint8Array): PixelSize | undefined {
  const frame = jpegFrame(b);
  return frame === undefined ? undefined : { height: u16be(b, frame + 5), width: u16be(b, frame + 7) };
}

/** A JPEG of four components (CMYK or YCCK, as print workflows save): browsers draw it, resvg draws nothing of it. */
export const isFourComponentJpeg = (b: Uint8Array): boolean => {
  const frame = jpegFrame(b);
  return frame !== undefined && b[frame + 9] === 4;
};

/** The size a picture of type `mime` declares, or undefined when its header does not say. */
export function pixelSize(b: Uint8Array, mime: string): PixelSize | undefined {
  switch (mime) {
    case 'image/png':
      return tag(b, 12) === 'IHDR' && b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : undefined;
    case 'image/gif':
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : undefined;
    case 'image/jpeg':
      return jpegSize(b);
    case 'image/webp':
      return webpChunkSize(tag(b, 12), b.subarray(20));
    default:
      return undefined;
  }
}

/**
 * A PNG or GIF whose file stops before its end marker (PNG's IEND chunk, GIF's trailer byte): a
 * download cut short, or a header with nothing after it. resvg would draw it as nothing at all
 * (and a browser as a broken picture), so it is refused like any other non-picture. Only a
 * marker's absence is looked for, nothing is decoded; a JPEG cut short still draws its top part.
 */
export function cutShort(b: Buffer, mime: string): boolean {
  if (mime === 'image/png') return b.lastIndexOf('IEND', undefined, 'latin1') < 33;
  // The trailer may be followed by padding (zero bytes), which decoders ignore.
  if (mime === 'image/gif') {
    const last = b.findLastIndex((byte) => byte !== 0);
    return last < 13 || b[last] !== 0x3b;
  }
  return false;
}

/** Why a picture is refused for its size (a header without one is no picture), or undefined when it may be drawn. */
export function sizeRefusal(size: PixelSize | undefined): ImageFetchError | undefined {
  if (!size || size.width < 1 || size.height < 1)
    return new ImageFetchError('its header does not state a valid width and height', 'notPicture');
  return overLimit(size) ? tooLarge('it', size) : undefined;
}

/**
 * Why a picture is refused for the size one of its parts declares (frameSizes.ts: a frame, a
 * frame's image data, a second frame header), or undefined when none is over the limits: a decoder
 * allocates for the part it draws, whatever size the header gave.
 */
export function frameRefusal(b: Uint8Array, mime: string): ImageFetchError | undefined {
  for (const size of frameSizes(b, mime)) if (overLimit(size)) return tooLarge(size.part, size);
  return undefined;
}

const overLimit = (size: PixelSize) =>
  size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS;

const tooLarge = (what: string, size: PixelSize) =>
  new ImageFetchError(
    `${what} is ${size.width}×${size.height} pixels, over ${MAX_SIDE} on a side or ${MAX_PIXELS_TEXT}`,
    'tooLarge',
  );
