import type { Size } from '../svg/geometry';

/** Pictures are kept at up to twice the size they are drawn at: sharp on high-density screens, where SVG answers are seen. */
const DENSITY = 2;

/** What a picture drawn at `size` is scaled down to cover when it is larger (the fetcher's `fit`). */
export const fitFor = (size: Size): Size => ({ width: size.width * DENSITY, height: size.height * DENSITY });
