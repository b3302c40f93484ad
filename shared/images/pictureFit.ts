import type { ImageFormat } from './imageFormats';
import type { Size } from '../svg/geometry';

/** The size a fetched picture is held at (the fetcher's `fit`): it is scaled to just cover it. */
export interface Fit extends Size {
  /** Scaled up too when smaller: the picture is drawn at exactly this size, so drawing it needs no resampling. */
  exact: boolean;
  /** The answer it is drawn into: a PNG answer is drawn by resvg, which draws no WebP. */
  format: ImageFormat;
}

/**
 * How a picture drawn at `size` is held. For an SVG answer, at twice the size when larger (sharp
 * on the high-density screens where SVG is seen; a smaller one is left to the viewer). For a PNG
 * answer, at the size itself: larger pictures scaled down, and smaller ones scaled up when `size`
 * is exactly what is drawn (`exact`), so each PNG draws the picture without resampling it.
 */
export const fitFor = (size: Size, format: ImageFormat | undefined, exact = true): Fit =>
  format === 'png'
    ? { ...size, exact, format }
    : { width: size.width * 2, height: size.height * 2, exact: false, format: 'svg' };
