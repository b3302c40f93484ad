import { riffChunk, webpFile } from '../../shared/images/riff';

/**
 * Where an animation frame sits on its canvas and the size it
 * declares (its offset must be even: WebP stores it halved).
 */
export interface FramePlace {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/** An ANMF chunk: `still`'s image data (a still WebP's chunks) as a frame of 100 ms at `place`. */
export function animationFrame(still: Buffer, { x = 0, y = 0, width, height }: FramePlace): Buffer {
  const header = Buffer.alloc(16);
  [x / 2, y / 2, width - 1, height - 1, 100].forEach((value, i) => {
    header.writeUIntLE(value, i * 3, 3);
  });
  return riffChunk('ANMF', Buffer.concat([header, still.subarray(12)]));
}

/** An animated WebP (VP8X with the animation flag and the canvas's size, ANIM, then these ANMF frames). */
export function webpAnimation(canvas: { width: number; height: number }, frames: Buffer[]): Buffer {
  const header = Buffer.alloc(10);
  header[0] = 0x02;
  header.writeUIntLE(canvas.width - 1, 4, 3);
  header.writeUIntLE(canvas.height - 1, 7, 3);
  return webpFile([riffChunk('VP8X', header), riffChunk('ANIM', Buffer.alloc(6)), ...frames]);
}

/** An animated WebP whose every frame is a still WebP's image data, each frame and the canvas `side` square. */
export function animatedWebp(stills: Buffer[], side = 128): Buffer {
  const square = { width: side, height: side };
  return webpAnimation(
    square,
    stills.map((still) => animationFrame(still, square)),
  );
}

/**
 * A still lossless WebP (VP8L) of one colour at any size up to 16384², whole and decodable in a
 * dozen bytes: each of its five prefix codes holds a single symbol, so a pixel takes no bits at all
 * and libwebp fills the whole bitmap its header declares.
 */
export function solidVp8l(
  width: number,
  height: number,
  [r, g, b, a]: [number, number, number, number] = [255, 0, 255, 255],
): Buffer {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i += 1) bits.push((value >> i) & 1);
  };
  // The signature, width and height less one, alpha used, version 0; no transform, colour cache or meta prefix codes.
  [
    [0x2f, 8],
    [width - 1, 14],
    [height - 1, 14],
    [1, 1],
    [0, 3],
    [0, 3],
  ].forEach(([value, count]) => {
    put(value as number, count as number);
  });
  // Green, red, blue, alpha, distance: a simple code of one symbol, stored in 1 bit when it is 0 or 1, else 8.
  for (const symbol of [g, r, b, a, 0]) {
    const wide = symbol > 1 ? 1 : 0;
    [
      [1, 1],
      [0, 1],
      [wide, 1],
      [symbol, wide ? 8 : 1],
    ].forEach(([value, count]) => {
      put(value as number, count as number);
    });
  }
  const payload = Buffer.alloc(Math.ceil(bits.length / 8));
  for (const [i, bit] of bits.entries()) payload[i >> 3] = (payload[i >> 3] as number) | (bit << (i & 7));
  return webpFile([riffChunk('VP8L', payload)]);
}
