import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** PNG's "Up" filter: each byte minus the byte above it (pictures compress better than unfiltered). */
const UP = 2;

/**
 * zlib's fastest level. The PNG is made for resvg to draw or scale a picture it cannot read (a
 * decoded WebP), once per picture: a 1024² test picture (a lossy WebP of a synthetic pattern) took
 * 125 ms at zlib's default level and takes 29 ms here, for 858 KB rather than 627 KB, and most
 * are scaled down to a far smaller copy anyway.
 */
const LEVEL = 1;

/**
 * Straight (not premultiplied) RGBA pixels, row by row, as an 8-bit RGBA PNG: Up-filtered rows
 * deflated by Node's zlib on the libuv pool.
 */
export async function rgbaToPng(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  if (pixels.length !== stride * height) throw new Error(`expected ${stride * height} bytes of RGBA, got ${pixels.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const idat = await deflateAsync(upFiltered(pixels, width, height), { level: LEVEL });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Each row after its filter-type byte, minus the row above it byte by byte (mod 256). Four bytes
 * at a time: the subtraction is done on 32-bit words with the bytes kept from borrowing from one
 * another, about four times faster than a loop over bytes (a 1024² picture: 2.6 ms rather than 10).
 */
function upFiltered(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const rows = Buffer.allocUnsafe((width * 4 + 1) * height);
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : Uint8Array.from(pixels);
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, width * height);
  const row = new Int32Array(width);
  const rowBytes = new Uint8Array(row.buffer);
  for (let y = 0; y < height; y += 1) {
    const at = y * width;
    if (y === 0) row.set(words.subarray(0, width));
    else {
      for (let x = 0; x < width; x += 1) {
        const below = words[at + x] as number;
        const above = words[at - width + x] as number;
        row[x] = ((below | 0x80808080) - (above & 0x7f7f7f7f)) ^ ((below ^ ~above) & 0x80808080);
      }
    }
    rows[y * (width * 4 + 1)] = UP;
    rows.set(rowBytes, y * (width * 4 + 1) + 1);
  }
  return rows;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
