import { tag, u16be, u16le, u24le, u32be, u32le } from './bytes';
import { isStartOfFrame, jpegSegments } from './jpegSegments';
import { riffSpans } from './riff';

/** A size a picture declares in one of its parts, and which part (for the logs). */
export interface DeclaredSize {
  part: string;
  width: number;
  height: number;
}

/**
 * Every size a picture declares, part by part, read without decoding: a decoder allocates for the
 * part it draws whatever the header said (a WebP frame of a dozen bytes can declare 8192×8192 under
 * a 1×1 canvas). A frame counts to its far edge. A generator: a refusal stops at the first part too
 * large, and a million tiny chunks are walked without a list.
 */
export function frameSizes(b: Uint8Array, mime: string): Iterable<DeclaredSize> {
  switch (mime) {
    case 'image/png':
      return pngSizes(b);
    case 'image/gif':
      return gifSizes(b);
    case 'image/jpeg':
      return jpegSizes(b);
    case 'image/webp':
      return webpSizes(b, 12, b.length, 'its');
    default:
      return [];
  }
}

/** PNG: the IHDR header, and each APNG frame (fcTL: its size, then its offset), which a browser plays. */
function* pngSizes(b: Uint8Array): Generator<DeclaredSize> {
  for (let at = 8; at + 8 <= b.length; at += 12 + u32be(b, at)) {
    const [type, data] = [tag(b, at + 4), at + 8];
    if (type === 'IHDR') yield { part: 'its IHDR header', width: u32be(b, data), height: u32be(b, data + 4) };
    if (type === 'fcTL')
      yield {
        part: 'an APNG frame (fcTL)',
        width: u32be(b, data + 12) + u32be(b, data + 4),
        height: u32be(b, data + 16) + u32be(b, data + 8),
      };
    if (type === 'IEND') return;
  }
}

/**
 * GIF: the logical screen, and each frame's image descriptor (its
 * offset, then its size), past extensions and image data alike.
 */
function* gifSizes(b: Uint8Array): Generator<DeclaredSize> {
  yield { part: 'its logical screen', width: u16le(b, 6), height: u16le(b, 8) };
  let at = 13 + colourTable(b[10]);
  while (at < b.length) {
    if (b[at] === 0x21) at = afterSubBlocks(b, at + 2);
    else if (b[at] === 0x2c) {
      yield {
        part: 'a frame (image descriptor)',
        width: u16le(b, at + 1) + u16le(b, at + 5),
        height: u16le(b, at + 3) + u16le(b, at + 7),
      };
      // The descriptor, its colour table, the LZW code size: then the data's sub-blocks.
      at = afterSubBlocks(b, at + 11 + colourTable(b[at + 9]));
    } else return; // the trailer, or bytes no decoder reads on from
  }
}

/** The bytes of a GIF colour table that a flags byte announces. */
const colourTable = (flags = 0) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Where a run of GIF sub-blocks starting at `at` ends (after its empty block). */
function afterSubBlocks(b: Uint8Array, at: number): number {
  while (at < b.length && b[at] !== 0) at += 1 + (b[at] as number);
  return at + 1;
}

/** JPEG: every frame header (SOF), a second one after the first scan too. */
function* jpegSizes(b: Uint8Array): Generator<DeclaredSize> {
  for (const { marker, at } of jpegSegments(b))
    if (isStartOfFrame(marker))
      yield { part: 'a frame header (SOF)', width: u16be(b, at + 7), height: u16be(b, at + 5) };
}

/**
 * WebP: the VP8X canvas, each image's data (VP8, VP8L), each animation
 * frame (ANMF: its offset and size, then the image data inside it).
 */
function* webpSizes(b: Uint8Array, at: number, end: number, whose: string): Generator<DeclaredSize> {
  for (const { type, start, end: stop } of riffSpans(b, at, end, true)) {
    if (type === 'ANMF') {
      // Offsets are stored halved, sizes less one, 24 bits each.
      yield {
        part: `${whose} ANMF chunk`,
        width: 2 * u24le(b, start) + 1 + u24le(b, start + 6),
        height: 2 * u24le(b, start + 3) + 1 + u24le(b, start + 9),
      };
      yield* webpSizes(b, start + 16, stop, 'an ANMF frame’s');
    } else {
      const size = webpChunkSize(type, b.subarray(start, stop));
      if (size) yield { part: `${whose} ${type.trim()} chunk`, ...size };
    }
  }
}

/**
 * The size a WebP chunk states: a VP8X canvas, or a VP8 or VP8L
 * image's; undefined for another chunk or one too short to say.
 */
export function webpChunkSize(type: string, payload: Uint8Array): { width: number; height: number } | undefined {
  if (type === 'VP8X' && payload.length >= 10) return { width: 1 + u24le(payload, 4), height: 1 + u24le(payload, 7) };
  // A key frame's tag (3 bytes) and start code (3), then 14-bit width and height (2 bits of scaling above each).
  if (type === 'VP8 ' && payload.length >= 10)
    return { width: u16le(payload, 6) & 0x3fff, height: u16le(payload, 8) & 0x3fff };
  if (type === 'VP8L' && payload.length >= 5) {
    // The signature byte, then width and height less one, 14 bits each, from the lowest bit.
    const bits = u32le(payload, 1);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return undefined;
}
