import { riffChunk, webpFile } from '../../shared/images/webpPicture';

/** An animated WebP (VP8X with the animation flag, ANIM, then ANMF frames) whose every frame is a still WebP's image data. */
export function animatedWebp(stills: Buffer[], side = 128): Buffer {
  const size = Buffer.alloc(6);
  size.writeUIntLE(side - 1, 0, 3);
  size.writeUIntLE(side - 1, 3, 3);
  const frames = stills.map((still) => riffChunk('ANMF', Buffer.concat([Buffer.alloc(6), size, Buffer.from([100, 0, 0, 0]), still.subarray(12)])));
  return webpFile([riffChunk('VP8X', Buffer.concat([Buffer.from([0x02, 0, 0, 0]), size])), riffChunk('ANIM', Buffer.alloc(6)), ...frames]);
}
