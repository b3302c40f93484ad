import { u16be } from './bytes';

/**
 * A JPEG's segments up to its end marker, each its marker and where it starts, read as decoders
 * read them: the bytes up to the next marker are passed over, a scan's coded data too (its 0xFF is
 * followed by a stuffed 0 or a restart marker), so a second frame header after the first scan is
 * found like the first.
 */
export function* jpegSegments(b: Uint8Array): Generator<{ marker: number; at: number }> {
  for (let at = nextMarker(b, 2); at !== undefined; ) {
    const marker = b[at + 1] as number;
    if (marker === 0xd9) return;
    yield { marker, at };
    at = nextMarker(b, at + 2 + (standsAlone(marker) ? 0 : u16be(b, at + 2)));
  }
}

/**
 * A start-of-frame marker (SOF0..SOF15, not DHT, JPG or DAC):
 * its segment holds the frame's height, width and components.
 */
export const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** TEM, the restart markers and the start and end of image have no length after them. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

/**
 * Where the first marker from `from` starts (its 0xFF), found as libjpeg's next_marker and the
 * jpeg-decoder crate resvg decodes with find it: any bytes before an 0xFF are passed over, then
 * fill bytes (more 0xFF), and 0xFF then 0 is no marker but passed over too. Taken for a segment
 * and skipped by a length, such bytes could hide a frame header a decoder reads (docs/design.md).
 */
function nextMarker(b: Uint8Array, from: number): number | undefined {
  for (let ff = b.indexOf(0xff, from); ff !== -1; ff = b.indexOf(0xff, ff + 2)) {
    while (b[ff + 1] === 0xff) ff += 1;
    if (ff + 1 >= b.length) return undefined;
    if (b[ff + 1] !== 0) return ff;
  }
  return undefined;
}
