import type { ImageFormat } from './imageFormats';
import type { Size } from '../svg/geometry';

/**
 * What a picture drawn at `size` is scaled down to cover when it is larger (the fetcher's `fit`):
 * for an SVG answer, twice the size, sharp on the high-density screens where SVG is seen; for a
 * PNG answer, the size itself, so drawing it needs no resampling from a larger picture.
 */
export const fitFor = (size: Size, format: ImageFormat | undefined): Size => {
  const density = format === 'png' ? 1 : 2;
  return { width: size.width * density, height: size.height * density };
};
