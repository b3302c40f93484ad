import { ImageFetchError } from './fetchError';

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

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65536 + u16be(b, at + 2);
const tag = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/**
 * A JPEG's segments from the start, each its marker and where it starts (its length follows the
 * marker), fill bytes passed over; the walk ends at the first byte that is not a marker.
 */
export function* jpegSegments(b: Uint8Array): Generator<{ marker: number; at: number }> {
  let at = 2;
  while (at + 9 < b.length && b[at] === 0xff) {
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    yield { marker, at };
    at += 2 + u16be(b, at + 2);
  }
}

/** JPEG: where the first start-of-frame segment (SOF0..SOF15, not DHT/JPG/DAC) starts, which holds height, width and components. */
function jpegFrame(b: Uint8Array): number | undefined {
  for (const { marker, at } of jpegSegments(b)) if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return at;
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

function webpSize(b: Uint8Array): PixelSize | undefined {
  const chunk = tag(b, 12);
  if (chunk === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const [b1, b2, b3, b4] = [21, 22, 23, 24].map((at) => b[at] ?? 0) as [number, number, number, number];
    return { width: 1 + (((b2 & 0x3f) << 8) | b1), height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return undefined;
}

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
      return webpSize(b);
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
  if (!size || size.width < 1 || size.height < 1) return new ImageFetchError('its header does not state a valid width and height', 'notPicture');
  if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS) {
    return new ImageFetchError(`it is ${size.width}×${size.height} pixels, over ${MAX_SIDE} on a side or ${MAX_PIXELS_TEXT}`, 'tooLarge');
  }
  return undefined;
}
