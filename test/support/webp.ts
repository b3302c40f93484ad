/** An animated WebP (VP8X with the animation flag, ANIM, then ANMF frames) whose every frame is a still WebP's image data. */
export function animatedWebp(stills: Buffer[], side = 128): Buffer {
  const chunk = (type: string, payload: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32LE(payload.length, 4);
    return Buffer.concat([header, payload, Buffer.alloc(payload.length % 2)]);
  };
  const size = Buffer.alloc(6);
  size.writeUIntLE(side - 1, 0, 3);
  size.writeUIntLE(side - 1, 3, 3);
  const frames = stills.map((still) => chunk('ANMF', Buffer.concat([Buffer.alloc(6), size, Buffer.from([100, 0, 0, 0]), still.subarray(12)])));
  const body = Buffer.concat([chunk('VP8X', Buffer.concat([Buffer.from([0x02, 0, 0, 0]), size])), chunk('ANIM', Buffer.alloc(6)), ...frames]);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + body.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, body]);
}
