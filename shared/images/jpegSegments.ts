import { u16be } from './bytes';

/**
 * A JPEG's segments from the start to its end marker, each its marker and where it starts (its
 * length follows the marker), fill bytes passed over. A scan's coded data is passed over to the
 * marker after it (in it, 0xFF is followed by a stuffed 0 or a restart marker), so what follows a
 * scan is walked too: a second frame header after the first scan is found like the first. The walk
 * ends at the end marker or the first byte that is not a marker.
 */
export function* jpegSegments(b: Uint8Array): Generator<{ marker: number; at: number }> {
  let at = 2;
  while (at + 9 < b.length && b[at] === 0xff) {
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) return;
    yield { marker, at };
    // Restart markers and TEM stand alone; every other segment states its length.
    at += isRestart(marker) || marker === 0x01 ? 2 : 2 + u16be(b, at + 2);
    if (marker === 0xda) at = afterCodedData(b, at);
  }
}

/** A start-of-frame marker (SOF0..SOF15, not DHT, JPG or DAC): its segment holds the frame's height, width and components. */
export const isStartOfFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** Where the marker after a scan's coded data (from `at`) starts; the end of the file when there is none. */
function afterCodedData(b: Uint8Array, at: number): number {
  for (let ff = b.indexOf(0xff, at); ff !== -1 && ff + 1 < b.length; ff = b.indexOf(0xff, ff + 1)) {
    const next = b[ff + 1] as number;
    if (next !== 0 && next !== 0xff && !isRestart(next)) return ff;
  }
  return b.length;
}
