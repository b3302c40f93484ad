import { Resvg } from '@resvg/resvg-js';
import { parseHexColor } from '../../shared/svg/colors';
import { RESVG_OPTIONS } from '../../shared/raster/png';

export interface Raster {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Buffer;
  png: Buffer;
}

/** Renders SVG with a real rasteriser, as a function does (no fonts: text is drawn as outlines). */
export function rasterize(svg: string): Raster {
  const resvg = new Resvg(svg, RESVG_OPTIONS);
  const image = resvg.render();
  return {
    width: image.width,
    height: image.height,
    pixels: Buffer.from(image.pixels),
    png: Buffer.from(image.asPng()),
  };
}

/** How many distinct colours an image has (up to `cap`): 1 means blank. */
export function distinctColors(raster: Raster, cap = 1000): number {
  const seen = new Set<number>();
  for (let i = 0; i < raster.pixels.length && seen.size < cap; i += 4) seen.add(raster.pixels.readUInt32BE(i));
  return seen.size;
}

export function pixel(raster: Raster, x: number, y: number): [number, number, number, number] {
  const i = (Math.floor(y) * raster.width + Math.floor(x)) * 4;
  return [raster.pixels[i], raster.pixels[i + 1], raster.pixels[i + 2], raster.pixels[i + 3]] as [
    number,
    number,
    number,
    number,
  ];
}

/** The red, green and blue of a CSS hex colour (`#abc` or `#aabbcc`), to compare with pixels. */
export const rgb = (hex: string): number[] =>
  [1, 3, 5].map((i) => parseInt((parseHexColor(hex) as string).slice(i, i + 2), 16));
