import { promisify } from 'node:util';
import { crc32, deflate, deflateSync } from 'node:zlib';
import { subFilteredRows } from './subFilter';

const deflateAsync = promisify(deflate);

/**
 * Where heavy work runs: on the event loop (one request at a time,
 * as a Lambda instance) or on the libuv pool (the local server).
 */
export type RenderPlace = 'inline' | 'pool';
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/**
 * How the pixels given are stored and how hard to compress them. resvg draws premultiplied
 * pixels (each colour already multiplied by its alpha), which PNG cannot hold; decoders give
 * straight ones.
 */
export interface PngEncoding {
  alpha: 'straight' | 'premultiplied';
  /**
   * zlib's level. With the Sub filter, level 1 or 2 writes about the bytes resvg's own encoder does, in
   * a fraction of the default level's time (figures in docs/design.md).
   */
  level: number;
  /** Deflating on the event loop (one request at a time) or on the libuv pool. */
  place: RenderPlace;
}

/**
 * RGBA pixels, row by row, as an 8-bit RGBA PNG: rows Sub-filtered (premultiplied pixels made
 * straight on the way) and deflated by Node's zlib.
 */
export async function rgbaToPng(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  encoding: PngEncoding = { alpha: 'straight', level: 1, place: 'pool' },
): Promise<Buffer> {
  const stride = width * 4;
  if (!(width >= 1 && height >= 1)) throw new Error(`a PNG is at least 1×1 pixels, not ${width}×${height}`);
  if (pixels.length !== stride * height)
    throw new Error(`expected ${stride * height} bytes of RGBA, got ${pixels.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = subFilteredRows(pixels, width, height, encoding.alpha === 'premultiplied');
  const idat =
    encoding.place === 'inline'
      ? deflateSync(rows, { level: encoding.level })
      : await deflateAsync(rows, { level: encoding.level });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
