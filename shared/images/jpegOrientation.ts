import { jpegSegments } from './jpegSegments';

/**
 * A JPEG's EXIF orientation (1 to 8; 1 when it states none): how its stored pixels are turned for
 * display. Phones store photos as the sensor saw them and say so here; browsers honour it, resvg
 * does not, so the fetcher turns a copy itself (scaledPicture.ts). Read from the APP1 "Exif"
 * segment's first IFD (tag 0x0112), without decoding anything.
 */
export function jpegOrientation(b: Uint8Array): number {
  const u16 = (at: number, little: boolean) =>
    little ? (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) : ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
  const u32 = (at: number, little: boolean) =>
    little ? u16(at, true) + u16(at + 2, true) * 65536 : u16(at, false) * 65536 + u16(at + 2, false);
  for (const { marker, at } of jpegSegments(b)) {
    // Start of scan: no more header segments.
    if (marker === 0xda) return 1;
    if (marker === 0xe1 && String.fromCharCode(...b.subarray(at + 4, at + 10)) === 'Exif\0\0') {
      const end = at + 2 + u16(at + 2, false);
      const tiff = at + 10;
      const little = b[tiff] === 0x49;
      const ifd = tiff + u32(tiff + 4, little);
      const entries = u16(ifd, little);
      for (let entry = 0; entry < entries && ifd + 2 + entry * 12 + 10 <= end; entry += 1) {
        const field = ifd + 2 + entry * 12;
        if (u16(field, little) === 0x0112) {
          const orientation = u16(field + 8, little);
          return orientation >= 1 && orientation <= 8 ? orientation : 1;
        }
      }
      return 1;
    }
  }
  return 1;
}

/** Orientations 5 to 8 turn the picture a quarter: its displayed width is its stored height. */
export const turnsQuarter = (orientation: number): boolean => orientation >= 5;

/**
 * The transform that draws the stored pixels, laid out at their stored size from the origin, the
 * way `orientation` says they are displayed, in a box of `width` by `height` (the displayed size).
 */
export function orientationTransform(orientation: number, width: number, height: number): string | undefined {
  const transforms: Record<number, string> = {
    2: `matrix(-1 0 0 1 ${width} 0)`,
    3: `matrix(-1 0 0 -1 ${width} ${height})`,
    4: `matrix(1 0 0 -1 0 ${height})`,
    5: 'matrix(0 1 1 0 0 0)',
    6: `matrix(0 1 -1 0 ${width} 0)`,
    7: `matrix(0 -1 -1 0 ${width} ${height})`,
    8: `matrix(0 -1 1 0 0 ${height})`,
  };
  return transforms[orientation];
}
