/**
 * Seeded pseudo-random bytes (a linear congruential generator's
 * high bytes): every byte value occurs, neighbours differ.
 */
export function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}
