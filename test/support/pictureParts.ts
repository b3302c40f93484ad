import { encode } from 'jpeg-js';
import { riffChunk, webpFile } from '../../shared/images/riff';
import { animationFrame, solidVp8l, webpAnimation } from './webp';

/**
 * A size declared somewhere in a picture: its far edge, `offset`
 * pixels of it being the part's offset where the part has one.
 */
export interface Declared {
  width: number;
  height: number;
  offset: number;
}

const ONE = { width: 1, height: 1 };
const be32 = (...values: number[]) =>
  Buffer.concat(
    values.map((value) => Buffer.from([value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff])),
  );
const le16 = (...values: number[]) => Buffer.from(values.flatMap((value) => [value & 0xff, value >> 8]));

/** A PNG of these chunks then IEND; every CRC is 0 (nothing checks them before the size), so no decoder draws it. */
const png = (...chunks: [string, Buffer][]) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ...[...chunks, ['IEND', Buffer.alloc(0)] as const].flatMap(([type, data]) => [
      be32(data.length),
      Buffer.from(type, 'latin1'),
      data,
      Buffer.alloc(4),
    ]),
  ]);
const ihdr = ({ width, height }: { width: number; height: number }): [string, Buffer] => [
  'IHDR',
  Buffer.concat([be32(width, height), Buffer.from([8, 6, 0, 0, 0])]),
];

/**
 * A GIF of a logical screen and frames, each frame a single pixel's data
 * (a clear code, one index, the end code) whatever size it declares.
 */
const gif = (screen: { width: number; height: number }, frames: { x: number; width: number; height: number }[]) =>
  Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    le16(screen.width, screen.height),
    Buffer.from([0, 0, 0]),
    ...frames.map(({ x, width, height }) =>
      Buffer.concat([Buffer.from([0x2c]), le16(x, 0, width, height), Buffer.from([0, 2, 2, 0x44, 0x01, 0])]),
    ),
    Buffer.from([0x3b]),
  ]);

/** A JPEG of these segments between its start and end markers. */
const jpeg = (...segments: Buffer[]) =>
  Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, Buffer.from([0xff, 0xd9])]);
const segment = (marker: number, body: number[]) =>
  Buffer.from([0xff, marker, ...be32(body.length + 2).subarray(2), ...body]);
/** A baseline frame header (SOF0) of one component. */
const sof = ({ width, height }: { width: number; height: number }) =>
  segment(0xc0, [8, ...be32(height).subarray(2), ...be32(width).subarray(2), 1, 1, 0x11, 0]);
/** A scan's header, then coded data holding a stuffed 0xFF and a restart marker, as real scans do. */
const scan = Buffer.concat([
  segment(0xda, [1, 1, 0, 0, 63, 0]),
  Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
]);

/**
 * 0xFF 0 (a stuffed byte, no marker) and a length covering `covered`, as if a
 * segment: a decoder passes over it and reads on from the next marker, in `covered`.
 */
const notMarker = (covered: Buffer) => Buffer.from([0xff, 0x00, ...be32(covered.length + 2).subarray(2)]);

/**
 * The attacker's 637-byte JPEG: a real 16×16 picture (jpeg-js, quality 90) whose frame header
 * says `size`, covered by 0xFF 0 and a length, then a 1×1 frame header. resvg's decoder passes
 * over the 0xFF 0, decodes the picture to its end marker at `size` (16000×16000 took 1.3 GB)
 * and never reaches the 1×1 header, which a walk by lengths alone took for the only one.
 */
export function jpegBehindNoMarker(size: { width: number; height: number }): Buffer {
  const picture = Buffer.from(encode({ data: Buffer.alloc(16 * 16 * 4, 128), width: 16, height: 16 }, 90).data);
  const frame = picture.indexOf(Buffer.from([0xff, 0xc0]));
  picture.writeUInt16BE(size.height, frame + 5);
  picture.writeUInt16BE(size.width, frame + 7);
  const afterStart = picture.subarray(2);
  return jpeg(notMarker(afterStart), afterStart, sof(ONE));
}

/** A VP8 (lossy) WebP's key frame header and nothing after it. */
const vp8 = ({ width, height }: { width: number; height: number }) =>
  webpFile([riffChunk('VP8 ', Buffer.concat([Buffer.from([0x10, 0, 0, 0x9d, 0x01, 0x2a]), le16(width, height)]))]);
/** An extended WebP's header (VP8X, no flag) of this canvas, then a single pixel's image. */
const vp8x = ({ width, height }: { width: number; height: number }) => {
  const header = Buffer.alloc(10);
  header.writeUIntLE(width - 1, 4, 3);
  header.writeUIntLE(height - 1, 7, 3);
  return webpFile([riffChunk('VP8X', header), solidVp8l(1, 1).subarray(12)]);
};
/** The frame's offset, which WebP stores halved: even, and inside the frame. */
const evenOffset = ({ width, offset }: Declared) => Math.min(offset, width - 1) & ~1;

/**
 * Every part of every picture format we take that declares a size, each a picture declaring `size`
 * there and 1×1 wherever else it must say one. Nothing in them decodes to the declared size but the
 * VP8L images: one colour takes a dozen bytes at any size, so those are real bombs.
 */
export const DECLARING_PARTS: Record<string, (size: Declared) => Buffer> = {
  'PNG header (IHDR)': (size) => png(ihdr(size)),
  'APNG frame (fcTL)': (size) => {
    const x = Math.min(size.offset, size.width - 1);
    return png(
      ihdr(ONE),
      ['acTL', be32(1, 0)],
      ['fcTL', Buffer.concat([be32(0, size.width - x, size.height, x, 0), Buffer.from([0, 1, 0, 1, 0, 0])])],
    );
  },
  'GIF logical screen': (size) => gif(size, []),
  'GIF second frame (image descriptor)': (size) => {
    const x = Math.min(size.offset, size.width - 1);
    return gif(ONE, [
      { x: 0, ...ONE },
      { x, width: size.width - x, height: size.height },
    ]);
  },
  'JPEG frame header (SOF0)': (size) => jpeg(sof(size)),
  'JPEG second frame header, after a scan': (size) => jpeg(sof(ONE), scan, sof(size), scan),
  'JPEG frame header behind bytes that are no marker (0xFF 0, a length)': (size) =>
    jpeg(notMarker(sof(size)), sof(size), sof(ONE), scan),
  'WebP lossless image (VP8L)': (size) => solidVp8l(size.width, size.height),
  'WebP lossy image (VP8)': (size) => vp8(size),
  'WebP canvas (VP8X)': (size) => vp8x(size),
  'WebP animation frame (ANMF)': (size) => {
    const x = evenOffset(size);
    return webpAnimation(ONE, [
      animationFrame(solidVp8l(1, 1), ONE),
      animationFrame(solidVp8l(1, 1), { x, width: size.width - x, height: size.height }),
    ]);
  },
  'WebP animation frame’s image (VP8L in ANMF)': (size) =>
    webpAnimation(ONE, [animationFrame(solidVp8l(size.width, size.height), ONE)]),
};
