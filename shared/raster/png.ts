import type { ResvgRenderOptions } from '@resvg/resvg-js';

/**
 * How resvg draws our documents: with no fonts at all. Our images carry their text as glyph
 * outlines and Twemoji pictures, so there is nothing for a font to draw, and loading fonts was most
 * of the time of every render. System fonts stay off so a stray <text> could never pick up a host's
 * fonts and draw differently from one machine to the next.
 */
export const RESVG_OPTIONS: ResvgRenderOptions = { font: { loadSystemFonts: false }, logLevel: 'off' };

let resvg: Promise<typeof import('@resvg/resvg-js')> | undefined;

/** resvg's module, imported once per process (every import() of a package is resolved again, which cost more than a rank card's encoding). */
export const loadResvg = () => (resvg ??= import('@resvg/resvg-js'));

/**
 * One of our SVG documents as a PNG of the same size, rendered off the event loop. The native
 * renderer is loaded on the first PNG, not at cold start, and only by functions that draw.
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  const { renderAsync } = await loadResvg();
  const image = await renderAsync(svg, RESVG_OPTIONS);
  return Buffer.from(image.asPng());
}
