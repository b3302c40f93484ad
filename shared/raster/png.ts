import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { rasterFontFiles, type RasterLogger } from './rasterFonts';

/**
 * How resvg draws our documents: with only the fonts the layout was measured with, never system
 * fonts (Lambda has none, and a machine's own fonts would change the pixels), so a picture looks
 * the same on every host.
 */
export const resvgOptions = (logger: RasterLogger): ResvgRenderOptions => ({
  font: { fontFiles: rasterFontFiles(logger), loadSystemFonts: false, defaultFontFamily: 'Inter', sansSerifFamily: 'Inter' },
  logLevel: 'off',
});

/**
 * One of our SVG documents as a PNG of the same size, rendered off the event loop. The native
 * renderer is loaded on the first PNG, not at cold start, and only by functions that draw.
 */
export async function svgToPng(svg: string, logger: RasterLogger): Promise<Buffer> {
  const { renderAsync } = await import('@resvg/resvg-js');
  const image = await renderAsync(svg, resvgOptions(logger));
  return Buffer.from(image.asPng());
}
