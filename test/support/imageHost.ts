import { PNG } from 'pngjs';

// The image host and the pictures it serves are the bench's too, so they live in fixtures/.
export * from '../../fixtures/imageHost';
export * from '../../fixtures/pictures';

/**
 * A real PNG where neighbouring pixels differ a lot (a seam cannot hide), from a seeded generator;
 * `translucent`: random opacity too, about one pixel in six fully clear.
 */
export function noisePng(width: number, height: number, seed: number, translucent = false): Buffer {
  const png = new PNG({ width, height });
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) & 0xff;
  };
  for (let i = 0; i < width * height * 4; i += 4) {
    for (let c = 0; c < 3; c += 1) png.data[i + c] = next();
    const alpha = next();
    png.data[i + 3] = !translucent ? 255 : alpha < 40 ? 0 : alpha;
  }
  return PNG.sync.write(png);
}

/**
 * A 16-bit RGBA PNG of seeded noise: as heavy as a PNG of that size gets (780² is 4.6 MB, under the 5 MB fetch cap).
 */
export function heavyPng(side: number, seed = 5): Buffer {
  const data = new Uint16Array(side * side * 4);
  let state = seed;
  for (let i = 0; i < data.length; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    data[i] = state >>> 16;
  }
  return PNG.sync.write({ width: side, height: side, data } as unknown as PNG, {
    bitDepth: 16,
    colorType: 6,
    inputColorType: 6,
  });
}

/** A PNG as the renderers take a fetched picture: inlined as a data URI. */
export const inlinePng = (png: Buffer) => ({
  mime: 'image/png',
  bytes: png.length,
  dataUri: `data:image/png;base64,${png.toString('base64')}`,
});

/** The headers of each accepted format, enough for the magic-byte check and the pixel size (48×32). */
export const MAGIC = {
  // SOI, a JFIF APP0 segment, then the start of frame: 8-bit, height 32, width 48, 3 components.
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x30, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
    ]),
  ]),
  // The screen descriptor, then at once the trailer (;): a GIF with no frame.
  gif: Buffer.from('GIF89a\x30\x00\x20\x00\x00\x00\x00;', 'latin1'),
  // An extended WebP header: the canvas is 1 + 47 wide, 1 + 31 high.
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8X'),
    Buffer.from([10, 0, 0, 0, 0, 0, 0, 0, 47, 0, 0, 31, 0, 0]),
  ]),
};

/**
 * A GIF of one colour, whole and decodable: its LZW data is a clear code before every two pixels
 * (literals only, so the code size stays 3 bits), the simplest stream every decoder reads.
 */
export function solidGif(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const [CLEAR, END] = [4, 5];
  const codes: number[] = [];
  for (let pixel = 0; pixel < width * height; pixel += 2)
    codes.push(CLEAR, 0, ...(pixel + 1 < width * height ? [0] : []));
  codes.push(END);
  const packed: number[] = [];
  let [bits, count] = [0, 0];
  for (const code of codes) {
    bits |= code << count;
    count += 3;
    while (count >= 8) {
      packed.push(bits & 0xff);
      bits >>= 8;
      count -= 8;
    }
  }
  if (count > 0) packed.push(bits & 0xff);
  const blocks: number[] = [];
  for (let at = 0; at < packed.length; at += 255)
    blocks.push(Math.min(255, packed.length - at), ...packed.slice(at, at + 255));
  const size = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    ...size(width),
    ...size(height),
    0x81,
    0,
    0, // a global table of 4 colours
    r,
    g,
    b,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0x2c,
    0,
    0,
    0,
    0,
    ...size(width),
    ...size(height),
    0, // one frame, the whole screen
    2,
    ...blocks,
    0,
    0x3b,
  ]);
}

/** A PNG's last chunk (IEND): after it, a file of junk reads as a whole PNG, undecodable. */
export const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** A PNG header (signature and IHDR) declaring `width`×`height`: a few bytes that would decode into a huge bitmap. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([1, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)]);
}
