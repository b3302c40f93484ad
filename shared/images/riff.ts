import { tag, u32le } from './bytes';

/** A RIFF chunk as read: its four-letter type and its payload. */
export interface RiffChunk {
  type: string;
  payload: Uint8Array;
}

/** Where a RIFF chunk's payload lies in the bytes read, and its four-letter type. */
export interface RiffSpan {
  type: string;
  start: number;
  end: number;
}

/**
 * The chunks of a RIFF body from `at` to `end` (each a four-letter type, a little-endian size, the
 * payload padded to even). A chunk running past `end` ends the walk, or with `keepCut` is its last,
 * cut there (a decoder fed a file as it arrives starts on it).
 */
export function* riffSpans(bytes: Uint8Array, at: number, end: number, keepCut = false): Generator<RiffSpan> {
  while (at + 8 <= end) {
    const size = u32le(bytes, at + 4);
    if (at + 8 + size > end && !keepCut) return;
    yield { type: tag(bytes, at), start: at + 8, end: Math.min(end, at + 8 + size) };
    at += 8 + size + (size % 2);
  }
}

/** The chunks of a RIFF body from `at` to `end` (riffSpans), each with its payload. */
export const riffChunks = (bytes: Uint8Array, at: number, end: number): RiffChunk[] =>
  [...riffSpans(bytes, at, end)].map(({ type, start, end: stop }) => ({ type, payload: bytes.subarray(start, stop) }));

/** A RIFF chunk: its four-letter type, its size (little-endian), the payload padded to even. */
export const riffChunk = (type: string, payload: Uint8Array): Buffer => {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(payload.length, 4);
  return Buffer.concat([header, payload, Buffer.alloc(payload.length % 2)]);
};

/** A WebP file of these chunks: the RIFF header, its size, "WEBP", then the chunks. */
export const webpFile = (chunks: Buffer[]): Buffer => {
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + chunks.reduce((sum, part) => sum + part.length, 0), 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, ...chunks]);
};
