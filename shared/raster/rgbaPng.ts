import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** PNG's "Up" filter: each byte minus the byte above it (pictures compress better than unfiltered). */
const UP = 2;

/**
 * Straight (not premultiplied) RGBA pixels, row by row, as an 8-bit RGBA PNG: Up-filtered rows
 * deflated by Node's zlib on the libuv pool. For pictures decoded once and kept (a WebP avatar
 * made drawable), so the default level: smaller beats faster here.
 */
export async function rgbaToPng(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  if (pixels.length !== stride * height) throw new Error(`expected ${stride * height} bytes of RGBA, got ${pixels.length}`);
  const rows = Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (stride + 1);
    rows[row] = UP;
    for (let x = 0; x < stride; x += 1) rows[row + 1 + x] = ((pixels[y * stride + x] as number) - (y === 0 ? 0 : (pixels[(y - 1) * stride + x] as number))) & 255;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', await deflateAsync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
