/**
 * Integers and four-letter tags read from a picture's bytes, as its headers store them; a byte past the end reads as 0.
 */
export const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
export const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
export const u24le = (b: Uint8Array, at: number): number => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
export const u32le = (b: Uint8Array, at: number): number => u16le(b, at) + u16le(b, at + 2) * 65536;
export const u32be = (b: Uint8Array, at: number): number => u16be(b, at) * 65536 + u16be(b, at + 2);
export const tag = (b: Uint8Array, at: number): string =>
  String.fromCharCode(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0);
